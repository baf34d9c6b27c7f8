import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { accountRoutes } from './account/index.ts';
import { adDraftRoutes } from './ad-drafts/index.ts';
import { adminRoutes } from './admin/index.ts';
import { adminJobRoutes } from './admin/jobs.ts';
import { assetRoutes } from './assets/index.ts';
import { brandKitRoutes } from './brand-kit/index.ts';
import { authRoutes } from './auth/index.ts';
import { catalogRoutes } from './catalog/index.ts';
import { creditsRoutes } from './credits/index.ts';
import { devOutboxRoutes } from './dev-outbox/index.ts';
import { healthRoutes } from './health/index.ts';
import { imageRoutes } from './images/index.ts';
import { mediaRoutes } from './media/index.ts';
import { metricsRoutes } from './metrics/index.ts';
import { musicRoutes } from './music/index.ts';
import { paymentRoutes } from './payments/index.ts';
import { planStatusRoutes } from './plan-status/index.ts';
import { productRoutes } from './products/index.ts';
import { projectRoutes } from './projects/index.ts';
import { profileRoutes } from './profile/index.ts';
import { studioRoutes } from './studio/index.ts';
import { trainingRoutes } from './training/index.ts';
import { videoRoutes } from './videos/index.ts';
import { voiceRoutes } from './voices/index.ts';

/** Every API router, in one list. */
export function createApiRouter(deps: AppDeps): Router {
  const api = new Router();
  for (const routes of [
    healthRoutes,
    metricsRoutes,
    authRoutes,
    accountRoutes,
    devOutboxRoutes,
    profileRoutes,
    creditsRoutes,
    planStatusRoutes,
    catalogRoutes,
    adminRoutes,
    adminJobRoutes,
    mediaRoutes,
    assetRoutes,
    imageRoutes,
    voiceRoutes,
    musicRoutes,
    videoRoutes,
    paymentRoutes,
    productRoutes,
    adDraftRoutes,
    brandKitRoutes,
    projectRoutes,
    studioRoutes,
    trainingRoutes,
  ]) {
    const router = routes(deps);
    api.use(router.routes(), router.allowedMethods());
  }
  return api;
}
