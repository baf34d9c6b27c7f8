/**
 * The media host: the whole media engine in a child process, behind an object of the same
 * `MediaEngine` type, so that nothing the engine does on its own main thread (canvas painting,
 * pixel loops, WASI/emscripten glue, ffmpeg orchestration, big buffers) holds the event loop of the
 * process that answers HTTP (DESIGN decision 18). The engine's own worker threads and children run
 * under the host, which runs at a lower OS priority than the API, so they do too.
 *
 * - Every method, nested ones included (`speech.*`, `video.*`), is forwarded over Node's IPC channel
 *   with `advanced` serialization: Buffers and typed arrays arrive as themselves. Values (`routes`,
 *   `video.provider`, whether `trainLora` exists) are answered here from the engine's description.
 * - A function in a call's input (`FinishAdInput.onProgress`) is called back here, awaited by the
 *   engine as if it were its own, its error (the very object) thrown back through the call.
 * - A `MediaError` comes back as a `MediaError` of the same kind, message and provider status, so the
 *   bff answers the same HTTP status; any other error keeps its name, message and code.
 * - At most `concurrency` calls are in the host at once; the others wait here, in the order they came.
 * - The host starts on the first call. One that dies (SIGKILL, out of memory, a native crash) fails
 *   the calls it held with `MediaError('unavailable')` — a 503 to a user, a transient step failure
 *   that a video job retries — and the next call starts a new one. `close()` stops it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { MediaEngine } from '../capabilities.ts';
import { createMediaEngine, type MediaEngineOptions } from '../create-engine.ts';
import { MediaError, rebuiltError, sendableError } from '../errors.ts';
import { lowerPriority } from '../local/priority.ts';
import {
  describeEngine,
  engineFacade,
  withoutFunctions,
  type Callback,
  type EngineDescription,
  type HostedEngine,
  type ToChild,
  type ToParent,
} from './protocol.ts';

export type { HostedEngine, HostableEngineOptions } from './protocol.ts';

export interface MediaHostOptions {
  /** The engine the host builds: `{ kind: 'media', options }` is `createMediaEngine(options)`. */
  engine: HostedEngine;
  /** Calls running in the host at once; later ones wait here in order (default: the machine's cores). */
  concurrency?: number;
  /** Where the engine's own log lines and the host's go (the engine's lines come from the child). */
  logger?: MediaEngineOptions['logger'];
  /** A host that has not built its engine by then is stopped and its calls fail (default 2 minutes). */
  startTimeoutMs?: number;
  /** A closing host that has not exited by then is killed (default 10 s). */
  closeTimeoutMs?: number;
}

/** The engine in a child process: the `MediaEngine` interface, and what only a host has. */
export type MediaHost = MediaEngine & {
  /** Starts the host if it is not running and resolves once its engine is built and described. */
  ready(): Promise<void>;
  /** The host's process id while one runs. */
  readonly hostPid: number | undefined;
};

/** Said to whoever's call a host took with it. */
const HOST_GONE = 'The media engine stopped unexpectedly. Please try again.';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  callbacks: Map<number, Callback>;
  /** Errors the call's callbacks threw, by number: the call rethrows the same object. */
  thrown: Map<number, unknown>;
}

/** One host process and the calls it holds. */
interface Running {
  child: ChildProcess;
  described: Promise<EngineDescription>;
  pending: Map<number, Pending>;
  exited: Promise<void>;
  starting: boolean;
}

/**
 * The engine `options.engine` names, running in a child process behind the `MediaEngine` interface.
 * For `kind: 'media'` its shape is known at once (the same `createMediaEngine` built here, never
 * called); for the others, read its values after `ready()`.
 */
