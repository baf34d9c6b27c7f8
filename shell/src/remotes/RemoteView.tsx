import { Component, Suspense, lazy, useMemo, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { remoteOfModule, type RemoteModuleId, type RemoteName, type RemotePropsOf } from '@studio/contracts';
import { Spinner } from '@studio/ui';
import { loadedRemoteModule, loadRemoteModule, resetRemote } from './runtime.ts';

/** Bumped by Retry: every view of that remote re-mounts and loads again. */
const remoteAttemptsAtom = atom<Partial<Record<RemoteName, number>>>({});

type PropsOf<Id extends RemoteModuleId> = RemotePropsOf<Id>;
// Props are checked at RemoteView's boundary.
type AnyComponent = ComponentType<any>;

const lazyCache = new Map<string, AnyComponent>();

/**
 * The component of an exposed module: itself when it has loaded already (a preloaded route renders
 * in the click's own frame instead of suspending once), else a lazy one that loads it.
 */
function remoteComponent<Id extends RemoteModuleId>(id: Id, attempt: number): ComponentType<PropsOf<Id>> {
  const ready = loadedRemoteModule(id);
  if (ready) return ready.default as unknown as ComponentType<PropsOf<Id>>;
  const key = `${id}#${attempt}`;
  let component = lazyCache.get(key);
  if (!component) {
    component = lazy(async () => ({ default: (await loadRemoteModule(id)).default as unknown as AnyComponent }));
    lazyCache.set(key, component);
  }
  return component;
}

export interface RemoteViewProps<Id extends RemoteModuleId> {
  id: Id;
  props: PropsOf<Id>;
  /** `page` fills the content area; `inline` fits chrome such as the top bar or a menu. */
  variant?: 'page' | 'inline';
  /** Shown while loading; defaults to a spinner. */
  loading?: ReactNode;
}

/**
 * Renders an exposed module of a remote with Suspense and an error boundary. When the remote is
 * down only this part shows a fallback; Retry re-registers the remote and loads it again.
 */
export function RemoteView<Id extends RemoteModuleId>({ id, props, variant = 'page', loading }: RemoteViewProps<Id>) {
  const remote = remoteOfModule(id);
  const attempt = useAtomValue(remoteAttemptsAtom)[remote] ?? 0;
  const setAttempts = useSetAtom(remoteAttemptsAtom);
  // Chosen once per module and attempt: switching from the lazy component to the loaded one would re-mount the page.
  const Loaded = useMemo(() => remoteComponent(id, attempt), [id, attempt]);
  const retry = async () => {
    await resetRemote(remote);
    setAttempts((all) => ({ ...all, [remote]: (all[remote] ?? 0) + 1 }));
  };
  const fallback =
    loading ??
    (variant === 'page' ? (
      <div className="st-center">
        <Spinner />
      </div>
    ) : (
      <Spinner />
    ));
  return (
    <RemoteBoundary key={`${id}#${attempt}`} variant={variant} onRetry={retry}>
      <Suspense fallback={fallback}>
        <Loaded {...(props as PropsOf<Id> & object)} />
      </Suspense>
    </RemoteBoundary>
  );
}

interface BoundaryProps {
  variant: 'page' | 'inline';
  onRetry: () => Promise<void>;
  children: ReactNode;
}

class RemoteBoundary extends Component<BoundaryProps, { failed: boolean; retrying: boolean }> {
  override state = { failed: false, retrying: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[remote]', error, info.componentStack);
  }

  private retry = () => {
    this.setState({ retrying: true });
    void this.props.onRetry();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.variant === 'inline') {
      // Chrome widgets stay quiet; the page fallback's Retry reloads every view of the remote.
      return (
        <span className="sh-remote-inline" role="status">
          Unavailable
        </span>
      );
    }
    return (
      <section className="sh-unavailable" aria-labelledby="remote-unavailable-title">
        <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
          <rect x="4" y="10" width="48" height="36" rx="8" fill="var(--st-accent-soft)" />
          <path d="M18 28h20M28 18v20" stroke="var(--st-accent-600)" strokeWidth="3" strokeLinecap="round" transform="rotate(45 28 28)" />
        </svg>
        <h2 id="remote-unavailable-title">This part of the studio is unavailable right now</h2>
        <p>Everything else keeps working. Try again in a moment.</p>
        <button type="button" className="st-btn st-btn-primary" onClick={this.retry} disabled={this.state.retrying}>
          {this.state.retrying ? 'Retrying…' : 'Retry'}
        </button>
      </section>
    );
  }
}
