/**
 * The bff's metrics in Prometheus' text format: what an operator scrapes to see the
 * studio's traffic, jobs, credits, media work and health. One registry per process, as Prometheus
 * counts per instance; served on `METRICS_PORT` or behind `METRICS_TOKEN` (routes/metrics), never publicly.
 */
import http from 'node:http';
import type { Knex } from 'knex';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { RENDER_QUEUES } from '@studio/contracts';
import type { MediaEngine } from '@studio/media';

/** Where a scraper reads them. */
export const METRICS_PATH = '/metrics';

export const registry = new Registry();
// The process's own: CPU, memory, handles, and the event-loop lag (nodejs_eventloop_lag_*).
collectDefaultMetrics({ register: registry });

export const httpRequestSeconds = new Histogram({
  name: 'studio_http_request_duration_seconds',
  help: 'HTTP requests by route template, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const jobsTotal = new Counter({
  name: 'studio_jobs_total',
  help: 'Durable jobs by kind, engine and event: started, then one of completed, partial_success, failed, timed_out, cancelled',
  labelNames: ['kind', 'engine', 'event'] as const,
  registers: [registry],
});

export const stepSeconds = new Histogram({
  name: 'studio_job_step_duration_seconds',
  help: 'The time of each step of a job section (speak, animate, lip-sync, join…), failed steps too',
  labelNames: ['step', 'outcome'] as const,
  buckets: [0.05, 0.25, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [registry],
});

export const creditsTotal = new Counter({
  name: 'studio_credits_total',
  help: 'Credits written to the ledger by direction: debited (spent) or refunded',
  labelNames: ['direction'] as const,
  registers: [registry],
});

export const mediaSeconds = new Histogram({
  name: 'studio_media_call_duration_seconds',
  help: 'Media engine calls by capability, provider and outcome',
  labelNames: ['capability', 'provider', 'outcome'] as const,
  buckets: [0.05, 0.25, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [registry],
});

export const sseStreamsOpen = new Gauge({
  name: 'studio_sse_streams_open',
  help: 'Job event streams open now',
  registers: [registry],
});

/** Where the queue depths are read from when scraped (the studio's database, once it is open). */
let readQueueDepths: (() => Promise<Record<string, number>>) | null = null;
new Gauge({
  name: 'studio_queue_depth',
  help: 'Jobs, renders and media calls waiting for a worker, by queue (studio-jobs, studio-renders, studio-media): add workers when it stays up',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    if (!readQueueDepths) return;
    this.reset();
    const depths: Record<string, number> = await readQueueDepths().catch(() => ({}));
    for (const queue of Object.values(RENDER_QUEUES)) this.set({ queue }, depths[queue] ?? 0);
  },
});

/** Reads `studio_queue_depth` with `read` when scraped (null: not reported). */
export function observeQueueDepths(read: (() => Promise<Record<string, number>>) | null): void {
  readQueueDepths = read;
}

export const queueWaitSeconds = new Histogram({
  name: 'studio_queue_wait_seconds',
  help: 'How long a job or render waited on its queue before a worker started it, by queue',
  labelNames: ['queue'] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
  registers: [registry],
});

export const rendersInFlight = new Gauge({
  name: 'studio_renders_in_flight',
  help: 'Render steps (a section’s speech, clip, lip-sync…, a training) running now in this process, by executor',
  labelNames: ['executor'] as const,
  registers: [registry],
});

/** The database pools of this process (one per studio), read when scraped. */
const pools = new Set<Knex>();
const POOL_STATES = { used: 'numUsed', free: 'numFree', pending: 'numPendingAcquires' } as const;
type TarnPool = Record<(typeof POOL_STATES)[keyof typeof POOL_STATES], () => number>;
new Gauge({
  name: 'studio_db_pool_connections',
  help: 'Database pool connections: used, free, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    for (const [state, method] of Object.entries(POOL_STATES)) {
      let sum = 0;
      for (const db of pools) {
        const pool = (db.client as { pool?: TarnPool }).pool;
        if (pool) sum += pool[method]();
      }
      this.set({ state }, sum);
    }
  },
});

/** Counts a database's pool in `studio_db_pool_connections` until the returned function is called. */
export function observePool(db: Knex): () => void {
  pools.add(db);
  return () => void pools.delete(db);
}

/** Times `work` into a histogram with `labels`, and `outcome` ok or failed. */
async function timed<T, L extends string>(
  histogram: Histogram<L | 'outcome'>,
  labels: Partial<Record<L, string>>,
  work: () => Promise<T>,
): Promise<T> {
  const end = histogram.startTimer(labels as Partial<Record<L | 'outcome', string>>);
  try {
    const result = await work();
    end({ outcome: 'ok' } as Partial<Record<L | 'outcome', string>>);
    return result;
  } catch (error) {
    end({ outcome: 'failed' } as Partial<Record<L | 'outcome', string>>);
    throw error;
  }
}

/** Times a job step into `studio_job_step_duration_seconds`. */
export const timeStep = <T>(step: string, work: () => Promise<T>) => timed(stepSeconds, { step }, work);

/** Wraps an object's function properties so each call is timed under its name and the provider `providerOf` answers. */
function timedCalls<T extends object>(target: T, providerOf: () => string, names?: ReadonlySet<PropertyKey>): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string' || (names && !names.has(property))) return value;
      return (...args: unknown[]) =>
        timed(mediaSeconds, { capability: property, provider: providerOf() }, () =>
          Promise.resolve((value as (...a: unknown[]) => unknown).apply(object, args)),
        );
    },
  });
}

/**
 * The media engine with every capability call timed in `studio_media_call_duration_seconds`:
 * image capabilities under their routed provider, speech under the voice provider, video under
 * the clip renderer. The engine itself is read on first call (a test's engine may be a stand-in).
 */
export function instrumentMedia(engine: MediaEngine): MediaEngine {
  let speech: MediaEngine['speech'] | undefined;
  let video: MediaEngine['video'] | undefined;
  return new Proxy(engine, {
    get(object, property, receiver) {
      if (property === 'speech') return (speech ??= timedCalls(object.speech, () => object.speech.name));
      if (property === 'video') return (video ??= timedCalls(object.video, () => object.video.provider));
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string' || property === 'close') return value;
      const routes = object.routes as Record<string, string>;
      return (...args: unknown[]) =>
        timed(mediaSeconds, { capability: property, provider: routes[property] ?? 'local' }, () =>
          Promise.resolve((value as (...a: unknown[]) => unknown).apply(object, args)),
        );
    },
  });
}

/** Serves `GET /metrics` alone on a port of its own (`METRICS_PORT`), for a scraper inside the network. */
export async function serveMetrics(port: number, host: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== METRICS_PATH) {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  server.listen(port, host);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const address = server.address();
  return {
    url: `http://${host}:${typeof address === 'object' && address ? address.port : port}${METRICS_PATH}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
