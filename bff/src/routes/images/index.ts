import Router from '@koa/router';
import {
  ApiRoutes,
  DescribeImageFields,
  DescribeImageResponse,
  GenerateImageFields,
  GenerateImageResponse,
  Messages,
  ModelListResponse,
  OwnerBody,
  UploadTempImageResponse,
  UpscaleImageRequest,
  UpscaleImageResponse,
} from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import { assertSelf, currentUser } from '../../middlewares/auth.ts';
import { rateLimit, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { assertOwnCharacter } from '../../services/assets/characters.ts';
import { assertStorageAvailable } from '../../services/assets/quota.ts';
import { deleteAsset, saveImageAsset, toGeneratedImage } from '../../services/assets/files.ts';
import { ownImageAt, putTempImage, TEMP_FILE, TEMP_URL_PREFIX } from '../../services/assets/own-media.ts';
import { runChargedTask } from '../../services/credits/charged-task.ts';
import { callEngine } from '../../services/images/engine-call.ts';
import { generateImages, type ImageSink } from '../../services/images/generate.ts';
import { answerOnce, digestOf, fingerprintOf } from '../../services/images/requests.ts';
import { createThumbnails } from '../../services/storage/thumbnails.ts';
import { createUploadGate, IMAGE_UPLOAD_RULE, uploadOf, type UploadedFile, type UploadSpec } from '../../services/uploads/gate.ts';
import { acceptImage, readImageData } from '../../services/uploads/images.ts';
import { sharedModelEntries, usableStyles } from '../../services/training/models.ts';
import { route } from '../route.ts';
import { PREBUILT_MODEL_ENTRIES } from './models.ts';

/** spec 2 §5: JPEG, PNG or WebP under 10 MB. */
const ONE_IMAGE: UploadSpec = { files: { image: { ...IMAGE_UPLOAD_RULE, required: true } } };
const GENERATION_IMAGES: UploadSpec = { files: { image: IMAGE_UPLOAD_RULE, image2: IMAGE_UPLOAD_RULE }, maxFieldsBytes: 32 * 1024 };

export function imageRoutes({ db, config, media, objects, rateLimitStore }: AppDeps): Router {
  const router = new Router();
  const uploads = createUploadGate(config.dataDir);
  const thumbnails = createThumbnails(objects);
  const uploadLimit = rateLimit({ name: 'uploads', store: rateLimitStore, rules: RATE_LIMITS.uploads });

  /**
   * An input image given by URL: only one of the caller's own assets or temporary uploads (the
   * server never fetches a URL it does not own).
   */
  const ownImage = (userId: string, url: string) => ownImageAt({ db, objects, appUrl: config.appUrl }, userId, url);

  const inputImage = (userId: string, file: UploadedFile | undefined, url: string | undefined) =>
    file ? acceptImage(file.path, Messages.imageTypeInvalid) : url ? ownImage(userId, url) : Promise.resolve(undefined);

  /** Results go to the caller's gallery; a failed generation takes back what it stored. */
  const gallerySink = (userId: string): ImageSink => ({
    assertRoom: () => assertStorageAvailable(db, userId),
    save: async (image, metadata) =>
      toGeneratedImage(await saveImageAsset(db, objects, { userId, image, metadata: { ...metadata }, characterId: metadata.characterId })),
    discard: async (assetIds) => {
      for (const id of assetIds) await deleteAsset(db, objects, userId, id, (asset) => thumbnails.remove(asset));
    },
  });

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.imageModels,
      summary:
        'The image models the prompt bar offers: the pre-built ones, the global styles and the community’s (the caller’s own come from user-lora-models)',
      auth: 'user',
      responses: { 200: ModelListResponse },
    },
    async (ctx) => {
      ctx.body = {
        success: true,
        models: [...PREBUILT_MODEL_ENTRIES, ...(await sharedModelEntries(db))],
        engine: media.routes.generateImage === 'local' ? 'local' : 'hosted',
      } satisfies ModelListResponse;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.uploadTempImage,
      summary: 'Upload an image to use as a generation input (JPEG, PNG or WebP under 10 MB); private to you',
      auth: 'user',
      multipart: { image: 'The image file' },
      fields: OwnerBody,
      responses: { 200: UploadTempImageResponse, 400: Messages.imageTypeInvalid, 403: Messages.storageFull, 413: Messages.imageTooLarge },
    },
    uploadLimit,
    uploads.accept(ONE_IMAGE),
    async (ctx, { fields }) => {
      const user = currentUser(ctx.state);
      const { files } = uploadOf(ctx);
      assertSelf(ctx, fields.userId);
      const image = await acceptImage(files.image!.path, Messages.imageTypeInvalid);
      // A temporary upload counts against storage until it is swept.
      await assertStorageAvailable(db, user.id);
      const imageUrl = await putTempImage({ db, objects }, user.id, image);
      ctx.body = { success: true, imageUrl } satisfies UploadTempImageResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${TEMP_URL_PREFIX}/:file`,
      summary: 'A temporary upload, to its owner only',
      auth: 'user',
      responses: { 200: 'The image', 404: 'No such upload of yours' },
    },
    async (ctx) => {
      const match = TEMP_FILE.exec(ctx.params.file ?? '');
      if (!match || match[1] !== currentUser(ctx.state).id) throw notFound();
      const opened = await objects.open(`temp/${match[0]}`);
      if (!opened) throw notFound();
      ctx.type = match[2]!;
      ctx.length = opened.size;
      ctx.set('Cache-Control', 'private, max-age=86400');
      ctx.body = opened.stream;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.generateImage,
      summary: 'Generate or edit images (every mode, 1–4 images); 1 credit per image, refunded if it fails; `requestId` makes a retry free',
      auth: 'user',
      multipart: { image: 'Input image (product or garment)', image2: 'Second image (place or person)' },
      fields: GenerateImageFields,
      responses: {
        200: GenerateImageResponse,
        400: Messages.promptRequired,
        402: Messages.insufficientCredits,
        403: Messages.notYourData,
        404: Messages.characterNotFound,
        409: Messages.generationInProgress,
        502: Messages.failedToGenerateImage,
      },
    },
    uploadLimit,
    uploads.accept(GENERATION_IMAGES),
    async (ctx, { fields }) => {
      const user = currentUser(ctx.state);
      const { files } = uploadOf(ctx);
      assertSelf(ctx, fields.userId);
      const [image, image2] = await Promise.all([
        inputImage(user.id, files.image, fields.imageUrl),
        inputImage(user.id, files.image2, fields.image2Url),
      ]);
      if (fields.sourceCharacterId) await assertOwnCharacter(db, user.id, fields.sourceCharacterId);
      const styles = await usableStyles(db, user.id);
      ctx.body = await generateImages(db, media, gallerySink(user.id), {
        userId: user.id,
        fields,
        images: { image, image2 },
        styles,
        readReference: async (key) => {
          const bytes = await objects.read(key);
          // A character's cut-out is ours: if it is gone, the generation fails (and is refunded), not the user's input.
          if (!bytes) throw new AppError(502, 'upstream_failed', Messages.failedToGenerateImage);
          return readImageData(bytes, Messages.failedToGenerateImage);
        },
      });
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.describeImage,
      summary: 'Describe an image as a prompt (Image → Prompt); 1 credit, refunded if it fails; `requestId` makes a retry free',
      auth: 'user',
      multipart: { image: 'The image file' },
      fields: DescribeImageFields,
      responses: {
        200: DescribeImageResponse,
        402: Messages.insufficientCredits,
        409: Messages.requestIdReused,
        502: Messages.failedToDescribe,
      },
    },
    uploadLimit,
    uploads.accept(ONE_IMAGE),
    async (ctx, { fields: { requestId } }) => {
      const user = currentUser(ctx.state);
      const { files } = uploadOf(ctx);
      const image = await acceptImage(files.image!.path, Messages.imageTypeInvalid);
      const claim = {
        userId: user.id,
        requestId: requestId && `describe:${requestId}`,
        fingerprint: fingerprintOf('describe', digestOf(image.data)),
      };
      ctx.body = await answerOnce(db, claim, async (attemptTag) => {
        const task = { userId: user.id, taskType: 'describe', description: 'Image → Prompt', idempotencyKey: `describe:${attemptTag}` };
        const result = await runChargedTask(db, task, () => callEngine(Messages.failedToDescribe, () => media.describeImage({ image })));
        return { success: true, description: result.description, provider: result.provider } satisfies DescribeImageResponse;
      });
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.upscaleImage,
      summary: 'Upscale one of your images 2× into a new gallery image; 2 credits, refunded if it fails; `requestId` makes a retry free',
      auth: 'user',
      body: UpscaleImageRequest,
      responses: {
        200: UpscaleImageResponse,
        400: Messages.imageNotYours,
        402: Messages.insufficientCredits,
        404: Messages.characterNotFound,
        409: Messages.requestIdReused,
        502: Messages.failedToUpscale,
      },
    },
    async (ctx, { body }) => {
      const user = currentUser(ctx.state);
      assertSelf(ctx, body.userId);
      const source = await ownImage(user.id, body.imageUrl);
      if (body.characterId) await assertOwnCharacter(db, user.id, body.characterId);
      await assertStorageAvailable(db, user.id);
      const { requestId, userId: _self, ...asked } = body;
      const claim = { userId: user.id, requestId: requestId && `upscale:${requestId}`, fingerprint: fingerprintOf('upscale', asked) };
      ctx.body = await answerOnce(db, claim, async (attemptTag) => {
        const task = { userId: user.id, taskType: 'upscale', description: 'Upscale 2×', idempotencyKey: `upscale:${attemptTag}` };
        const asset = await runChargedTask(db, task, async () => {
          const result = await callEngine(Messages.failedToUpscale, () => media.upscale({ image: source, factor: 2 }));
          const upscaled = result.images[0];
          if (!upscaled) throw new AppError(502, 'upstream_failed', Messages.failedToUpscale);
          return saveImageAsset(db, objects, {
            userId: user.id,
            image: upscaled,
            metadata: { prompt: body.prompt ?? '', mode: null, model: result.model, selectedLoRAModels: [], provider: result.provider },
            characterId: body.characterId ?? null,
          });
        });
        return { success: true, image: toGeneratedImage(asset) } satisfies UpscaleImageResponse;
      });
    },
  );

  return router;
}
