import { useEffect, useState, type FormEvent } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ApiRoutes, Messages, PASSWORD_MIN, RecoverRequest, SigninRequest, SignupRequest } from '@studio/contracts';
import type { AuthMode } from '@studio/session';
import { getQueryClient } from '@studio/session/query';
import { Alert, Dialog } from '@studio/ui';
import { errorText } from '../../lib/errors.ts';
import { clearAuthNotice, readAuthNotice } from './pending-notice.ts';
import { useWeakPassword } from './use-weak-password.ts';
import { clearStoredSignupEmail, readStoredSignupEmail } from '../../shared/signup-email.ts';
import { useAuthProviders, useRequestPasswordReset, useSignIn, useSignUp } from './api.ts';

const TITLES: Record<AuthMode, string> = {
  signin: 'Sign in to Studio',
  signup: 'Create your account',
  forgot: 'Reset your password',
};
const DESCRIPTIONS: Record<AuthMode, string> = {
  signin: 'Welcome back. Pick up where you left off.',
  signup: 'Start with free credits. No card needed.',
  forgot: 'We will e-mail you a link to set a new password.',
};

/** First validation message of a zod result, in the spec's words (contracts' schemas hold them). */
function firstProblem(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? Messages.unexpected);
}

/**
 * Whether "Continue with Google" is offered: a studio in production without an issuer has it off.
 * Shown until the answer says otherwise (the usual case), and on a network failure.
 */
function useGoogleOffered(): boolean {
  return useAuthProviders().data?.google ?? true;
}

/**
 * Sign in, sign up and forgot-password (spec 1 §2 auth modal, §5, §8). Messages clear on a mode
 * change; a stored signup e-mail opens the modal in signup mode, prefilled, then is cleared.
 */
export default function AuthModal(props: { initialMode: AuthMode; onClose: () => void }) {
  // The landing page opens the modal before the router app (and its query provider) has loaded.
  return (
    <QueryClientProvider client={getQueryClient()}>
      <AuthForms {...props} />
    </QueryClientProvider>
  );
}

function AuthForms({ initialMode, onClose }: { initialMode: AuthMode; onClose: () => void }) {
  const [stored] = useState(readStoredSignupEmail);
  // Used once: cleared when this modal is on screen, so the next opening starts empty.
  useEffect(() => {
    clearStoredSignupEmail();
    clearAuthNotice();
  }, []);
  const [mode, setMode] = useState<AuthMode>(stored ? 'signup' : initialMode);
  const [email, setEmail] = useState(stored ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  // A notice left by another page (an expired link), then this form's own refusals.
  const [problem, setProblem] = useState<string | null>(readAuthNotice);
  const weak = useWeakPassword(password, email, mode === 'signup');
  const [message, setMessage] = useState<string | null>(null);
  const signIn = useSignIn();
  const signUp = useSignUp();
  const recover = useRequestPasswordReset();
  const calls = [signIn, signUp, recover];
  const busy = calls.some((call) => call.isPending);
  const failed = calls.find((call) => call.error)?.error;
  const error = problem ?? (failed ? errorText(failed) : null);
  const googleOffered = useGoogleOffered();

  const forget = () => {
    setProblem(null);
    setMessage(null);
    for (const call of calls) call.reset();
  };

  const switchMode = (next: AuthMode) => {
    setMode(next);
    forget();
    setPassword('');
    setConfirmPassword('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    forget();
    const refused =
      mode === 'signup'
        ? firstProblem(SignupRequest.safeParse({ email, password, confirmPassword }))
        : mode === 'signin'
          ? firstProblem(SigninRequest.safeParse({ email, password }))
          : firstProblem(RecoverRequest.safeParse({ email }));
    if (refused || (mode === 'signup' && weak)) {
      setProblem(refused ?? Messages.weakPassword);
      return;
    }
    if (mode === 'signin') signIn.mutate({ email, password }, { onSuccess: onClose });
    else if (mode === 'signup')
      signUp.mutate(
        { email, password, confirmPassword },
        {
          onSuccess: (res) => {
            setMessage(res.message || Messages.signupSent);
            setPassword('');
            setConfirmPassword('');
          },
        },
      );
    else recover.mutate(email, { onSuccess: (res) => setMessage(res.message || Messages.recoverSent) });
  };

  const continueWithGoogle = () => {
    forget();
    if (!navigator.onLine) {
      setProblem(Messages.googleNetwork);
      return;
    }
    // Full-page round trip through the bff's OpenID Connect flow; it returns to /auth/callback.
    window.location.assign(ApiRoutes.oauthGoogle);
  };

  return (
    <Dialog title={TITLES[mode]} description={DESCRIPTIONS[mode]} onClose={onClose}>
      <form className="sh-auth-form" onSubmit={submit} noValidate>
        <div className="st-field">
          <label className="st-label" htmlFor="auth-email">
            Email
          </label>
          <input
            id="auth-email"
            className="st-input"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        {mode !== 'forgot' && (
          <div className="st-field">
            <label className="st-label" htmlFor="auth-password">
              Password
            </label>
            <input
              id="auth-password"
              className="st-input"
              type="password"
              name="password"
              autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
              required
              minLength={PASSWORD_MIN}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={weak ? 'auth-password-strength' : undefined}
            />
            {weak && (
              <p className="st-hint" id="auth-password-strength" role="status">
                {Messages.weakPassword}
              </p>
            )}
          </div>
        )}
        {mode === 'signup' && (
          <div className="st-field">
            <label className="st-label" htmlFor="auth-confirm">
              Confirm Password
            </label>
            <input
              id="auth-confirm"
              className="st-input"
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
          </div>
        )}
        {mode === 'signin' && (
          <button type="button" className="st-link-btn sh-auth-forgot" onClick={() => switchMode('forgot')}>
            Forgot your password?
          </button>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        {message && <Alert tone="success">{message}</Alert>}
        <button type="submit" className="st-btn st-btn-primary st-btn-block" disabled={busy}>
          {busy ? 'Please wait…' : mode === 'signin' ? 'Sign In' : mode === 'signup' ? 'Sign Up' : 'Send reset link'}
        </button>
      </form>
      {mode !== 'forgot' && googleOffered && (
        <>
          <div className="sh-auth-or" role="separator">
            <span>or</span>
          </div>
          <button type="button" className="st-btn st-btn-secondary st-btn-block" onClick={continueWithGoogle}>
            <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
              <path
                fill="#EA4335"
                d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.5 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6.1C12.4 13.6 17.7 9.5 24 9.5z"
              />
              <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.5 5.8c4.4-4 6.8-10 6.8-17.2z" />
              <path
                fill="#FBBC05"
                d="M10.5 28.7A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.7l-7.8-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.8l7.9-6.1z"
              />
              <path
                fill="#34A853"
                d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.1-13.5-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
              />
            </svg>
            Continue with Google
          </button>
        </>
      )}
      <p className="sh-auth-switch">
        {mode === 'signin' && (
          <>
            Don&apos;t have an account?{' '}
            <button type="button" className="st-link-btn" onClick={() => switchMode('signup')}>
              Sign up
            </button>
          </>
        )}
        {mode === 'signup' && (
          <>
            Already have an account?{' '}
            <button type="button" className="st-link-btn" onClick={() => switchMode('signin')}>
              Sign in
            </button>
          </>
        )}
        {mode === 'forgot' && (
          <>
            Remembered it?{' '}
            <button type="button" className="st-link-btn" onClick={() => switchMode('signin')}>
              Sign in
            </button>
          </>
        )}
      </p>
    </Dialog>
  );
}
