import { useEffect, useRef } from 'react';
import { getDefaultStore, useAtomValue } from 'jotai';
import { refreshCredits, refreshPlanStatus, refreshSession, sessionStatusAtom, userAtom } from '@studio/session';

/** The balance and plan status: only a signed-in user's (a visitor asking for them is answered 401, which the browser logs). */
function refreshAccount(): void {
  if (getDefaultStore().get(sessionStatusAtom) !== 'signed_in') return;
  void refreshCredits();
  void refreshPlanStatus().catch(() => undefined);
}

/**
 * Keeps the session atoms current: reads the session at start, credits and plan status once
 * signed in, and all of it again when the tab regains focus: the session first, so a session that
 * ended meanwhile asks for no credits or plan status.
 */
export function useSessionSync(): void {
  const status = useAtomValue(sessionStatusAtom);
  const userId = useAtomValue(userAtom)?.id ?? null;
  const lastUserId = useRef<string | null>(null);

  useEffect(() => {
    // Another user (or none): nothing cached for the previous one may show (spec 1 §4 sign-out).
    // The query client is loaded only then: the landing page does not need it.
    if (lastUserId.current !== null && lastUserId.current !== userId)
      void import('@studio/session/query').then(({ getQueryClient }) => getQueryClient().resetQueries());
    lastUserId.current = userId;
  }, [userId]);

  useEffect(() => {
    void refreshSession();
    let last = Date.now();
    const onFocus = () => {
      // Focus and visibilitychange often fire together; one refresh is enough.
      if (Date.now() - last < 1000) return;
      last = Date.now();
      // The session first: a session that ended meanwhile (signed out in another tab) asks for nothing more.
      void refreshSession().then(refreshAccount);
    };
    const onVisible = () => document.visibilityState === 'visible' && onFocus();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  useEffect(() => {
    if (status === 'signed_in') refreshAccount();
  }, [status]);
}
