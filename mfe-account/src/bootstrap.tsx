/**
 * mfe-account on its own (`npm run dev -w mfe-account`), for the team that owns it: the exposed
 * screens and widgets with a real session from the bff (proxied at /api), without the shell.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, Route, Routes } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { mountStandalone } from '@studio/session/standalone';
import { ApiRoutes, type SessionResponse, AppPaths } from '@studio/contracts';
import { apiFetch, applySession, refreshCredits, refreshSession, sessionStatusAtom, signOut } from '@studio/session';
import { Alert, Logo } from '@studio/ui';
import { ensureAccountStyles } from './styles.ts';
import { SubscriptionPage } from './features/subscription/SubscriptionPage.tsx';
import { AnalyticsPage } from './features/analytics/AnalyticsPage.tsx';
import { CreditsWidget } from './features/credits/CreditsWidget.tsx';
import AccountMenu from './exposed/AccountMenu.tsx';
import { UpgradeDialog } from './features/subscription/UpgradeDialog.tsx';

ensureAccountStyles();

function Standalone() {
  const status = useAtomValue(sessionStatusAtom);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  useEffect(() => {
    void refreshSession();
  }, []);
  useEffect(() => {
    if (status === 'signed_in') void refreshCredits();
  }, [status]);
  if (status === 'loading') return <p className="st-center">Loading...</p>;
  if (status === 'signed_out') return <DevSignIn />;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0,1fr)', gap: '1rem', padding: '1rem' }}>
      <header style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', alignItems: 'center' }}>
        <Logo />
        <strong>mfe-account · standalone</strong>
        <nav style={{ display: 'flex', gap: '1rem' }}>
          <Link to={AppPaths.subscription}>Subscription</Link>
          <Link to={AppPaths.analytics}>Analytics</Link>
        </nav>
        <CreditsWidget variant="compact" />
        <button type="button" className="st-btn st-btn-secondary" onClick={() => setUpgradeOpen(true)}>
          Upgrade dialog
        </button>
        <button type="button" className="st-btn st-btn-ghost" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <aside className="st-card ac-card-pad" style={{ maxWidth: 360 }}>
        <AccountMenu />
      </aside>
      <Routes>
        <Route path={AppPaths.subscription} element={<SubscriptionPage />} />
        <Route path={AppPaths.analytics} element={<AnalyticsPage />} />
        <Route path="*" element={<Navigate to={AppPaths.subscription} replace />} />
      </Routes>
      <UpgradeDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} creditsNeeded={12} action="generate this video" />
    </div>
  );
}

/** Minimal e-mail sign-in for working on this remote alone; the shell's auth modal is the real one. */
function DevSignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      applySession(await apiFetch<SessionResponse>(ApiRoutes.signin, { method: 'POST', json: { email, password } }));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <form
      onSubmit={submit}
      className="st-card"
      style={{ maxWidth: 380, margin: '10vh auto', padding: '1.5rem', display: 'grid', gap: '1rem' }}
    >
      <Logo />
      <div className="st-field">
        <label className="st-label" htmlFor="dev-email">
          Email
        </label>
        <input id="dev-email" className="st-input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div className="st-field">
        <label className="st-label" htmlFor="dev-password">
          Password
        </label>
        <input id="dev-password" className="st-input" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <button className="st-btn st-btn-primary" type="submit">
        Sign In
      </button>
    </form>
  );
}

mountStandalone(<Standalone />);
