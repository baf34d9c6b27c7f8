import Router from '@koa/router';
import {
  Messages,
  StartTrainingFields,
  StyleListResponse,
  SuccessResponse,
  TRAINING_IMAGES_MAX,
  TRAINING_IMAGES_MIN,
  TrainedModelListResponse,
  TrainedModelResponse,
  TrainingMessages,
  TrainingRoutes,
  UpdateTrainedModelRequest,
} from '@studio/contracts';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.ts';
import { invalidRequest } from '../../errors.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { rateLimit, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { IMAGE_UPLOAD_RULE, uploadOf, type UploadSpec } from '../../services/uploads/gate.ts';
import { route } from '../route.ts';

const TRAINING_IMAGES: UploadSpec = {
  files: Object.fromEntries(Array.from({ length: TRAINING_IMAGES_MAX }, (_, i) => [`image_${i}`, IMAGE_UPLOAD_RULE])),
  maxFieldsBytes: 8 * 1024,
};

/** Styles (`/app/explore`) and training styles and characters (spec 1 §1–§3, spec 2 §7). */
export function trainingRoutes({ services: { training, uploads }, rateLimitStore }: AppDeps): Router {
  const router = new Router();
  const uploadLimit = rateLimit({ name: 'uploads', store: rateLimitStore, rules: RATE_LIMITS.uploads });

  const sendPng = (ctx: Context, bytes: Buffer, cache: string) => {
    ctx.type = 'image/png';
    ctx.set('Cache-Control', cache);
    ctx.body = bytes;
  };

  route(
    router,
    {
      method: 'get',
      path: TrainingRoutes.styles,
      summary: 'Styles: the global ones and those the community shares (newest first), each with a sample image',
      auth: 'none',
      responses: { 200: StyleListResponse },
    },
    async (ctx) => {
      ctx.body = { success: true, ...(await training.styles()) } satisfies StyleListResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${TrainingRoutes.styles}/:styleId/sample`,
      summary: 'A global style’s sample image (rendered by the local engine once, then kept)',
      auth: 'none',
      responses: { 200: 'image/png', 404: 'No such style' },
    },
    async (ctx) => {
      sendPng(ctx, await training.globalStyleSample(ctx.params.styleId ?? ''), 'public, max-age=86400');
    },
  );

  route(
    router,
    {
      method: 'post',
      path: TrainingRoutes.models,
      summary: `Train a style or a character from ${TRAINING_IMAGES_MIN}–${TRAINING_IMAGES_MAX} images (\`image_0\` …; about 4 work best): a durable job; Pro only`,
      auth: 'user',
      multipart: { image_0: 'First image', image_1: 'Further images, up to image_7' },
      fields: StartTrainingFields,
      responses: {
        200: TrainedModelResponse,
        400: TrainingMessages.tooFewImages,
        402: `${TrainingMessages.proOnly} / ${Messages.insufficientCredits}`,
        403: Messages.storageFull,
        409: Messages.trainingInProgress,
        413: Messages.imageTooLarge,
      },
    },
    uploadLimit,
    // The plan, a running training, the storage quota and the credits are checked before anything is uploaded.
    async (ctx, next) => {
      await training.assertCanTrain(currentUser(ctx.state).id);
      await next();
    },
    uploads.accept(TRAINING_IMAGES),
    async (ctx, { fields: { kind, name } }) => {
      const user = currentUser(ctx.state);
      const { files } = uploadOf(ctx);
      const chosen = Object.keys(TRAINING_IMAGES.files).flatMap((field) => (files[field] ? [files[field]] : []));
      if (chosen.length < TRAINING_IMAGES_MIN) throw invalidRequest(TrainingMessages.tooFewImages, { field: 'image_0' });
      ctx.body = { success: true, model: await training.start(user.id, kind, name, chosen) } satisfies TrainedModelResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: TrainingRoutes.models,
      summary: 'Your trained styles and characters, newest first, with their training state',
      auth: 'user',
      responses: { 200: TrainedModelListResponse },
    },
    async (ctx) => {
      ctx.body = { success: true, models: await training.list(currentUser(ctx.state).id) } satisfies TrainedModelListResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${TrainingRoutes.models}/:modelId`,
      summary: 'One of your models: its training status and progress',
      auth: 'user',
      responses: { 200: TrainedModelResponse, 404: TrainingMessages.notFound },
    },
    async (ctx) => {
      ctx.body = {
        success: true,
        model: await training.get(currentUser(ctx.state).id, ctx.params.modelId ?? ''),
      } satisfies TrainedModelResponse;
    },
  );

  route(
    router,
    {
      method: 'patch',
      path: `${TrainingRoutes.models}/:modelId`,
      summary: 'Rename one of your models, or share a ready style with the community (or stop sharing it)',
      auth: 'user',
      body: UpdateTrainedModelRequest,
      responses: { 200: TrainedModelResponse, 404: TrainingMessages.notFound, 409: TrainingMessages.notReady },
    },
    async (ctx, { body: change }) => {
      ctx.body = {
        success: true,
        model: await training.update(currentUser(ctx.state).id, ctx.params.modelId ?? '', change),
      } satisfies TrainedModelResponse;
    },
  );

  route(
    router,
    {
      method: 'delete',
      path: `${TrainingRoutes.models}/:modelId`,
      summary: 'Delete one of your models and its training images',
      auth: 'user',
      responses: { 200: SuccessResponse, 404: TrainingMessages.notFound },
    },
    async (ctx) => {
      await training.remove(currentUser(ctx.state).id, ctx.params.modelId ?? '');
      ctx.body = { success: true };
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${TrainingRoutes.models}/:modelId/sample`,
      summary: 'A model’s sample image: to its owner, or to anyone once the style is shared',
      auth: 'none',
      responses: { 200: 'image/png', 404: 'No such sample' },
    },
    async (ctx) => {
      const sample = await training.sample(ctx.state.user?.id ?? null, ctx.params.modelId ?? '');
      sendPng(ctx, sample.bytes, sample.shared ? 'public, max-age=3600' : 'private, max-age=3600');
    },
  );

  return router;
}
