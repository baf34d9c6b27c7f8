import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { refreshCredits, refreshPlanStatus, refreshSession, sessionStatusAtom, userAtom } from '@studio/session';

/**
 * Keeps the session atoms current: reads the session at start, credits and plan status once
 * signed in, and all of it again when the tab regains focus (issue 3).
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
      void refreshSession();
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
    if (status !== 'signed_in') return;
    void refreshCredits();
    void refreshPlanStatus().catch(() => undefined);
    const onFocus = () => {
      void refreshCredits();
      void refreshPlanStatus().catch(() => undefined);
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [status]);
}
