import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppPaths, ConfirmEmailRequest, Messages } from '@studio/contracts';
import { requestSignIn } from '@studio/session';
import { Alert, Logo } from '@studio/ui';
import { errorText } from '../../lib/errors.ts';
import { useLinkToken } from './link-token.ts';
import { useConfirmEmail } from './api.ts';

/**
 * `/auth/confirm`: where the confirmation e-mail's link opens. The user confirms with the password
 * they chose; only then is the e-mail confirmed and the browser signed in (a link alone, or a page
 * elsewhere sending the browser to it, changes nothing). Then the callback page takes over.
 */
export default function ConfirmEmailPage() {
  const navigate = useNavigate();
  const token = useLinkToken();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(token ? null : Messages.linkInvalid);
  const confirm = useConfirmEmail();
  // Busy from the click until the callback page takes over.
  const busy = confirm.isPending || confirm.isSuccess;
  const error = problem ?? (confirm.error ? errorText(confirm.error) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    confirm.reset();
    const check = ConfirmEmailRequest.safeParse({ token, password });
    if (!check.success) {
      setProblem(check.error.issues[0]?.message ?? Messages.unexpected);
      return;
    }
    confirm.mutate(check.data, { onSuccess: () => void navigate(`${AppPaths.authCallback}?via=email`, { replace: true }) });
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
