/**
 * Two ways in. The landing page (`/`) renders without react-router or the app frame, which keeps
 * the first load small; any other path — or the first navigation away from `/` — loads the
 * router app. Both share the same session atoms and auth modal.
 */
import { StrictMode, lazy, Suspense } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { ensureBaseStyles, adoptStyles } from '@studio/ui';
import { RouteLoading } from './app/RouteLoading.tsx';
import { shellCss } from './styles.ts';

ensureBaseStyles();
adoptStyles('studio-shell', shellCss);

import LandingRoot from './app/LandingRoot.tsx';
const App = lazy(() => import('./app/App.tsx'));

const container = document.getElementById('root')!;
let root: Root | null = null;
let routerMounted = false;

function isLanding(): boolean {
  return window.location.pathname === '/' || window.location.pathname === '';
}

/** What `boot.js` held while the app loaded: clicks and form submissions on the prerendered landing. */
type HeldWindow = Window & { __studioHeld?: (() => void)[]; __studioHydrated?: boolean };

function render(): void {
  routerMounted = routerMounted || !isLanding();
  const Screen = routerMounted ? App : LandingRoot;
  const tree = (
    <StrictMode>
      <Suspense fallback={<RouteLoading />}>
        <Screen />
      </Suspense>
    </StrictMode>
  );
  if (root) {
    root.render(tree);
    return;
  }
  // The landing page was prerendered into the HTML (shell/scripts/prerender-landing.tsx): take it
  // over in place, then replay what the visitor did before the app was ready.
  if (!routerMounted && container.querySelector(':scope > .ld')) {
    root = hydrateRoot(container, tree);
    const held = window as HeldWindow;
    held.__studioHydrated = true;
    for (const replay of held.__studioHeld?.splice(0) ?? []) replay();
    return;
  }
  root = createRoot(container);
  root.render(tree);
}

// Before the router exists, a navigation from the landing page (pushState + popstate) swaps in
// the router app; after that, react-router owns history.
window.addEventListener('popstate', () => {
  if (!routerMounted && !isLanding()) render();
});

render();
