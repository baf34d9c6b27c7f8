/**
 * The studio's dependencies, built once from the configuration (DESIGN decision 12): the bff's
 * start, the Temporal worker and the test harness call `createDeps`. The services are built here,
 * once (`createServices`), each from the fields it declares; routes take them from `deps.services`.
 * Wiring goes one way: nothing here imports `app.ts` or `start.ts`, and no service imports this file.
 */
import { createMediaEngine, createMediaHost, describeEngine, type MediaEngine } from '@studio/media';
import type { Config } from './config.ts';
import { createDb, type Db } from './db/index.ts';
import { CHANNELS, listenForChanges, type Notifications } from './db/notifications.ts';
import type { Logger } from './logger.ts';
import { PostgresRateLimitStore, type RateLimitStore } from './middlewares/rate-limit.ts';
import type { DevOidcIssuer } from './services/dev-oidc-issuer.ts';
import { createServices, type Services } from './services/index.ts';
import { createMailer, type DevOutbox, type Mailer } from './services/mail.ts';
import { mediaCallActivities, remoteMedia, sweepMediaCalls } from './services/media-calls.ts';
import { createLocalObjectStore, createS3ObjectStore, type ObjectStore } from './services/storage/object-store.ts';
import { createGoogleSignIn, type OidcClient } from './services/oidc.ts';
import { syncCatalogPrices } from './services/payments/catalog-sync.ts';
import { createPayments, type Payments } from './services/payments/stripe.ts';
import { forgetPlanStatuses, invalidatePlanStatus } from './services/plans/plan-status.ts';
import { instrumentMedia, observePool } from './metrics.ts';
import { createTrainingActivities } from './services/training/activities.ts';
import { createActivities } from './services/videos/activities.ts';
import { createJobEngine, refusingActivities, type JobEngine } from './services/videos/engine.ts';
import { createRenderTracker, startHeartbeat } from './services/workers/heartbeat.ts';
import { queueDepths } from './services/workers/store.ts';
import { observeQueueDepths } from './metrics.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  /** The dev outbox when no SMTP_URL is set (its route is not mounted in production). */
  outbox: DevOutbox | null;
  /** Google-type sign-in (OpenID Connect relying party); null when off (production without OIDC_*). */
  oidc: OidcClient | null;
  /** The local issuer when no OIDC_ISSUER_URL is set, served under /oidc. */
  devOidcIssuer: DevOidcIssuer | null;
  /** Attempt counters of the rate limits. */
  rateLimitStore: RateLimitStore;
  /** The image capabilities: local and offline, or fal.ai with FAL_KEY. */
  media: MediaEngine;
  /** Generated files (gallery assets, temporary uploads). */
  objects: ObjectStore;
  /** The durable engine that runs video jobs (DBOS here, or Temporal). */
  jobs: JobEngine;
  /** Database notifications (job changes, ledger writes), heard by this process. */
  notifications: Notifications;
  /** Stripe (or the local emulator); null when payments are unavailable. */
  payments: Payments | null;
  /** Every service, built once from the fields above (`services/index.ts`); routes call these. */
  services: Services;
}

/**
 * The media engine the configuration asks for (the bff and the Temporal worker build it the same way):
 * by default in a media host, a child process below this one's priority that starts on the first call
 * (DESIGN decision 18: nothing CPU-heavy on the main thread of a process that answers HTTP);
 * `MEDIA_HOST=inline` builds it in this process.
 */
export function createMedia(config: Config, logger: Logger): MediaEngine {
  const options = engineOptions(config);
  const log = {
    info: (msg: string, meta?: object) => logger.debug(meta ?? {}, msg),
    warn: (msg: string, meta?: object) => logger.warn(meta ?? {}, msg),
  };
  if (config.mediaHost === 'inline') return createMediaEngine({ ...options, logger: log });
  return createMediaHost({ engine: { kind: 'media', options }, concurrency: config.mediaHostConcurrency, logger: log });
}

const engineOptions = (config: Config) => ({
  falKey: config.falKey,
  falBaseUrl: config.falBaseUrl,
  elevenLabsApiKey: config.elevenLabs?.apiKey,
  elevenLabsBaseUrl: config.elevenLabs?.baseUrl,
});

/**
 * An API process's media engine (`STUDIO_ROLE=api`): the shape of the engine its workers build, every
 * call run on one of them through the job engine (`services/media-calls.ts`), so that the image work a
 * request waits for never runs here either.
 */
async function workersMedia(config: Config, objects: ObjectStore, jobs: () => JobEngine): Promise<MediaEngine> {
  // Built only to be described (its models load on a first call, which never comes here).
  const shape = config.fastMedia
    ? (await import('@studio/media/testing')).createFastMediaEngine()
    : createMediaEngine(engineOptions(config));
  return remoteMedia({
    description: describeEngine(shape),
    objects,
    pickupMs: config.mediaPickupMs,
    run: (request, pickupMs) => jobs().callMedia(request, pickupMs),
  });
}

export const createObjectStore = (config: Config): ObjectStore =>
  config.s3 ? createS3ObjectStore(config.s3) : createLocalObjectStore(config.dataDir);

/** An API process stopped while a media call waited leaves its bytes; an hour later they are removed at the next start. */
const MEDIA_CALL_BYTES_KEPT_MS = 60 * 60_000;

/** Deps a caller may leave out (a test file that does not pay, sign in with Google or use the engine). */
export type OptionalDep = 'payments' | 'oidc' | 'media';

