import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { refreshCredits, refreshPlanStatus, refreshSession, sessionStatusAtom } from '@studio/session';

/**
 * Keeps the session atoms current: reads the session at start, credits and plan status once
 * signed in, and all of it again when the tab regains focus (issue 3).
 */
export function useSessionSync(): void {
  const status = useAtomValue(sessionStatusAtom);

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
