import { randomBytes } from 'node:crypto';
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
import { renderStyleSample } from '@studio/media';
import type { Context } from 'koa';
import { jobsTotal } from '../../metrics.ts';
import type { AppDeps } from '../../deps.ts';
import { invalidRequest, notFound } from '../../errors.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { rateLimit, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { GLOBAL_STYLES } from '../../services/training/global-styles.ts';
import {
  assertCanTrain,
  createModel,
  deleteModel,
  endTraining,
  getOwnModel,
  listOwnModels,
  listStyles,
  readableModel,
  toTrainedModel,
  updateModel,
} from '../../services/training/models.ts';
import { createUploadGate, IMAGE_UPLOAD_RULE, uploadOf, type UploadSpec } from '../../services/uploads/gate.ts';
import { acceptImage } from '../../services/uploads/images.ts';
import { route } from '../route.ts';

const TRAINING_IMAGES: UploadSpec = {
  files: Object.fromEntries(Array.from({ length: TRAINING_IMAGES_MAX }, (_, i) => [`image_${i}`, IMAGE_UPLOAD_RULE])),
  maxFieldsBytes: 8 * 1024,
};

/** Styles (`/app/explore`) and training styles and characters (spec 1 §1–§3, spec 2 §7). */
export function trainingRoutes({ db, config, media, objects, jobs, rateLimitStore }: AppDeps): Router {
  const router = new Router();
  const uploads = createUploadGate(config.dataDir);
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
      ctx.body = { success: true, ...(await listStyles(db)) } satisfies StyleListResponse;
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
      const style = GLOBAL_STYLES.find((s) => s.id === ctx.params.styleId);
      if (!style) throw notFound();
      const key = `styles/global/${style.id}.png`;
      let bytes = await objects.read(key);
      if (!bytes) {
        bytes = (await renderStyleSample(style.grade)).data;
        await objects.put(key, bytes);
      }
      sendPng(ctx, bytes, 'public, max-age=86400');
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
      await assertCanTrain(db, currentUser(ctx.state).id);
      await next();
    },
    uploads.accept(TRAINING_IMAGES),
    async (ctx, { fields: { kind, name } }) => {
      const user = currentUser(ctx.state);
      const { files } = uploadOf(ctx);
      const chosen = Object.keys(TRAINING_IMAGES.files).flatMap((field) => (files[field] ? [files[field]] : []));
      if (chosen.length < TRAINING_IMAGES_MIN) throw invalidRequest(TrainingMessages.tooFewImages, { field: 'image_0' });
      const images = await Promise.all(chosen.map((file) => acceptImage(file.path, Messages.imageTypeInvalid)));
      // With a hosted trainer the style is also trained as a LoRA, asked for by its trigger word.
      const hosted = Boolean(media.trainLora);
      const triggerWord = hosted ? `stl${randomBytes(4).toString('hex')}` : null;
      const row = await createModel(db, objects, { userId: user.id, kind, name, images, provider: hosted ? 'fal' : 'local', triggerWord });
      // A training the engine never took is ended as failed, which gives its credits back.
      await jobs.startTraining({ modelId: row.id, userId: user.id }).catch(async (error: unknown) => {
        await endTraining(db, row.id, { status: 'failed', error: TrainingMessages.failed });
        throw error;
      });
      jobsTotal.inc({ kind: 'training', engine: jobs.name, event: 'started' });
      ctx.body = { success: true, model: toTrainedModel(row) } satisfies TrainedModelResponse;
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
      const rows = await listOwnModels(db, currentUser(ctx.state).id);
      ctx.body = { success: true, models: rows.map(toTrainedModel) } satisfies TrainedModelListResponse;
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
      const row = await getOwnModel(db, currentUser(ctx.state).id, ctx.params.modelId ?? '');
      ctx.body = { success: true, model: toTrainedModel(row) } satisfies TrainedModelResponse;
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
      const row = await updateModel(db, currentUser(ctx.state).id, ctx.params.modelId ?? '', change);
      ctx.body = { success: true, model: toTrainedModel(row) } satisfies TrainedModelResponse;
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
      await deleteModel(db, objects, currentUser(ctx.state).id, ctx.params.modelId ?? '');
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
      const row = await readableModel(db, ctx.state.user?.id ?? null, ctx.params.modelId ?? '');
      const bytes = row?.sample_key ? await objects.read(row.sample_key) : null;
      if (!bytes) throw notFound();
      sendPng(ctx, bytes, row!.is_shared ? 'public, max-age=3600' : 'private, max-age=3600');
    },
  );

  return router;
}
