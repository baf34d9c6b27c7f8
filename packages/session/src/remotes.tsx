/**
 * The one way to render a remote's exposed module, for the shell's routes and chrome and for
 * remote-to-remote composition alike (the video editor renders mfe-voices' VoicePicker). The shell
 * knows where every remote lives (`/remotes.json`) and provides how to load one; this module is
 * part of the shared `@studio/session` singleton, so every remote sees the loader the shell provided.
 */
import { Component, Suspense, lazy, useMemo, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import type { RemoteModuleId, RemoteName, RemotePropsOf } from '@studio/contracts';

/** The remote an exposed module belongs to (kept here: contracts' schemas would add zod to the landing page). */
const remoteOf = (id: RemoteModuleId) => id.slice(0, id.indexOf('/')) as RemoteName;

export interface RemoteLoader {
  load(id: RemoteModuleId): Promise<{ default: unknown }>;
  /** The module when it has loaded already (preloaded while idle), so it renders without suspending. */
  loaded?(id: RemoteModuleId): { default: unknown } | undefined;
  /** Forgets a remote that failed, so the next load really tries again. */
  reset(remote: RemoteName): Promise<void>;
}

let host: RemoteLoader | null = null;

/** Called once by the shell at start. */
export function provideRemoteLoader(loader: RemoteLoader): void {
  host = loader;
}

/** Bumped by Retry: every slot of that remote re-mounts and loads again. */
const remoteAttemptsAtom = atom<Partial<Record<RemoteName, number>>>({});

// Props are checked at RemoteSlot's boundary.
type AnyComponent = ComponentType<any>;

/** One lazy component per module and attempt: a slot that re-mounts does not load again, and React.lazy keeps its first failure. */
const lazyCache = new Map<string, AnyComponent>();

/**
 * The component of an exposed module: itself when it has loaded already (a preloaded route renders
 * in the click's own frame, about 30 ms, instead of suspending once), else a lazy one that loads it.
 */
function remoteComponent(id: RemoteModuleId, attempt: number): AnyComponent {
  const ready = host?.loaded?.(id);
  if (ready) return ready.default as AnyComponent;
  const key = `${id}#${attempt}`;
  let component = lazyCache.get(key);
  if (!component) {
    component = lazy(async () => {
      if (!host) throw new Error('no host provides remote modules');
      return { default: (await host.load(id)).default as AnyComponent };
    });
    lazyCache.set(key, component);
  }
  return component;
}

interface BoundaryProps {
  remote: RemoteName;
  unavailable: (retry: () => void, retrying: boolean) => ReactNode;
  onRetry: () => Promise<void>;
  children: ReactNode;
}

class SlotBoundary extends Component<BoundaryProps, { failed: boolean; retrying: boolean }> {
  override state = { failed: false, retrying: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[remote ${this.props.remote}]`, error, info.componentStack);
  }

  private retry = () => {
    this.setState({ retrying: true });
    void this.props.onRetry();
  };

  override render() {
    return this.state.failed ? this.props.unavailable(this.retry, this.state.retrying) : this.props.children;
  }
}

/**
 * Renders `id` from its remote with `props`. While it loads, `loading`; when its remote is down,
 * `unavailable(retry, retrying)` for this part only — the rest of the app keeps working. Retry
 * re-registers the remote and re-mounts every slot of it.
 */
export function RemoteSlot<Id extends RemoteModuleId>({
  id,
  props,
  loading = null,
  unavailable,
}: {
  id: Id;
  props: RemotePropsOf<Id>;
  loading?: ReactNode;
  unavailable: (retry: () => void, retrying: boolean) => ReactNode;
}) {
  const remote = remoteOf(id);
  const attempt = useAtomValue(remoteAttemptsAtom)[remote] ?? 0;
  const setAttempts = useSetAtom(remoteAttemptsAtom);
  // Chosen once per module and attempt: switching from the lazy component to the loaded one would re-mount the screen.
  const Loaded = useMemo(() => remoteComponent(id, attempt), [id, attempt]) as ComponentType<RemotePropsOf<Id>>;
  const retry = async () => {
    await (host?.reset(remote) ?? Promise.resolve());
    setAttempts((all) => ({ ...all, [remote]: (all[remote] ?? 0) + 1 }));
  };
  return (
    <SlotBoundary key={`${id}#${attempt}`} remote={remote} unavailable={unavailable} onRetry={retry}>
      <Suspense fallback={loading}>
        <Loaded {...(props as RemotePropsOf<Id> & object)} />
      </Suspense>
    </SlotBoundary>
  );
}
