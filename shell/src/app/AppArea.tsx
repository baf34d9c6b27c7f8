import { Navigate, useLocation, Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { AppPaths } from '@studio/contracts';
import { RemoteSlot, requestSignIn, sessionStatusAtom } from '@studio/session';
import { Logo } from '@studio/ui';
import { AppFrame, TopbarActions } from '../features/frame/AppFrame.tsx';
import { Protected } from '../features/frame/Protected.tsx';
import { pageLoading, pageUnavailable } from '../remotes/fallbacks.tsx';
import { resolveAppRoute } from './routing.ts';

/** `/app/*`: protected; each screen comes from its remote. */
export default function AppArea() {
  const { pathname } = useLocation();
  const target = resolveAppRoute(pathname);
  const status = useAtomValue(sessionStatusAtom);
  if (target.kind === 'redirect') return <Navigate to={target.to} replace />;
  if (target.public && status === 'signed_out') {
    // A public screen for a visitor: no frame (it is the signed-in user's), a way to sign in.
    return (
      <div className="sh-public">
        <header className="sh-public-top">
          <Link to="/" aria-label="Studio home">
            <Logo />
          </Link>
          <button type="button" className="st-btn st-btn-primary" onClick={() => requestSignIn('signin')}>
            Sign In
          </button>
        </header>
        <main id="app-content" className="sh-content" tabIndex={-1}>
          <RemoteSlot key={target.module} id={target.module} props={{}} loading={pageLoading} unavailable={pageUnavailable} />
        </main>
      </div>
    );
  }
  if (target.fullScreen) {
    return (
      <Protected>
        <div className="sh-fullscreen">
          <header className="sh-topbar sh-fullscreen-top">
            <Link className="st-btn st-btn-secondary" to={target.exitTo ?? AppPaths.app}>
              Exit editor
            </Link>
            <TopbarActions />
          </header>
          <main id="app-content" tabIndex={-1}>
            <RemoteSlot key={target.module} id={target.module} props={{}} loading={pageLoading} unavailable={pageUnavailable} />
          </main>
        </div>
      </Protected>
    );
  }
  return (
    <Protected>
      <AppFrame title={target.title}>
        <RemoteSlot key={target.module} id={target.module} props={{}} loading={pageLoading} unavailable={pageUnavailable} />
      </AppFrame>
    </Protected>
  );
}
