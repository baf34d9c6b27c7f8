/**
 * Two ways in. The landing page (`/`) renders without react-router or the app frame, which keeps
 * the first load small; any other path — or the first navigation away from `/` — loads the
 * router app. Both share the same session atoms and auth modal.
 */
import { StrictMode, lazy, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ensureBaseStyles, adoptStyles } from '@studio/ui';
import { RouteLoading } from './app/RouteLoading.tsx';
import { shellCss } from './styles.ts';

ensureBaseStyles();
adoptStyles('studio-shell', shellCss);

import LandingRoot from './features/landing/LandingRoot.tsx';
const App = lazy(() => import('./app/App.tsx'));

const root: Root = createRoot(document.getElementById('root')!);
let routerMounted = false;

function isLanding(): boolean {
  return window.location.pathname === '/' || window.location.pathname === '';
}

function render(): void {
  routerMounted = routerMounted || !isLanding();
  const Screen = routerMounted ? App : LandingRoot;
  root.render(
    <StrictMode>
      <Suspense fallback={<RouteLoading />}>
        <Screen />
      </Suspense>
    </StrictMode>,
  );
}

// Before the router exists, a navigation from the landing page (pushState + popstate) swaps in
// the router app; after that, react-router owns history.
window.addEventListener('popstate', () => {
  if (!routerMounted && !isLanding()) render();
});

render();
