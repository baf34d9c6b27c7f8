import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useWeakPassword } from './use-weak-password.ts';
import { Messages, PASSWORD_MIN, PASSWORD_SUCCESS_REDIRECT_MS, PasswordUpdateRequest } from '@studio/contracts';
import { ApiError, applySession, recoveryAtom, sessionStatusAtom, errorText, userAtom } from '@studio/session';
import { Alert, Logo } from '@studio/ui';
import { useLinkToken } from './link-token.ts';
import { checkRecoveryLink, openRecovery, updatePassword } from './api.ts';

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
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Opened from a mail link, the link is the proof: the current password is never asked, not even once the reset succeeded.
  const askCurrent = !linkToken && signedIn && !recovering && done === null;
  const [busy, setBusy] = useState(false);
  // A spent or expired link is said on opening; the check does not use it up.
  const [linkDead, setLinkDead] = useState(false);
  useEffect(() => {
    if (!linkToken) return;
    let live = true;
    checkRecoveryLink(linkToken).catch((err: unknown) => {
      if (!live || !(err instanceof ApiError) || err.status !== 400) return;
      setLinkDead(true);
      setError(errorText(err, Messages.linkInvalid));
    });
    return () => {
      live = false;
    };
  }, [linkToken]);
  const email = useAtomValue(userAtom)?.email ?? '';
  const weak = useWeakPassword(password, email);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/app/images'), PASSWORD_SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const check = PasswordUpdateRequest.safeParse({ password, confirmPassword, ...(askCurrent ? { currentPassword } : {}) });
    if (!check.success) {
      setError(check.error.issues[0]?.message ?? Messages.passwordUpdateFailed);
      return;
    }
    if (weak) {
      setError(Messages.weakPassword);
      return;
    }
    if (askCurrent && !currentPassword) {
      setError(Messages.currentPasswordRequired);
      return;
    }
    setBusy(true);
    try {
      if (token) {
        applySession(await openRecovery(token));
        setToken(null);
      }
      applySession(await updatePassword(check.data));
      setDone('Password updated.');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setError(err.message || Messages.linkInvalid);
      else setError(errorText(err, Messages.passwordUpdateFailed));
    } finally {
      setBusy(false);
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
