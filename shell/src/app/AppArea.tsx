import { Navigate, useLocation, Link } from 'react-router-dom';
import { AppFrame } from '../features/frame/AppFrame.tsx';
import { ComingSoon } from '../features/frame/ComingSoon.tsx';
import { Protected } from '../features/frame/Protected.tsx';
import { RemoteView } from '../remotes/RemoteView.tsx';
import { resolveAppRoute } from './routing.ts';

/** `/app/*`: protected; each screen comes from its remote, or says it is coming soon. */
export default function AppArea() {
  const { pathname } = useLocation();
  const target = resolveAppRoute(pathname);
  if (target.kind === 'redirect') return <Navigate to={target.to} replace />;
  if (target.kind === 'coming-soon' && target.fullScreen) {
    return (
      <Protected>
        <div className="sh-fullscreen">
          <Link className="st-btn st-btn-secondary sh-fullscreen-exit" to={target.exitTo ?? '/app'}>
            Exit editor
          </Link>
          <ComingSoon title={target.title} remote={target.remote} />
        </div>
      </Protected>
    );
  }
  return (
    <Protected>
      <AppFrame title={target.title}>
        {target.kind === 'remote' ? (
          <RemoteView key={target.module} id={target.module} props={{}} />
        ) : (
          <ComingSoon title={target.title} remote={target.remote} exitTo={target.exitTo} />
        )}
      </AppFrame>
    </Protected>
  );
}
