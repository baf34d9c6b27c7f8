/**
 * `npm run worker`: a Temporal worker for video jobs and trainings (DESIGN decision 6). It polls the studio's
 * task queue at TEMPORAL_ADDRESS and runs the jobs' activities against the same database, object
 * store and media engine as the bff (DATABASE_URL, and S3_* when the bff uses a bucket).
 */
import { ConfigError, loadConfig } from './config.ts';
import { createDb } from './db/index.ts';
import { createLogger } from './logger.ts';
import { createTrainingActivities } from './services/training/activities.ts';
import { createActivities } from './services/videos/activities.ts';
import { createMedia, createObjectStore } from './deps.ts';
import { instrumentMedia, serveMetrics } from './metrics.ts';
import { startTracing } from './tracing.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.temporal)
    throw new ConfigError('Invalid configuration:\n  TEMPORAL_ADDRESS: required by the worker (host:port of the Temporal frontend)');
  if (!config.databaseUrl) throw new ConfigError('Invalid configuration:\n  DATABASE_URL: required by the worker (the studio’s database)');
  const logger = createLogger(config.logLevel);
  // The workflows' and activities' spans (Temporal's interceptors) and the steps' own.
  const tracing = startTracing(config.otlpEndpoint, { name: 'studio-worker', instance: config.executorId });
  const db = createDb(config.databaseUrl);
  const media = instrumentMedia(createMedia(config, logger));
  // The activities' steps, media calls and credits are counted here: served on METRICS_PORT.
  const metrics = config.metrics.port === undefined ? null : await serveMetrics(config.metrics.port, config.host);
  if (metrics) logger.info({ url: metrics.url }, 'worker metrics');
  const objects = createObjectStore(config);
  const activities = createActivities({ db, objects, media });
  const { runTemporalWorker } = await import('@studio/workflows/temporal');
  logger.info({ address: config.temporal.address, namespace: config.temporal.namespace }, 'video worker polling');
  try {
    await runTemporalWorker(
      config.temporal,
      activities,
      createTrainingActivities({ db, objects, media, engine: 'temporal' }),
      tracing.spans ?? undefined,
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