export function createMediaHost(options: MediaHostOptions): MediaHost {
  const concurrency = Math.max(1, options.concurrency ?? os.availableParallelism());
  const { logger } = options;
  let description: EngineDescription | null =
    options.engine.kind === 'media' ? describeEngine(createMediaEngine(options.engine.options ?? {})) : null;
  let running: Running | null = null;
  let seq = 0;
  let callbackSeq = 0;
  let inFlight = 0;
  const waiting: (() => void)[] = [];

  // While a call is out, the channel keeps this process alive (a script awaiting a render); idle, it does not.
  const refresh = (r: Running) => {
    if (r.starting || r.pending.size > 0) r.child.channel?.ref();
    else r.child.channel?.unref();
  };

  const start = (): Running => {
    const startedAt = performance.now();
    const child = fork(fileURLToPath(new URL('./host-child.mjs', import.meta.url)), [], {
      // Not the parent's flags (a test runner's loaders, an inspector's port): the child loads TypeScript through tsx's API.
      execArgv: ['--disable-warning=ExperimentalWarning'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // Before it builds anything: the engine's threads and its ffmpeg and speech children inherit it.
    lowerPriority(child.pid);
    child.unref();
    let settle!: { resolve: (d: EngineDescription) => void; reject: (e: unknown) => void };
    const described = new Promise<EngineDescription>((resolve, reject) => (settle = { resolve, reject }));
    // Nobody may be waiting yet (a `ready()` comes later); its failure is told to whoever waits.
    described.catch(() => undefined);
    const r: Running = {
      child,
      described,
      pending: new Map(),
      exited: new Promise((resolve) => child.once('exit', () => resolve())),
      starting: true,
    };
    const timer = setTimeout(() => {
      settle.reject(new MediaError('unavailable', HOST_GONE, { cause: 'the media host did not start in time' }));
      child.kill('SIGKILL');
    }, options.startTimeoutMs ?? 120_000);
    timer.unref();
    const stopped = (cause: string) => {
      clearTimeout(timer);
      if (running === r) running = null;
      settle.reject(new MediaError('unavailable', HOST_GONE, { cause }));
      for (const p of r.pending.values()) p.reject(new MediaError('unavailable', HOST_GONE, { cause }));
      r.pending.clear();
    };
    child.on('error', (error) => {
      stopped(String(error));
      child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => {
      if (running === r) logger?.warn('media host exited', { pid: child.pid, code, signal, calls: r.pending.size });
      stopped(`the media host exited with ${signal ?? code}`);
    });
    child.on('message', (message: ToParent) => {
      switch (message.type) {
        case 'ready':
          clearTimeout(timer);
          r.starting = false;
          description = message.description;
          logger?.info('media host started', { pid: child.pid, ms: Math.round(performance.now() - startedAt) });
          settle.resolve(message.description);
          refresh(r);
          return;
        case 'start-failed':
          clearTimeout(timer);
          settle.reject(rebuiltError(message.error));
          child.kill('SIGKILL');
          return;
        case 'result':
        case 'error': {
          const p = r.pending.get(message.id);
          if (!p) return;
          r.pending.delete(message.id);
          refresh(r);
          if (message.type === 'result') p.resolve(message.value);
          else {
            const own = message.error.callbackError;
            p.reject(own !== undefined && p.thrown.has(own) ? p.thrown.get(own) : rebuiltError(message.error));
          }
          return;
        }
        case 'callback':
          void answerCallback(r, message);
          return;
        case 'log':
          logger?.[message.level](message.msg, message.meta);
          return;
      }
    });
    child.send({ type: 'start', engine: options.engine } satisfies ToChild);
    return r;
  };

  const answerCallback = async (r: Running, message: Extract<ToParent, { type: 'callback' }>) => {
    const p = r.pending.get(message.callId);
    const callback = p?.callbacks.get(message.callback);
    let answer: ToChild;
    try {
      if (!callback) throw new Error('The call this callback belongs to has ended.');
      answer = { type: 'callback-result', id: message.id, value: await (callback as (...a: unknown[]) => unknown)(...message.args) };
    } catch (error) {
      p?.thrown.set(message.id, error);
      answer = { type: 'callback-result', id: message.id, error: { ...sendableError(error), callbackError: message.id } };
    }
    if (r.child.connected) r.child.send(answer, (error) => error && r.child.send({ type: 'callback-result', id: message.id }));
  };

  const ensure = (): Running => (running ??= start());

  // A slot in the host, in the order calls came.
  const acquire = async () => {
    if (inFlight < concurrency) {
      inFlight++;
      return;
    }
    // The slot is handed over by `release`, never taken back in between.
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  };

  const call = async (path: string[], args: unknown[]): Promise<unknown> => {
    await acquire();
    try {
      const r = ensure();
      await r.described;
      const id = ++seq;
      const sent = withoutFunctions(args, () => ++callbackSeq);
      return await new Promise((resolve, reject) => {
        r.pending.set(id, { resolve, reject, callbacks: sent.callbacks, thrown: new Map() });
        refresh(r);
        r.child.send({ type: 'call', id, path, args: sent.args } satisfies ToChild, (error) => {
          if (!error || !r.pending.has(id)) return;
          r.pending.delete(id);
          refresh(r);
          // An input that does not clone is the caller's mistake; a closed channel is the host's end.
          reject(r.child.connected ? error : new MediaError('unavailable', HOST_GONE, { cause: error }));
        });
      });
    } finally {
      release();
    }
  };

  const close = async () => {
    const r = running;
    running = null;
    if (!r) return;
    if (r.child.connected) r.child.send({ type: 'close' } satisfies ToChild);
    const timer = setTimeout(() => r.child.kill('SIGKILL'), options.closeTimeoutMs ?? 10_000);
    await r.exited;
    clearTimeout(timer);
  };

  let shape: Record<string, unknown> | null = null;
  const shapeOf = (d: EngineDescription) => engineFacade(d, call);
  const extras: Record<string, unknown> = {
    close,
    ready: async () => void (await ensure().described),
  };

  return new Proxy({} as MediaHost, {
    get(_target, property) {
      if (property === 'hostPid') return running?.child.pid;
      if (typeof property !== 'string') return undefined;
      if (property in extras) return extras[property];
      if (!description) {
        // A promise-like check (`await host`) is answered; anything else would be a guess.
        if (property === 'then') return undefined;
        throw new Error(`The media host's engine is not described yet: await ready() before reading ${property}.`);
      }
      shape ??= shapeOf(description);
      return shape[property];
    },
    has(_target, property) {
      if (typeof property !== 'string') return false;
      if (property in extras || property === 'hostPid') return true;
      shape ??= description && shapeOf(description);
      return Boolean(shape && property in shape);
    },
  });
}
