/**
 * Runtime composition (DESIGN §2.1): the remotes come from `/remotes.json` and are registered on
 * the Module Federation instance the build plugin created. (A separate `createInstance` would get
 * an empty share scope and a second React — DESIGN §3.)
 */
import { getInstance } from '@module-federation/enhanced/runtime';
import { REMOTE_EXPOSES, remoteOfModule, type RemoteModule, type RemoteModuleId, type RemoteName } from '@studio/contracts';
import { provideRemoteLoader } from '@studio/session';
import { parseRemotesManifest, type RemoteEntry } from './manifest.ts';

/** Why a remote module is not on screen; the fallback words it. */
export class RemoteUnavailableError extends Error {
  override name = 'RemoteUnavailableError';
  readonly remote: RemoteName;
  constructor(remote: RemoteName, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.remote = remote;
  }
}

let registered: Promise<Map<RemoteName, RemoteEntry>> | null = null;

function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('Module Federation runtime is not initialised');
  return instance;
}

async function fetchRemotes(): Promise<RemoteEntry[]> {
  const response = await fetch('/remotes.json', { credentials: 'same-origin', cache: 'no-cache' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  const parsed = parseRemotesManifest(await response.json(), window.location.href);
  for (const problem of parsed.problems) console.warn(`[remotes] ${problem}`);
  return parsed.remotes;
}

/**
 * Fetches `/remotes.json` once and registers every remote. With `force`, fetches again and
 * re-registers, which drops the runtime's cached manifest, entry and modules of those remotes:
 * that is what lets Retry load a remote that was down, or moved, without a page reload.
 */
export function ensureRemotes(force = false): Promise<Map<RemoteName, RemoteEntry>> {
  if (registered && !force) return registered;
  const attempt = fetchRemotes().then((remotes) => {
    federation().registerRemotes(
      remotes.map((r) => ({ name: r.name, entry: r.entry })),
      { force },
    );
    return new Map(remotes.map((r) => [r.name, r]));
  });
  registered = attempt;
  // A failed /remotes.json is not cached: the next load tries again.
  attempt.catch(() => {
    if (registered === attempt) registered = null;
  });
  return attempt;
}

const modules = new Map<RemoteModuleId, Promise<unknown>>();
/** The modules loaded already, to render at once (a preloaded route does not suspend). */
const loaded = new Map<RemoteModuleId, unknown>();

/** An exposed module if it has loaded already, else undefined. */
export function loadedRemoteModule<Id extends RemoteModuleId>(id: Id): RemoteModule<Id> | undefined {
  return loaded.get(id) as RemoteModule<Id> | undefined;
}

/** Loads an exposed module; failures are not cached, so the next call really tries again. */
export function loadRemoteModule<Id extends RemoteModuleId>(id: Id): Promise<RemoteModule<Id>> {
  const cached = modules.get(id);
  if (cached) return cached as Promise<RemoteModule<Id>>;
  const remote = remoteOfModule(id);
  const loading = (async () => {
    let remotes: Map<RemoteName, RemoteEntry>;
    try {
      remotes = await ensureRemotes();
    } catch (cause) {
      throw new RemoteUnavailableError(remote, 'The list of studio parts could not be loaded', { cause });
    }
    if (!remotes.has(remote)) throw new RemoteUnavailableError(remote, `${remote} is not configured`);
    let mod: RemoteModule<Id> | null;
    try {
      mod = await federation().loadRemote<RemoteModule<Id>>(id);
    } catch (cause) {
      throw new RemoteUnavailableError(remote, `${id} failed to load`, { cause });
    }
    if (!mod) throw new RemoteUnavailableError(remote, `${id} failed to load`);
    return mod;
  })();
  modules.set(id, loading);
  loading.then(
    (mod) => {
      if (modules.get(id) === loading) loaded.set(id, mod);
    },
    () => {
      if (modules.get(id) === loading) modules.delete(id);
    },
  );
  return loading;
}

/** Forgets a remote's loaded modules and re-registers it from a fresh `/remotes.json`. */
export async function resetRemote(remote: RemoteName): Promise<void> {
  for (const id of modules.keys()) if (remoteOfModule(id) === remote) modules.delete(id);
  for (const id of loaded.keys()) if (remoteOfModule(id) === remote) loaded.delete(id);
  try {
    await ensureRemotes(true);
  } catch {
    // Retry shows the fallback again if the list is still unreachable.
  }
}

/** Warms every exposed module of the configured remotes; failures stay silent until used. */
export async function preloadRemotes(): Promise<void> {
  let remotes: Map<RemoteName, RemoteEntry>;
  try {
    remotes = await ensureRemotes();
  } catch {
    return;
  }
  const jobs: Promise<unknown>[] = [];
  for (const [remote, exposes] of Object.entries(REMOTE_EXPOSES) as [keyof typeof REMOTE_EXPOSES, readonly string[]][]) {
    if (!remotes.has(remote)) continue;
    for (const expose of exposes) jobs.push(loadRemoteModule(`${remote}/${expose.slice(2)}` as RemoteModuleId).catch(() => undefined));
  }
  await Promise.all(jobs);
}

// Any remote may render another remote's module through the shared session package.
provideRemoteLoader({ load: loadRemoteModule, loaded: loadedRemoteModule, reset: resetRemote });
