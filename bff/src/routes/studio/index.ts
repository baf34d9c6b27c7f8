import Router from '@koa/router';
import {
  Messages,
  StudioEditRequest,
  StudioEditResponse,
  StudioMessages,
  StudioPricesResponse,
  StudioRoutes,
  StudioSaveRequest,
  UpscaleImageResponse,
} from '@studio/contracts';
import type { AppDeps } from '../../app.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { assertStorageAvailable, saveImageAsset } from '../../services/assets.ts';
import { runStudioStep, studioPrices } from '../../services/images/studio.ts';
import { ownImageAt } from '../../services/own-media.ts';
import { toGenerated } from '../images/index.ts';
import { route } from '../route.ts';

/** Product Studio (`/app/image-editor`): priced steps on a private working copy, then Save to the gallery. */
export function studioRoutes({ db, config, media, objects }: AppDeps): Router {
  const router = new Router();
  const deps = { db, media, objects, appUrl: config.appUrl };

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
      ctx.body = { success: true, prices: await studioPrices(db) } satisfies StudioPricesResponse;
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
    async (ctx) => {
      const request = StudioEditRequest.parse(ctx.request.body ?? {});
      ctx.body = await runStudioStep(deps, currentUser(ctx.state).id, request);
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
    async (ctx) => {
      const user = currentUser(ctx.state);
      const { imageUrl, description } = StudioSaveRequest.parse(ctx.request.body ?? {});
      const image = await ownImageAt(deps, user.id, imageUrl);
      await assertStorageAvailable(db, user.id);
      const asset = await saveImageAsset(db, objects, {
        userId: user.id,
        image,
        metadata: {
          prompt: description,
          mode: 'edit',
          model: 'product_studio',
          selectedLoRAModels: [],
          provider: media.routes.replaceBackground,
        },
      });
      ctx.body = { success: true, image: toGenerated(asset) } satisfies UpscaleImageResponse;
    },
  );

  return router;
}
