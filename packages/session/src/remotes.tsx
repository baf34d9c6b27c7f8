/**
 * Remote-to-remote composition: the shell knows where every remote lives (`/remotes.json`) and
 * provides how to load one; any app may then render another remote's exposed module (the video
 * editor renders mfe-voices' VoicePicker). This module is part of the shared `@studio/session`
 * singleton, so every remote sees the loader the shell provided.
 */
import { Component, Suspense, lazy, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { RemoteModuleId, RemoteName, RemotePropsOf } from '@studio/contracts';

/** The remote an exposed module belongs to (kept here: contracts' schemas would add zod to the landing page). */
const remoteOf = (id: RemoteModuleId) => id.slice(0, id.indexOf('/')) as RemoteName;

export interface RemoteLoader {
  load(id: RemoteModuleId): Promise<{ default: unknown }>;
  /** Forgets a remote that failed, so the next load really tries again. */
  reset(remote: RemoteName): Promise<void>;
}

let host: RemoteLoader | null = null;

/** Called once by the shell at start. */
export function provideRemoteLoader(loader: RemoteLoader): void {
  host = loader;
}

class SlotBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Renders `id` from its remote with `props`. While it loads, `loading`; when its remote is down,
 * `unavailable(retry)` — the rest of the app keeps working.
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
  unavailable: (retry: () => void) => ReactNode;
}) {
  const [attempt, setAttempt] = useState(0);
  const Loaded = useMemo(
    () =>
      lazy(async () => {
        if (!host) throw new Error('no host provides remote modules');
        return { default: (await host.load(id)).default as ComponentType<RemotePropsOf<Id>> };
      }),
    // A new attempt makes a new lazy component: React.lazy keeps its first failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id, attempt],
  );
  const retry = () => {
    void (host?.reset(remoteOf(id)) ?? Promise.resolve()).then(() => setAttempt((n) => n + 1));
  };
  return (
    <SlotBoundary key={attempt} fallback={unavailable(retry)}>
      <Suspense fallback={loading}>
        <Loaded {...(props as RemotePropsOf<Id> & object)} />
      </Suspense>
    </SlotBoundary>
  );
}
