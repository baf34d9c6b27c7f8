import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Messages } from '@studio/contracts';
import { recoveryAtom, requestSignIn, sessionStatusAtom } from '@studio/session';
import { Logo } from '@studio/ui';

/**
 * Protected-route wrapper (spec 1 §2): "Loading..." while the session is read, then "Sign in to
 * continue" with a Sign In button. The URL is untouched, so after signing in (or after a 401 ended
 * the session mid-way) the user is back on the same page.
 */
export function Protected({ children }: { children: ReactNode }) {
  const status = useAtomValue(sessionStatusAtom);
  const recovery = useAtomValue(recoveryAtom);
  if (status === 'loading') {
    return (
      <main className="st-center" aria-busy="true">
        <p>{Messages.loading}</p>
      </main>
    );
  }
  if (status === 'signed_out') {
    return (
      <main className="st-center sh-signin-prompt">
        <Logo />
        <h1>{Messages.signInToContinue}</h1>
        <button type="button" className="st-btn st-btn-primary st-btn-lg" onClick={() => requestSignIn('signin')}>
          Sign In
        </button>
      </main>
    );
  }
  // A recovery-link session may only set a new password.
  if (recovery) return <Navigate to="/reset-password" replace />;
  return <>{children}</>;
}
