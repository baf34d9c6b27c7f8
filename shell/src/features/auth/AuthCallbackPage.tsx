import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Messages, OAUTH_FAILURE_RETURN_MS } from '@studio/contracts';
import { refreshSession, requestSignIn, userAtom } from '@studio/session';
import { Spinner } from '@studio/ui';
import { getDefaultStore } from 'jotai';
import { track } from '../../lib/analytics.ts';
import { arrivalKind, oauthErrorMessage } from './oauth.ts';
import { leaveAuthNotice } from './pending-notice.ts';

/**
 * `/auth/callback` (spec 1 §2): where the Google-type sign-in and the e-mail confirmation link
 * land. With a user: records signup or login (60 s rule) and goes to `/`, replacing history.
 * Without: "Authentication Failed. Please try again." and back to `/` after 3 seconds. A cancelled
 * sign-in goes straight back to `/`, its message in the sign-in modal.
 */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let timer: number | undefined;
    let cancelled = false;
    const fail = (detail: string | null) => {
      setFailure(detail ?? '');
      timer = window.setTimeout(() => {
        void navigate('/', { replace: true });
        // Home with the sign-in modal open, saying why (a cancelled Google sign-in), so the user can try again.
        if (detail) {
          leaveAuthNotice(detail);
          requestSignIn('signin');
        }
      }, OAUTH_FAILURE_RETURN_MS);
    };
    const error = params.get('error');
    const message = oauthErrorMessage(error);
    if (message === Messages.googleCancelled) {
      // spec 1 §8: a cancelled Google sign-in is said in the sign-in modal, where the user tries again, not as a failed page.
      leaveAuthNotice(message);
      void navigate('/', { replace: true });
      requestSignIn('signin');
    } else if (error) {
      fail(message);
    } else {
      void refreshSession().then(() => {
        if (cancelled) return;
        const user = getDefaultStore().get(userAtom);
        if (!user) return fail(null);
        track({ name: arrivalKind(user.created_at, Date.now()), method: params.get('via') === 'email' ? 'email_link' : 'google' });
        void navigate('/', { replace: true });
      });
    }
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [params, navigate]);

  return (
    <main className="st-center sh-callback">
      {failure === null ? (
        <>
          <Spinner label={Messages.completingSignIn} />
          <h1 className="sh-callback-title">{Messages.completingSignIn}</h1>
        </>
      ) : (
        <>
          <h1 className="sh-callback-title">{Messages.authenticationFailed}</h1>
          {failure && <p role="alert">{failure}</p>}
          <p className="sh-muted">Taking you back to the home page…</p>
        </>
      )}
    </main>
  );
}
