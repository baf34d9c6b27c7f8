/**
 * Every service, built once (DESIGN decision 12): `createDeps` calls `createServices` with the
 * clients it opened, and routes take the built services from `deps.services`. Each service
 * declares the narrow dependencies it uses; nothing here imports `deps.ts`, so a service never
 * reaches for more than it was given.
 */
import type { MediaEngine } from '@studio/media';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Logger } from '../logger.ts';
import { createAdDraftService } from './ad-drafts/service.ts';
import { languageModelWriter } from './ad-drafts/language-model.ts';
import { templateWriter } from './ad-drafts/templates.ts';
import { createAdminJobs } from './admin/jobs.ts';
import { createAssetService } from './assets/service.ts';
import { createAuthService } from './auth-service.ts';
import { createBrandKitService } from './brand-kit/service.ts';
import { createCreditService } from './credits/service.ts';
import { createHealthService } from './health.ts';
import { createImageService } from './images/service.ts';
import { createMusicService } from './music/service.ts';
import { EventStreamLimit, liveSessionsIn, SessionWatch } from './event-streams.ts';
import { createProductService } from './products/service.ts';
import { createProjectService } from './projects/service.ts';
import { createCatalogService } from './payments/catalog.ts';
import { createBillingService } from './payments/billing.ts';
import type { Payments } from './payments/stripe.ts';
import { createPlanStatusService } from './plans/plan-status.ts';
import { createProfileService } from './profile-service.ts';
import { createAvatarStore } from './storage/avatars.ts';
import type { ObjectStore } from './storage/object-store.ts';
import { createThumbnails } from './storage/thumbnails.ts';
import { createTrainingService } from './training/service.ts';
import { createUploadGate } from './uploads/gate.ts';
import type { JobEngine } from './videos/engine.ts';
import { createVideoService } from './videos/service.ts';
import { createVoiceService } from './voices/service.ts';

/** What the services are built from: the clients `createDeps` opened. */
export interface ServiceDeps {
  config: Config;
  db: Db;
  logger: Logger;
  media: MediaEngine;
  objects: ObjectStore;
  jobs: JobEngine;
  payments: Payments | null;
}

export function createServices({ config, db, logger, media, objects, jobs, payments }: ServiceDeps) {
  const { appUrl } = config;
  /** The one upload gate: every upload route's middleware (`uploads.accept(spec)`). */
  const uploads = createUploadGate(config.dataDir);
  const thumbnails = createThumbnails(objects);
  const avatars = createAvatarStore(objects);
  const music = createMusicService({ db, objects, appUrl, speech: media.speech });
  const videos = createVideoService({ db, config, media, objects, jobs, logger, music });
  const products = createProductService({ db, objects, thumbnails, storeImportAllowedOrigins: config.storeImportAllowedOrigins });
  const brandKit = createBrandKitService({ db, objects, thumbnails });
  return {
    health: createHealthService({ db }),
    auth: createAuthService({ db, config, objects, payments }),
    uploads,
    avatars,
    profiles: createProfileService({ db, avatars }),
    credits: createCreditService({ db }),
    assets: createAssetService({ db, objects, thumbnails, appUrl }),
    images: createImageService({ db, media, objects, thumbnails, appUrl }),
    videos,
    /** The open job event streams: a limit per user, and their sessions watched so signing out ends them. */
    jobStreams: {
      open: new EventStreamLimit(),
      sessions: new SessionWatch(liveSessionsIn(db), (error) => logger.warn({ err: error }, 'checking the sessions of event streams')),
    },
    adminJobs: createAdminJobs({ db, config, jobs, logger, videos }),
    products,
    brandKit,
    /** Ads drafted from a product: scripts by template, or by the configured language model. */
    adDrafts: createAdDraftService({
      db,
      objects,
      appUrl,
      products,
      brandKit,
      writer: config.languageModel ? languageModelWriter(config.languageModel, logger) : templateWriter,
    }),
    projects: createProjectService({ db, appUrl }),
    training: createTrainingService({ db, media, objects, jobs }),
    voices: createVoiceService({ db, media, objects }),
    music,
    catalog: createCatalogService({ db }),
    planStatus: createPlanStatusService({ db }),
    billing: createBillingService({ db, config, payments, logger }),
  };
}
export type Services = ReturnType<typeof createServices>;
