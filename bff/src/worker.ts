/**
 * `npm run worker`: a process that renders video jobs and trainings and answers no user (DESIGN
 * decisions 6 and 18), against the same database, object store and media engine as the bff
 * (DATABASE_URL, DATA_DIR or S3_*).
 * - DBOS (no TEMPORAL_ADDRESS): it launches DBOS under its own EXECUTOR_ID, listens to the shared
 *   job and render queues (RENDER_CONCURRENCY sections at once, USER_RENDER_LIMIT per user across
 *   workers), beats in the workers table and recovers the jobs of a worker gone quiet
 *   (WORKER_DEAD_AFTER_MS). It answers `GET /api/health` on PORT and `/metrics` on METRICS_PORT.
 * - Temporal (TEMPORAL_ADDRESS): it polls the studio's task queue and runs the jobs' activities.
 */
import http from 'node:http';
import { ApiRoutes } from '@studio/contracts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { oneAtATime, STARTUP_LOCKS } from './db/advisory-lock.ts';
import { createDb, migrateAndSeed } from './db/index.ts';
import { createLogger, type Logger } from './logger.ts';
import { createTrainingActivities } from './services/training/activities.ts';
import { createActivities } from './services/videos/activities.ts';
import { mediaCallActivities } from './services/media-calls.ts';
import { createDeps, createMedia, createObjectStore } from './deps.ts';
import { instrumentMedia, serveMetrics } from './metrics.ts';
import { startTracing } from './tracing.ts';

async function main(): Promise<void> {
  const loaded = loadConfig();
  if (!loaded.databaseUrl) throw new ConfigError('Invalid configuration:\n  DATABASE_URL: required by the worker (the studio’s database)');
  if (loaded.role === 'api')
    throw new ConfigError('Invalid configuration:\n  STUDIO_ROLE: api answers HTTP only; a worker renders (worker)');
  const config: Config = { ...loaded, role: 'worker' };
  const logger = createLogger(config.logLevel);
  if (config.temporal) await runTemporalWorker(config, config.databaseUrl!, logger);
  else await runDbosWorker(config, config.databaseUrl!, logger);
}

/** The DBOS worker: renders the shared queues until SIGTERM or SIGINT. */
async function runDbosWorker(config: Config, databaseUrl: string, logger: Logger): Promise<void> {
  const tracing = startTracing(config.otlpEndpoint, { name: 'studio-worker', instance: config.executorId });
  // A worker may be the first process on a new database: the studio's tables first, one process at a time.
  const migrating = createDb(databaseUrl, 2);
  await oneAtATime(databaseUrl, STARTUP_LOCKS.migrations, () => migrateAndSeed(migrating)).finally(() => migrating.destroy());
  const created = await createDeps(config, logger, databaseUrl, { only: ['media'] });
  await created.launchJobs();
  const metrics = config.metrics.port === undefined ? null : await serveMetrics(config.metrics.port, config.host);
  // Health only: a load balancer's or orchestrator's probe (nothing else is served).
  const health = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === ApiRoutes.health) {
      res
        .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
        .end(JSON.stringify({ status: 'ok', role: 'worker', executorId: config.executorId }));
    } else res.writeHead(404).end();
  });
  health.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => health.once('listening', resolve).once('error', reject));
  logger.info({ executorId: config.executorId, port: config.port, metrics: metrics?.url }, 'render worker listening to the queues');
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  logger.info('render worker stopping');
  await new Promise<void>((resolve) => health.close(() => resolve()));
  await metrics?.close();
  await created.close();
  await tracing.shutdown();
  process.exit(0);
}

/** The Temporal worker: polls the studio's task queue at TEMPORAL_ADDRESS. */
async function runTemporalWorker(config: Config, databaseUrl: string, logger: Logger): Promise<void> {
  const temporal = config.temporal!;
  // The workflows' and activities' spans (Temporal's interceptors) and the steps' own.
  const tracing = startTracing(config.otlpEndpoint, { name: 'studio-worker', instance: config.executorId });
  const db = createDb(databaseUrl);
  const media = instrumentMedia(createMedia(config, logger));
  // The activities' steps, media calls and credits are counted here: served on METRICS_PORT.
  const metrics = config.metrics.port === undefined ? null : await serveMetrics(config.metrics.port, config.host);
  if (metrics) logger.info({ url: metrics.url }, 'worker metrics');
  const objects = createObjectStore(config);
  const activities = createActivities({ db, objects, media });
  const { runTemporalWorker: run } = await import('@studio/workflows/temporal');
  logger.info({ address: temporal.address, namespace: temporal.namespace }, 'video worker polling');
  try {
    await run(
      temporal,
      activities,
      createTrainingActivities({ db, objects, media, engine: 'temporal' }),
      tracing.spans ?? undefined,
      mediaCallActivities({ media, objects }),
    );
  } finally {
    await metrics?.close();
    await media.close();
    await db.destroy();
    await tracing.shutdown();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
