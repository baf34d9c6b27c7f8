import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useWeakPassword } from './use-weak-password.ts';
import { Messages, PASSWORD_MIN, PASSWORD_SUCCESS_REDIRECT_MS, PasswordUpdateRequest, AppPaths } from '@studio/contracts';
import { ApiError, recoveryAtom, sessionStatusAtom, errorText, userAtom } from '@studio/session';
import { Alert, Logo } from '@studio/ui';
import { useLinkToken } from './link-token.ts';
import { useOpenRecovery, useRecoveryLinkCheck, useUpdatePassword } from './api.ts';

/**
 * `/reset-password` (spec 1 §2): New Password, Confirm Password and Back to Home; the same two
 * rules as signup; on success, to /app/images after 2 seconds. Opened from the reset mail, the
 * link's token starts the recovery session when the user submits (never on opening the page).
 * A signed-in user changing the password is asked for the current one as well.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const linkToken = useLinkToken();
  // Spent by the first submit: a retry after a refused password goes on in the recovery session.
  const [token, setToken] = useState(linkToken);
  const signedIn = useAtomValue(sessionStatusAtom) === 'signed_in';
  const recovering = useAtomValue(recoveryAtom);
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Opened from a mail link, the link is the proof: the current password is never asked, not even once the reset succeeded.
  const askCurrent = !linkToken && signedIn && !recovering && done === null;
  const recovery = useOpenRecovery();
  const update = useUpdatePassword();
  const busy = recovery.isPending || update.isPending;
  // A spent or expired link is said on opening; the check does not use it up.
  const check = useRecoveryLinkCheck(linkToken);
  const deadLink = check.error instanceof ApiError && check.error.status === 400 ? check.error : null;
  const linkDead = deadLink !== null;
  const failed = recovery.error ?? update.error;
  const error =
    problem ??
    (failed
      ? failed instanceof ApiError && failed.status === 401
        ? failed.message || Messages.linkInvalid
        : errorText(failed, Messages.passwordUpdateFailed)
      : deadLink
        ? errorText(deadLink, Messages.linkInvalid)
        : null);
  const email = useAtomValue(userAtom)?.email ?? '';
  const weak = useWeakPassword(password, email);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(AppPaths.images), PASSWORD_SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    recovery.reset();
    update.reset();
    const parsed = PasswordUpdateRequest.safeParse({ password, confirmPassword, ...(askCurrent ? { currentPassword } : {}) });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? Messages.passwordUpdateFailed);
      return;
    }
    if (weak) {
      setProblem(Messages.weakPassword);
      return;
    }
    if (askCurrent && !currentPassword) {
      setProblem(Messages.currentPasswordRequired);
      return;
    }
    try {
      if (token) {
        await recovery.mutateAsync(token);
        setToken(null);
      }
      await update.mutateAsync(parsed.data);
      setDone('Password updated.');
    } catch {
      // Said from the mutation's error.
    }
  };

  return (
    <main className="sh-narrow-page">
      <div className="st-card sh-narrow-card">
        <Logo />
        <h1 className="sh-page-title">Set a new password</h1>
        <form onSubmit={submit} noValidate className="sh-auth-form">
          {askCurrent && (
            <div className="st-field">
              <label className="st-label" htmlFor="current-password">
                Current Password
              </label>
              <input
                id="current-password"
                className="st-input"
                type="password"
                autoComplete="current-password"
                required
                value={currentPassword}
                onChange={(e) => setCurrentPassword(e.target.value)}
              />
            </div>
          )}
          <div className="st-field">
            <label className="st-label" htmlFor="new-password">
              New Password
            </label>
            <input
              id="new-password"
              className="st-input"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={weak ? 'new-password-strength' : undefined}
            />
            {weak && (
              <p className="st-hint" id="new-password-strength" role="status">
                {Messages.weakPassword}
              </p>
            )}
          </div>
          <div className="st-field">
            <label className="st-label" htmlFor="confirm-password">
              Confirm Password
            </label>
            <input
              id="confirm-password"
              className="st-input"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
          </div>
          {error && <Alert tone="error">{error}</Alert>}
          {done && <Alert tone="success">{done}</Alert>}
          <button type="submit" className="st-btn st-btn-primary st-btn-block" disabled={busy || done !== null || linkDead}>
            {busy ? 'Updating…' : 'Update Password'}
          </button>
          <button type="button" className="st-btn st-btn-ghost st-btn-block" onClick={() => navigate('/')}>
            Back to Home
          </button>
        </form>
      </div>
    </main>
  );
}
