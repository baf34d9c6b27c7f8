/** Decisions of the OAuth callback page (spec 1 §2, §8), kept pure for tests. */
import { Messages, OAUTH_SIGNUP_CUTOFF_MS } from '@studio/contracts';

/**
 * An account created within the last 60 seconds counts as a signup, otherwise a login.
 * A creation time in the future (clock skew) still counts as new.
 */
export function arrivalKind(createdAt: string, now: number): 'signup' | 'login' {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return 'login';
  return now - created <= OAUTH_SIGNUP_CUTOFF_MS ? 'signup' : 'login';
}

const KNOWN_MESSAGES = new Set<string>(Object.values(Messages));

/**
 * The message for an `error` on `/auth/callback?error=…`: the bff puts the spec's text there
 * (shown as is); OAuth error codes map to cancelled, network, or a general failure.
 */
export function oauthErrorMessage(error: string | null): string | null {
  if (error === null) return null;
  if (KNOWN_MESSAGES.has(error)) return error;
  const code = error.toLowerCase();
  if (
    code === 'access_denied' ||
    code === 'cancelled' ||
    code === 'canceled' ||
    code === 'popup_closed' ||
    code === 'login_required' ||
    code === 'consent_required'
  ) {
    return Messages.googleCancelled;
  }
  if (code === 'network' || code === 'network_error' || code === 'temporarily_unavailable') return Messages.googleNetwork;
  return Messages.googleFailed;
}
