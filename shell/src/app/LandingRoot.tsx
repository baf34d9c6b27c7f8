import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { sessionStatusAtom } from '@studio/session';
import { topLevelRedirect } from './routing.ts';
import { useAppNavigate } from '../lib/navigation.tsx';
import { useSessionSync } from '../session/use-session-sync.ts';
import { AuthModalHost } from '../features/auth/AuthModalHost.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';

/** `/` before the router is loaded: landing page, session and auth modal only. */
export default function LandingRoot() {
  useSessionSync();
  const status = useAtomValue(sessionStatusAtom);
  const navigate = useAppNavigate();
  useEffect(() => {
    const to = topLevelRedirect('/', status);
    if (to) navigate(to, { replace: true });
  }, [status, navigate]);
  return (
    <>
      <LandingPage />
      <AuthModalHost />
    </>
  );
}
