import Router from '@koa/router';
import {
  AdCloneDescribeRequest,
  AdCloneDescribeResponse,
  AdCloneMessages,
  AdCloneRequest,
  AdCloneResponse,
  AdCloneRoutes,
  Messages,
  StudioEditRequest,
  StudioEditResponse,
  StudioMessages,
  StudioPricesResponse,
  StudioRoutes,
  StudioSaveRequest,
  UpscaleImageResponse,
} from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { route } from '../route.ts';

/**
 * Product Studio (`/app/image-editor`): priced steps on a private working copy, then Save to the
 * gallery. Ad Clone (`/app/ad-clone`): describe a reference ad, then make ads like it with a product.
 */
export function studioRoutes({ services: { images } }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: StudioRoutes.prices,
      summary: 'What each Product Studio step costs, in credits (from task_pricing)',
      auth: 'user',
      responses: { 200: StudioPricesResponse },
    },
    async (ctx) => {
      ctx.body = { success: true, prices: await images.studioPrices() } satisfies StudioPricesResponse;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: StudioRoutes.edit,
      summary:
        'One Product Studio step on one of your images: remove or replace the background (prompt or scene template), place it in a scene, upscale 2×, or crop/reframe to an aspect ratio; charged before it runs, refunded if it fails; `requestId` charges a retry once',
      auth: 'user',
      body: StudioEditRequest,
      responses: {
        200: StudioEditResponse,
        400: StudioMessages.backgroundRequired,
        402: Messages.insufficientCredits,
        502: StudioMessages.failed,
      },
    },
    async (ctx, { body }) => {
      ctx.body = await images.studioStep(currentUser(ctx.state).id, body);
    },
  );

  route(
    router,
    {
      method: 'post',
      path: StudioRoutes.save,
      summary: 'Save a Product Studio result (one of your images or working copies) to your gallery',
      auth: 'user',
      body: StudioSaveRequest,
      responses: { 200: UpscaleImageResponse, 400: Messages.imageNotYours, 403: Messages.storageFull },
    },
    async (ctx, { body }) => {
      ctx.body = await images.studioSave(currentUser(ctx.state).id, body);
    },
  );

  route(
    router,
    {
      method: 'post',
      path: AdCloneRoutes.describe,
      summary:
        'Ad Clone: describe a reference ad (one of your images or uploads) and write a prompt from it; 1 credit, refunded if it fails',
      auth: 'user',
      body: AdCloneDescribeRequest,
      responses: {
        200: AdCloneDescribeResponse,
        400: Messages.imageNotYours,
        402: Messages.insufficientCredits,
        502: AdCloneMessages.failed,
      },
    },
    async (ctx, { body }) => {
      ctx.body = await images.adCloneDescribe(currentUser(ctx.state).id, body);
    },
  );

  route(
    router,
    {
      method: 'post',
      path: AdCloneRoutes.generate,
      summary: 'Ad Clone: make 1–4 ads like the reference with your product, into your gallery; 1 credit each, refunded if it fails',
      auth: 'user',
      body: AdCloneRequest,
      responses: {
        200: AdCloneResponse,
        400: AdCloneMessages.promptRequired,
        402: Messages.insufficientCredits,
        403: Messages.storageFull,
        502: AdCloneMessages.failed,
      },
    },
    async (ctx, { body }) => {
      ctx.body = await images.adClone(currentUser(ctx.state).id, body);
    },
  );

  return router;
}
