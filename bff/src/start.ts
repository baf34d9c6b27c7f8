import type { Server } from 'node:http';
import path from 'node:path';
import { createMediaEngine } from '@studio/media';
import { createLocalObjectStore, createS3ObjectStore, type ObjectStore } from './services/object-store.ts';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.ts';
import { createDb, migrateAndSeed } from './db/index.ts';
import type { Logger } from './logger.ts';
import { PostgresRateLimitStore } from './middlewares/rate-limit.ts';
import { createMailer } from './services/mail.ts';
import { sweepTemporaryUploads } from './services/own-media.ts';
import { createGoogleSignIn } from './services/oidc.ts';
import { CHANNELS, listenForChanges } from './db/notifications.ts';
import { invalidatePlanStatus } from './services/plan-status.ts';
import { createTrainingActivities } from './services/training/activities.ts';
import { createActivities } from './services/videos/activities.ts';
import { createJobEngine, type JobEngine } from './services/videos/engine.ts';
import { overdueJobs, timeOut } from './services/videos/jobs.ts';
import type { Db } from './db/index.ts';
import { syncCatalogPrices } from './services/payments/catalog-sync.ts';
import { createPayments } from './services/payments/stripe.ts';

export interface RunningStudio {
  url: string;
  server: Server;
  deps: import('./app.ts').AppDeps;
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

/** The media engine the configuration asks for (the bff and the Temporal worker build it the same way). */
export function createMedia(config: Config, logger: Logger) {
  return createMediaEngine({
    falKey: config.falKey,
    falBaseUrl: config.falBaseUrl,
    elevenLabsApiKey: config.elevenLabs?.apiKey,
    elevenLabsBaseUrl: config.elevenLabs?.baseUrl,
    logger: { info: (msg, meta) => logger.debug(meta ?? {}, msg), warn: (msg, meta) => logger.warn(meta ?? {}, msg) },
  });
}

export const createObjectStore = (config: Config): ObjectStore =>
  config.s3 ? createS3ObjectStore(config.s3) : createLocalObjectStore(config.dataDir);

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
 * Starts the whole studio from a config: the database (embedded when DATABASE_URL is unset),
 * migrations and catalog, services, then the HTTP server.
 */
export async function startStudio(
  config: Config,
  logger: Logger,
  options: { fastDatabase?: boolean; lazyJobs?: boolean } = {},
): Promise<RunningStudio> {
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
  const db = createDb(databaseUrl);
  try {
    await migrateAndSeed(db);
    const { mailer, outbox } = createMailer(config, logger);
    const { oidc, devOidcIssuer } = await createGoogleSignIn(config, logger);
    const media = createMedia(config, logger);
    const objects = createObjectStore(config);
    // Every process forgets a user's cached plan status when their ledger changes, whoever wrote it.
    const notifications = listenForChanges(databaseUrl, logger);
    notifications.on(CHANNELS.planStatus, invalidatePlanStatus);
    const jobs = createJobEngine({
      databaseUrl,
      temporal: config.temporal,
      activities: createActivities({ db, objects, media }),
      training: createTrainingActivities({ db, objects, media }),
      logger,
    });
    // Launching the engine resumes jobs a stopped or killed process left unfinished.
    if (!options.lazyJobs) await jobs.launch();
    // Payments: Stripe by its keys, or the local emulator; the catalog's prices are synced once.
    const payments = await createPayments(config, logger);
    if (payments)
      await syncCatalogPrices(db, payments.stripe)
        .then(({ created, total }) => logger.info({ created, total }, 'payment prices synced'))
        .catch((error: unknown) => logger.warn({ err: error }, 'payment prices could not be synced; payments may be unavailable'));
    const deps = {
      config,
      db,
      logger,
      mailer,
      outbox,
      oidc,
      devOidcIssuer,
      rateLimitStore: new PostgresRateLimitStore(db),
      media,
      objects,
      jobs,
      notifications,
      payments,
    };
    const sweeper = sweepTemporaryUploadsHourly(deps, logger);
    const overdue = timeOutOverdueJobs(db, jobs, logger);
    const app = createApp(deps);
    const server = app.listen(config.port, config.host);
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    payments?.listening(`http://${config.host}:${port}`);
    return {
      url: `http://${config.host}:${port}`,
      server,
      deps,
      async stop() {
        clearInterval(sweeper);
        clearInterval(overdue);
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await jobs.close();
        await notifications.close();
        await payments?.close();
        await media.close();
        await db.destroy();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await db.destroy();
    await embedded?.stop();
    throw error;
  }
}
