/**
 * mfe-voices on its own (`npm run dev -w mfe-voices`), for the team that owns it: the voices page
 * with a real session from the bff (proxied at /api), without the shell.
 */
import { useEffect } from 'react';
import { AppPaths } from '@studio/contracts';
import { Navigate, Route, Routes } from 'react-router-dom';
import { refreshSession } from '@studio/session';
import { mountStandalone } from '@studio/session/standalone';
import { Logo } from '@studio/ui';
import { ensureVoicesStyles } from './styles.ts';
import { VoicesPage } from './app/VoicesPage.tsx';

ensureVoicesStyles();

function Standalone() {
  useEffect(() => {
    void refreshSession();
  }, []);
  return (
    <div style={{ display: 'grid', gap: '1rem', padding: '1rem' }}>
      <header style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
        <Logo />
        <strong>mfe-voices · standalone</strong>
      </header>
      <Routes>
        <Route path={AppPaths.voices} element={<VoicesPage />} />
        <Route path="*" element={<Navigate to={AppPaths.voices} replace />} />
      </Routes>
    </div>
  );
}

mountStandalone(<Standalone />);