/** Stands in for a dep that was not built: any use says which one, instead of failing obscurely. */
function notBuilt<T extends object>(name: OptionalDep): T {
  return new Proxy({} as T, {
    get(_target, property) {
      if (property === 'then') return undefined;
      if (property === 'close') return async () => {};
      throw new Error(`The ${name} dependency was not built (createDeps "only" left it out).`);
    },
  });
}

export interface CreatedDeps {
  deps: AppDeps;
  /** Starts the durable job engine now (it resumes the jobs a stopped process left), not on first use. */
  launchJobs(): Promise<void>;
  /** Closes what createDeps opened, in reverse order (the database last). */
  close(): Promise<void>;
}

/**
 * Builds every dependency on an open, migrated database. `only` lists the optional deps to build
 * (all by default); the others stand in as `notBuilt` (or null where the type allows it). `media`
 * replaces the configured engine (the tests' fast engine).
 */
export async function createDeps(
  config: Config,
  logger: Logger,
  databaseUrl: string,
  options: { only?: OptionalDep[]; media?: MediaEngine } = {},
): Promise<CreatedDeps> {
  const wanted = (dep: OptionalDep) => !options.only || options.only.includes(dep);
  const db = createDb(databaseUrl);
  const unobservePool = observePool(db);
  const opened: Array<() => Promise<unknown>> = [async () => (unobservePool(), await db.destroy())];
  const close = async () => {
    for (const step of opened.reverse()) await step();
  };
  try {
    const { mailer, outbox } = createMailer(config, logger);
    const { oidc, devOidcIssuer } = wanted('oidc') ? await createGoogleSignIn(config, logger) : { oidc: null, devOidcIssuer: null };
    const objects = createObjectStore(config);
    // Set below; an API process's media calls go to the workers through it.
    let jobs: JobEngine | null = null;
    const engine = async (): Promise<MediaEngine> => {
      if (options.media) return options.media;
      if (!wanted('media')) return notBuilt<MediaEngine>('media');
      if (config.role === 'api') return workersMedia(config, objects, () => jobs!);
      // MEDIA_ENGINE=fast (tests only, config.ts refuses it elsewhere): a spawned process renders with the instant engine.
      if (config.fastMedia) return (await import('@studio/media/testing')).createFastMediaEngine();
      return createMedia(config, logger);
    };
    const media = instrumentMedia(await engine());
    opened.push(() => media.close());
    // Every process forgets a user's cached plan status when their ledger changes, whoever wrote it.
    const notifications = listenForChanges(databaseUrl, logger);
    opened.push(() => notifications.close());
    notifications.on(CHANNELS.planStatus, invalidatePlanStatus);
    notifications.onResume(forgetPlanStatuses);
    // An API process renders nothing (DESIGN decision 18); a rendering one counts what it renders.
    const tracker = config.role === 'api' ? null : createRenderTracker(config.executorId);
    const rendering = tracker
      ? {
          activities: tracker.video(createActivities({ db, objects, media })),
          training: tracker.training(createTrainingActivities({ db, objects, media, engine: config.temporal ? 'temporal' : 'dbos' })),
          media: tracker.media(mediaCallActivities({ media, objects })),
        }
      : refusingActivities();
    let heartbeat: ReturnType<typeof startHeartbeat> | null = null;
    const jobEngine = createJobEngine({
      databaseUrl,
      executorId: config.executorId,
      tracing: config.otlpEndpoint !== undefined,
      temporal: config.temporal,
      ...rendering,
      logger,
      role: config.role,
      renderConcurrency: config.renderConcurrency,
      userRenderLimit: config.userRenderLimit,
      // A process that renders on DBOS beats in the workers table and recovers dead workers' jobs.
      onLaunched: () => {
        if (!tracker || config.role === 'api' || heartbeat) return;
        heartbeat = startHeartbeat({
          db,
          executorId: config.executorId,
          role: config.role,
          renderConcurrency: config.renderConcurrency,
          everyMs: config.workerHeartbeatMs,
          deadAfterMs: config.workerDeadAfterMs,
          tracker,
          recoverExecutor: (id) => jobEngine.recoverExecutor!(id),
          logger,
        });
      },
    });
    jobs = jobEngine;
    opened.push(() => jobEngine.close());
    if (config.role === 'api')
      void sweepMediaCalls(objects, new Date(Date.now() - MEDIA_CALL_BYTES_KEPT_MS)).catch((error: unknown) =>
        logger.warn({ err: error }, 'old media calls could not be swept'),
      );
    observeQueueDepths(jobEngine.name === 'dbos' ? () => queueDepths(db) : null);
    // Stopped before the engine: its last beat says the process renders nothing any more.
    opened.push(async () => {
      observeQueueDepths(null);
      await heartbeat?.stop();
    });
    // Payments: Stripe by its keys, or the local emulator; the catalog's prices are synced once.
    const payments = wanted('payments') ? await createPayments(config, logger) : null;
    if (payments) {
      opened.push(() => payments.close());
      await syncCatalogPrices(db, payments.stripe)
        .then(({ created, total }) => logger.info({ created, total }, 'payment prices synced'))
        .catch((error: unknown) => logger.warn({ err: error }, 'payment prices could not be synced; payments may be unavailable'));
    }
    const deps: AppDeps = {
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
      jobs: jobEngine,
      notifications,
      payments,
      services: createServices({ config, db, logger, media, objects, jobs: jobEngine, payments }),
    };
    return { deps, close, launchJobs: () => jobEngine.launch() };
  } catch (error) {
    await close();
    throw error;
  }
}
