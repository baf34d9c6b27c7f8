import type { Server } from 'node:http';
import path from 'node:path';
import { createApp } from './app.ts';
import type { MediaEngine } from '@studio/media';
import type { Config } from './config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.ts';
import { oneAtATime, STARTUP_LOCKS } from './db/advisory-lock.ts';
import { createDb, migrateAndSeed, type Db } from './db/index.ts';
import { createDeps, type AppDeps, type OptionalDep } from './deps.ts';
import { adoptEarlierFiles } from './services/storage/avatars.ts';
import type { Logger } from './logger.ts';
import type { ObjectStore } from './services/storage/object-store.ts';
import { sweepTemporaryUploads } from './services/assets/own-media.ts';
import type { JobEngine } from './services/videos/engine.ts';
import { overdueJobs } from './services/videos/store.ts';
import { serveMetrics } from './metrics.ts';
import { startTracing } from './tracing.ts';

/** How long an idle kept-alive connection stays open (longer than the usual proxies' 60 s idle timeout). */
const KEEP_ALIVE_MS = 65_000;
import { timeOut } from './services/videos/jobs.ts';

export interface RunningStudio {
  url: string;
  /** `GET /metrics` on its own port, when METRICS_PORT is set. */
  metricsUrl: string | null;
  server: Server;
  deps: AppDeps;
  stop(): Promise<void>;
}

/** Temporary uploads (`POST /api/upload-temp-image`) are kept a day, then swept (hourly, and at start). */
export const TEMP_UPLOAD_TTL_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;

function sweepTemporaryUploadsHourly(deps: { db: Db; objects: ObjectStore }, logger: Logger): NodeJS.Timeout {
  const sweep = () =>
    sweepTemporaryUploads(deps, new Date(Date.now() - TEMP_UPLOAD_TTL_MS))
      .then((removed) => removed > 0 && logger.info({ removed }, 'expired temporary uploads removed'))
      .catch((error: unknown) => logger.warn({ err: error }, 'sweeping temporary uploads failed'));
  void sweep();
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  return timer;
}

/** Video jobs past their 30 minutes end TIMED_OUT (their unfinished sections refunded); checked every minute. */
const OVERDUE_EVERY_MS = 60_000;

function timeOutOverdueJobs(db: Db, jobs: JobEngine, logger: Logger): NodeJS.Timeout {
  const check = async () => {
    for (const job of await overdueJobs(db)) await timeOut(db, job, (id) => jobs.cancel(id), logger);
  };
  const timer = setInterval(
    () => void check().catch((error: unknown) => logger.warn({ err: error }, 'checking overdue jobs failed')),
    OVERDUE_EVERY_MS,
  );
  timer.unref();
  return timer;
}

/**
 * Starts the whole studio from a config: the database (embedded when DATABASE_URL is unset), its
 * migrations and catalog, the deps (`deps.ts`), then the HTTP server. `only` narrows the optional
 * deps (tests that need no payments, Google sign-in or media engine); `media` replaces the engine.
 */
export async function startStudio(
  config: Config,
  logger: Logger,
  options: { fastDatabase?: boolean; lazyJobs?: boolean; only?: OptionalDep[]; media?: MediaEngine } = {},
): Promise<RunningStudio> {
  // First: the job engine finds the tracer provider when it launches.
  const tracing = startTracing(config.otlpEndpoint, { name: 'studio-bff', instance: config.executorId });
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dir: path.join(config.dataDir, 'postgres'),
      logger,
      fast: options.fastDatabase,
      persistent: !options.fastDatabase,
    });
    databaseUrl = embedded.url;
  }
  try {
    const migrating = createDb(databaseUrl, 2);
    // Processes started together migrate one at a time.
    await oneAtATime(databaseUrl, STARTUP_LOCKS.migrations, () => migrateAndSeed(migrating)).finally(() => migrating.destroy());
    if (!config.s3) await adoptEarlierFiles(config.dataDir);
  } catch (error) {
    await embedded?.stop();
    await tracing.shutdown();
    throw error;
  }
  const created = await createDeps(config, logger, databaseUrl, { only: options.only, media: options.media }).catch(
    async (error: unknown) => {
      await embedded?.stop();
      await tracing.shutdown();
      throw error;
    },
  );
  const { deps } = created;
  let metrics: Awaited<ReturnType<typeof serveMetrics>> | null = null;
  try {
    // Launching the engine resumes jobs a stopped or killed process left unfinished.
    if (!options.lazyJobs) await created.launchJobs();
    const sweeper = sweepTemporaryUploadsHourly(deps, logger);
    const overdue = timeOutOverdueJobs(deps.db, deps.jobs, logger);
    if (config.metrics.port !== undefined) metrics = await serveMetrics(config.metrics.port, config.host);
    const app = createApp(deps);
    const server = app.listen(config.port, config.host);
    // An idle kept-alive connection stays open a minute, not Node's 5 s: a client (a browser, a proxy
    // with its own 60 s idle timeout) that sends on a connection the server is closing that same moment
    // gets a reset. The headers' deadline must be longer than this.
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1000;
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    // The emulator runs on this machine: its webhooks come over loopback (a wildcard HOST listens there too).
    const wildcard = config.host === '0.0.0.0' || config.host === '::';
    deps.payments?.listening(`http://${wildcard ? '127.0.0.1' : config.host}:${port}`);
    return {
      url: `http://${config.host}:${port}`,
      metricsUrl: metrics?.url ?? null,
      server,
      deps,
      async stop() {
        clearInterval(sweeper);
        clearInterval(overdue);
        await metrics?.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await created.close();
        await embedded?.stop();
        await tracing.shutdown();
      },
    };
  } catch (error) {
    await metrics?.close();
    await created.close();
    await embedded?.stop();
    await tracing.shutdown();
    throw error;
  }
}
