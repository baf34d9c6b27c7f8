/**
 * mfe-image-studio on its own (`npm run dev -w mfe-image-studio`), for the team that owns it: Product Studio
 * with a real session from the bff (proxied at /api), without the shell.
 */
import { useEffect } from 'react';
import { AppPaths } from '@studio/contracts';
import { Navigate, Route, Routes } from 'react-router-dom';
import { refreshSession } from '@studio/session';
import { mountStandalone } from '@studio/session/standalone';
import { Logo } from '@studio/ui';
import { ensureImageStudioStyles } from './styles.ts';
import { ProductStudioPage } from './features/studio/ProductStudioPage.tsx';

ensureImageStudioStyles();

function Standalone() {
  useEffect(() => {
    void refreshSession();
  }, []);
  return (
    <div style={{ display: 'grid', gap: '1rem', padding: '1rem' }}>
      <header style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
        <Logo />
        <strong>mfe-image-studio · standalone</strong>
      </header>
      <Routes>
        <Route path={AppPaths.imageEditor} element={<ProductStudioPage />} />
        <Route path="*" element={<Navigate to={AppPaths.imageEditor} replace />} />
      </Routes>
    </div>
  );
}

mountStandalone(<Standalone />);
