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
import { assertSelf, currentUser } from '../../middlewares/auth.ts';
import { rateLimit, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { TEMP_URL_PREFIX } from '../../services/assets/own-media.ts';
import { IMAGE_UPLOAD_RULE, uploadOf, type UploadSpec } from '../../services/uploads/gate.ts';
import { route } from '../route.ts';
import { PREBUILT_MODEL_ENTRIES } from './models.ts';

/** spec 2 §5: JPEG, PNG or WebP under 10 MB. */
const ONE_IMAGE: UploadSpec = { files: { image: { ...IMAGE_UPLOAD_RULE, required: true } } };
const GENERATION_IMAGES: UploadSpec = { files: { image: IMAGE_UPLOAD_RULE, image2: IMAGE_UPLOAD_RULE }, maxFieldsBytes: 32 * 1024 };

export function imageRoutes({ services: { images, uploads }, rateLimitStore }: AppDeps): Router {
  const router = new Router();
  const uploadLimit = rateLimit({ name: 'uploads', store: rateLimitStore, rules: RATE_LIMITS.uploads });

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
      const shared = await images.sharedModels();
      ctx.body = {
        success: true,
        models: [...PREBUILT_MODEL_ENTRIES, ...shared.models],
        engine: shared.engine,
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
      assertSelf(ctx, fields.userId);
      const imageUrl = await images.uploadTemporary(currentUser(ctx.state).id, uploadOf(ctx).files.image!);
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
      const opened = await images.openTemporary(currentUser(ctx.state).id, ctx.params.file ?? '');
      ctx.type = opened.type;
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
      assertSelf(ctx, fields.userId);
      ctx.body = await images.generate(currentUser(ctx.state).id, fields, uploadOf(ctx).files);
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
      ctx.body = await images.describe(currentUser(ctx.state).id, uploadOf(ctx).files.image!, requestId);
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
      assertSelf(ctx, body.userId);
      ctx.body = await images.upscale(currentUser(ctx.state).id, body);
    },
  );

  return router;
}
