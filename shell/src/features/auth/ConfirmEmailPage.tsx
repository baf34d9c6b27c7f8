import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmEmailRequest, Messages } from '@studio/contracts';
import { applySession, requestSignIn } from '@studio/session';
import { Alert, Logo } from '@studio/ui';
import { errorText } from '../../lib/errors.ts';
import { useLinkToken } from './link-token.ts';
import { confirmEmail } from './api.ts';

/**
 * `/auth/confirm`: where the confirmation e-mail's link opens. The user confirms with the password
 * they chose; only then is the e-mail confirmed and the browser signed in (a link alone, or a page
 * elsewhere sending the browser to it, changes nothing). Then the callback page takes over.
 */
export default function ConfirmEmailPage() {
  const navigate = useNavigate();
  const token = useLinkToken();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(token ? null : Messages.linkInvalid);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const check = ConfirmEmailRequest.safeParse({ token, password });
    if (!check.success) {
      setError(check.error.issues[0]?.message ?? Messages.unexpected);
      return;
    }
    setBusy(true);
    try {
      applySession(await confirmEmail(check.data));
      void navigate('/auth/callback?via=email', { replace: true });
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <main className="sh-narrow-page">
      <div className="st-card sh-narrow-card">
        <Logo />
        <h1 className="sh-page-title">Confirm your e-mail</h1>
        <p className="sh-muted">Enter the password you chose when you signed up to finish creating your account.</p>
        <form onSubmit={submit} noValidate className="sh-auth-form">
          <div className="st-field">
            <label className="st-label" htmlFor="confirm-email-password">
              Password
            </label>
            <input
              id="confirm-email-password"
              className="st-input"
              type="password"
              autoComplete="current-password"
              required
              disabled={!token}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {error && <Alert tone="error">{error}</Alert>}
          <button type="submit" className="st-btn st-btn-primary st-btn-block" disabled={busy || !token}>
            {busy ? 'Confirming…' : 'Confirm and sign in'}
          </button>
          <button type="button" className="st-btn st-btn-ghost st-btn-block" onClick={() => requestSignIn('forgot')}>
            Forgot your password?
          </button>
        </form>
      </div>
    </main>
  );
}
