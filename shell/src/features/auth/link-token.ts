import { useState } from 'react';

/** The token taken out of the address bar, kept for the page it was opened on. */
let captured: { pathname: string; token: string } | null = null;

/**
 * The one-time token of a mailed link (`?token=`), read once and then taken out of the address
 * bar, so it does not linger in history or get shared with a copied URL. The page sends it in a
 * POST body only when the user acts: opening a link never changes the browser's session. The
 * token is kept for its page, so the page mounting again (the session settling while it opens)
 * still has it.
 */
export function useLinkToken(): string | null {
  const [token] = useState(() => {
    const url = new URL(window.location.href);
    const value = url.searchParams.get('token');
    if (value !== null) {
      url.searchParams.delete('token');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
      captured = value ? { pathname: url.pathname, token: value } : null;
    }
    return captured?.pathname === url.pathname ? captured.token : null;
  });
  return token;
}
