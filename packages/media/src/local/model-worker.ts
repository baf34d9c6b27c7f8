import { Worker, type TransferListItem } from 'node:worker_threads';
import { MediaError } from '../errors.ts';

/**
 * A model in its own worker thread, started on first use and kept (its weights load once), that
 * answers one request at a time in order. The worker answers `{ id, ...result }` or `{ id, error }`.
 */
export class ModelWorker<Request extends object, Answer> {
  private worker: Worker | null = null;
  private seq = 0;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();

  constructor(
    private readonly script: URL,
    /** What a failure is called to the caller, e.g. 'The face mesh'. */
    private readonly what: string,
    private readonly timeoutMs = 60_000,
  ) {}

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.script);
    w.unref();
    w.on('message', (m: { id: number; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error === undefined) p.resolve(m as Answer);
      else p.reject(new MediaError('upstream', `${this.what} failed.`, { cause: m.error }));
    });
    // A worker that fails to start or crashes fails what waits on it; the next call starts a new one.
    const failAll = (cause?: unknown) => {
      for (const p of this.pending.values()) p.reject(new MediaError('unavailable', `${this.what} is unavailable.`, { cause }));
      this.pending.clear();
    };
    w.on('error', failAll);
    w.on('exit', () => {
      this.worker = null;
      failAll();
    });
    this.worker = w;
    return w;
  }

  /** Sends a request once the ones before it are answered. */
  call(request: Request, transfer: TransferListItem[] = []): Promise<Answer> {
    const run = this.chain.then(() => this.send(request, transfer));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private send(request: Request, transfer: TransferListItem[]): Promise<Answer> {
    const id = ++this.seq;
    const w = this.ensure();
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new MediaError('timeout', `${this.what} took too long.`));
      }, this.timeoutMs);
      this.pending.set(id, {
        resolve: (a) => {
          clearTimeout(timer);
          resolve(a);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      w.postMessage({ id, ...request }, transfer);
    });
  }

  async close() {
    await this.worker?.terminate();
    this.worker = null;
  }
}

/**
 * Several workers of one script for work that is not one model's (e.g. painting scenes): each call
 * goes to the worker with the fewest calls waiting; each worker still answers in order.
 */
export class WorkerPool<Request extends object, Answer> {
  private readonly slots: { worker: ModelWorker<Request, Answer>; waiting: number }[];

  constructor(script: URL, what: string, size: number, timeoutMs?: number) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({
      worker: new ModelWorker<Request, Answer>(script, what, timeoutMs),
      waiting: 0,
    }));
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
