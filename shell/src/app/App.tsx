import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { AppPaths } from '@studio/contracts';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { sessionStatusAtom } from '@studio/session';
import { getQueryClient } from '@studio/session/query';
import { NavigateContext } from '../lib/navigation.tsx';
import { useSessionSync } from '../session/use-session-sync.ts';
import { AuthModalHost } from '../features/auth/AuthModalHost.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { RouteLoading } from './RouteLoading.tsx';
import { topLevelRedirect } from './routing.ts';

const AppArea = lazy(() => import('./AppArea.tsx'));
const AuthCallbackPage = lazy(() => import('../features/auth/AuthCallbackPage.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage.tsx'));
const ConfirmEmailPage = lazy(() => import('../features/auth/ConfirmEmailPage.tsx'));
const PrivacyPage = lazy(() => import('../features/legal/LegalPage.tsx').then((m) => ({ default: m.PrivacyPage })));
const CheckoutReturnPage = lazy(() => import('../features/checkout/CheckoutReturnPage.tsx'));
const TermsPage = lazy(() => import('../features/legal/LegalPage.tsx').then((m) => ({ default: m.TermsPage })));

// The shell creates the one query client; every remote's hooks read this cache (DESIGN decision 11).
const queryClient = getQueryClient();

/** The router app: every route of spec 1 §2. */
export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* A navigation renders in the click's own task: the screens' modules are preloaded, so
          nothing waits on a transition, which the browser would start only after its next frame. */}
      <BrowserRouter useTransitions={false}>
        <RouterNavigation>
          <Shell />
        </RouterNavigation>
      </BrowserRouter>
    </QueryClientProvider>
  );
}

function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <NavigateContext.Provider value={(to, options) => navigate(to, options)}>{children}</NavigateContext.Provider>;
}

function Shell() {
  useSessionSync();
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<RouteLoading />}>
        <Routes>
          <Route
            path="/"
            element={
              <TopLevel>
                <LandingPage />
              </TopLevel>
            }
          />
          <Route
            path="/plan-selection"
            element={
              <TopLevel>
                <RouteLoading />
              </TopLevel>
            }
          />
          <Route path="/auth/callback" element={<AuthCallbackPage />} />
          <Route path="/auth/confirm" element={<ConfirmEmailPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/subscription/success" element={<CheckoutReturnPage kind="subscription" />} />
          <Route path="/credits/success" element={<CheckoutReturnPage kind="credits" />} />
          {/* The cancel return addresses are not pages of their own (spec 1 §2). */}
          <Route path="/subscription/canceled" element={<Navigate to={AppPaths.subscription} replace />} />
          <Route path="/credits/canceled" element={<Navigate to={AppPaths.subscription} replace />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path={`${AppPaths.app}/*`} element={<AppArea />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
      <AuthModalHost />
    </>
  );
}

/**
 * Each screen starts at the top; focus stays where it is for assistive technology. Its own
 * component, so a navigation re-renders only what reads the location, not the whole shell.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** `/` and `/plan-selection` redirect once the session is known (spec 1 §2). */
function TopLevel({ children }: { children: ReactNode }) {
  const status = useAtomValue(sessionStatusAtom);
  const { pathname } = useLocation();
  const to = topLevelRedirect(pathname, status);
  return to ? <Navigate to={to} replace /> : <>{children}</>;
}
