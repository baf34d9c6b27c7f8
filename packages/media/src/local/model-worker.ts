import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker, type TransferListItem } from 'node:worker_threads';
import { MediaError } from '../errors.ts';
import { lowerPriority } from './priority.ts';

/**
 * Where a script runs: a worker thread, or a child process with a bounded JavaScript heap. A child
 * is for code that may crash natively (WebAssembly through WASI, emscripten modules): a crash or a
 * corrupted heap in a child ends the child, where a worker thread's fatal error ends the process.
 */
export interface ChildProcessOptions {
  /** The child's `--max-old-space-size`. */
  maxOldSpaceMb: number;
}

/** One started thread or child, with what waits on it (a late answer from a replaced one reaches nobody). */
interface Running {
  send(message: object, transfer: TransferListItem[]): void;
  stop(): Promise<void>;
  readonly pid: number | undefined;
  readonly pending: Map<number, { resolve: (a: unknown) => void; reject: (e: Error) => void }>;
}

type Answered = { id: number; error?: string };

/**
 * A model in its own worker thread (or child process), started on first use and kept (its weights
 * load once), that answers one request at a time in order. The worker answers `{ id, ...result }`
 * or `{ id, error }`. A request that takes longer than `timeoutMs` stops the worker; the next call
 * starts a new one.
 */
export class ModelWorker<Request extends object, Answer> {
  private running: Running | null = null;
  private seq = 0;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly script: URL,
    /** What a failure is called to the caller, e.g. 'The face mesh'. */
    private readonly what: string,
    private readonly timeoutMs = 60_000,
    private readonly childProcess?: ChildProcessOptions,
  ) {}

  /** The child's process id while one runs (none for a worker thread). */
  get pid(): number | undefined {
    return this.running?.pid;
  }

  private ensure(): Running {
    if (this.running) return this.running;
    const pending: Running['pending'] = new Map();
    const answer = (m: Answered) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error === undefined) p.resolve(m);
      else p.reject(new MediaError('upstream', `${this.what} failed.`, { cause: m.error }));
    };
    // A worker that fails to start or crashes fails what waits on it; the next call starts a new one.
    const failAll = (cause?: unknown) => {
      for (const p of pending.values()) p.reject(new MediaError('unavailable', `${this.what} is unavailable.`, { cause }));
      pending.clear();
    };
    const ended = (cause?: unknown) => {
      if (this.running === running) this.running = null;
      failAll(cause);
    };
    let running: Running;
    if (this.childProcess) {
      const child = fork(fileURLToPath(this.script), [], {
        // Not the parent's flags (a test runner's loaders, the API's inspector): the script loads its TypeScript through tsx's API.
        execArgv: [`--max-old-space-size=${this.childProcess.maxOldSpaceMb}`, '--disable-warning=ExperimentalWarning'],
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      lowerPriority(child.pid);
      child.unref();
      child.channel?.unref();
      child.on('message', answer);
      child.on('error', failAll);
      child.on('exit', (code, signal) => ended(`exited with ${signal ?? code}`));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      running = {
        pid: child.pid,
        pending,
        send: (message) => child.send(message, (error) => error && failAll(error)),
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await exited;
        },
      };
    } else {
      const w = new Worker(this.script);
      w.unref();
      w.on('message', answer);
      w.on('error', failAll);
      w.on('exit', () => ended());
      running = {
        pid: undefined,
        pending,
        send: (message, transfer) => w.postMessage(message, transfer),
        stop: async () => void (await w.terminate()),
      };
    }
    this.running = running;
    return running;
  }

  /** Sends a request once the ones before it are answered. */
  call(request: Request, transfer: TransferListItem[] = []): Promise<Answer> {
    const run = this.chain.then(() => this.send(request, transfer));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private send(request: Request, transfer: TransferListItem[]): Promise<Answer> {
    const id = ++this.seq;
    const running = this.ensure();
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        running.pending.delete(id);
        reject(new MediaError('timeout', `${this.what} took too long.`));
        // A worker still busy with it would hold every later request: it is stopped, and the next call starts another.
        if (this.running === running) this.running = null;
        void running.stop();
      }, this.timeoutMs);
      running.pending.set(id, {
        resolve: (a) => {
          clearTimeout(timer);
          resolve(a as Answer);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      running.send({ id, ...request }, transfer);
    });
  }

  async close() {
    const running = this.running;
    this.running = null;
    await running?.stop();
  }
}

/**
 * Several workers of one script for work that is not one model's (e.g. painting scenes): each call
 * goes to the worker with the fewest calls waiting; each worker still answers in order.
 */
export class WorkerPool<Request extends object, Answer> {
  private readonly slots: { worker: ModelWorker<Request, Answer>; waiting: number }[];

  constructor(script: URL, what: string, size: number, timeoutMs?: number, childProcess?: ChildProcessOptions) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({
      worker: new ModelWorker<Request, Answer>(script, what, timeoutMs, childProcess),
      waiting: 0,
    }));
  }

  /** How many workers the pool has. */
  get size(): number {
    return this.slots.length;
  }

  /** The process ids of the children running now (none for worker threads). */
  get pids(): number[] {
    return this.slots.flatMap((s) => (s.worker.pid === undefined ? [] : [s.worker.pid]));
  }

  call(request: Request, transfer: TransferListItem[] = []): Promise<Answer> {
    const slot = this.slots.reduce((a, b) => (b.waiting < a.waiting ? b : a));
    slot.waiting++;
    return slot.worker.call(request, transfer).finally(() => slot.waiting--);
  }

  async close() {
    await Promise.all(this.slots.map((s) => s.worker.close()));
  }
}
