import {
  Messages,
  type AdCloneDescribeRequest,
  type AdCloneDescribeResponse,
  type AdCloneRequest,
  type AdCloneResponse,
  type DescribeImageResponse,
  type GenerateImageFields,
  type GenerateImageResponse,
  type ModelListResponse,
  type StudioEditRequest,
  type StudioEditResponse,
  type StudioOperation,
  type StudioSaveRequest,
  type UpscaleImageRequest,
  type UpscaleImageResponse,
} from '@studio/contracts';
import type { MediaEngine } from '@studio/media';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { assertOwnCharacter } from '../assets/characters.ts';
import { deleteAsset, saveImageAsset } from '../assets/files.ts';
import { ownImageAt, putTempImage, TEMP_FILE } from '../assets/own-media.ts';
import { assertStorageAvailable } from '../assets/quota.ts';
import { toGeneratedImage } from '../assets/views.ts';
import { runChargedTask } from '../credits/charged-task.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { Thumbnails } from '../storage/thumbnails.ts';
import { sharedModelEntries, usableStyles } from '../training/models.ts';
import type { UploadedFile } from '../uploads/gate.ts';
import { acceptImage, readImageData } from '../uploads/images.ts';
import { cloneAd, describeReference } from './ad-clone.ts';
import { callEngine } from './engine-call.ts';
import { generateImages, type ImageSink } from './generate.ts';
import { answerOnce, digestOf, fingerprintOf } from './requests.ts';
import { runStudioStep, studioPrices } from './studio.ts';

export interface ImageServiceDeps {
  db: Db;
  media: MediaEngine;
  objects: ObjectStore;
  thumbnails: Thumbnails;
  appUrl: string;
}

/**
 * Images as the API offers them (spec 2 §5, spec 1 §2): generation, Image → Prompt, upscaling,
 * Product Studio steps and Ad Clone. Every charged request is claimed once by its request id
 * (`requests.ts`), charged through the ledger and refunded if it fails (`runChargedTask`), and its
 * result stored as the caller's asset.
 */
export function createImageService({ db, media, objects, thumbnails, appUrl }: ImageServiceDeps) {
  const own = { db, objects, appUrl };
  /** An input image given by URL: only one of the caller's own assets or temporary uploads (the server never fetches a URL it does not own). */
  const ownImage = (userId: string, url: string) => ownImageAt(own, userId, url);
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

  return {
    /** The community's models and which engine draws them (the pre-built ones are the route's list). */
    async sharedModels(): Promise<{ models: ModelListResponse['models']; engine: 'local' | 'hosted' }> {
      return { models: await sharedModelEntries(db), engine: media.routes.generateImage === 'local' ? 'local' : 'hosted' };
    },

    /** A private temporary upload; it counts against storage until it is swept. */
    async uploadTemporary(userId: string, file: UploadedFile): Promise<string> {
      const image = await acceptImage(file.path, Messages.imageTypeInvalid);
      await assertStorageAvailable(db, userId);
      return putTempImage({ db, objects }, userId, image);
    },

    /** A temporary upload, to its owner only. */
    async openTemporary(userId: string, file: string) {
      const match = TEMP_FILE.exec(file);
      if (!match || match[1] !== userId) throw notFound();
      const opened = await objects.open(`temp/${match[0]}`);
      if (!opened) throw notFound();
      return { ...opened, type: match[2]! };
    },

    /** Generates or edits 1–4 images into the caller's gallery (1 credit each, refunded if it fails). */
    async generate(
      userId: string,
      fields: z.output<typeof GenerateImageFields>,
      files: Record<string, UploadedFile | undefined>,
    ): Promise<GenerateImageResponse> {
      const [image, image2] = await Promise.all([
        inputImage(userId, files.image, fields.imageUrl),
        inputImage(userId, files.image2, fields.image2Url),
      ]);
      if (fields.sourceCharacterId) await assertOwnCharacter(db, userId, fields.sourceCharacterId);
      const styles = await usableStyles(db, userId);
      return generateImages(db, media, gallerySink(userId), {
        userId,
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

    /** Image → Prompt: 1 credit, refunded if it fails; a request id answers a retry with the first answer. */
    async describe(userId: string, file: UploadedFile, requestId: string | undefined): Promise<DescribeImageResponse> {
      const image = await acceptImage(file.path, Messages.imageTypeInvalid);
      const claim = {
        userId,
        requestId: requestId && `describe:${requestId}`,
        fingerprint: fingerprintOf('describe', digestOf(image.data)),
      };
      return answerOnce(db, claim, async (attemptTag) => {
        const task = { userId, taskType: 'describe', description: 'Image → Prompt', idempotencyKey: `describe:${attemptTag}` };
        const result = await runChargedTask(db, task, () => callEngine(Messages.failedToDescribe, () => media.describeImage({ image })));
        return { success: true, description: result.description, provider: result.provider } satisfies DescribeImageResponse;
      });
    },

    /** Upscales one of the caller's images 2× into a new gallery image: 2 credits, refunded if it fails. */
    async upscale(userId: string, request: z.output<typeof UpscaleImageRequest>): Promise<UpscaleImageResponse> {
      const source = await ownImage(userId, request.imageUrl);
      if (request.characterId) await assertOwnCharacter(db, userId, request.characterId);
      await assertStorageAvailable(db, userId);
      const { requestId, userId: _self, ...asked } = request;
      const claim = { userId, requestId: requestId && `upscale:${requestId}`, fingerprint: fingerprintOf('upscale', asked) };
      return answerOnce(db, claim, async (attemptTag) => {
        const task = { userId, taskType: 'upscale', description: 'Upscale 2×', idempotencyKey: `upscale:${attemptTag}` };
        const asset = await runChargedTask(db, task, async () => {
          const result = await callEngine(Messages.failedToUpscale, () => media.upscale({ image: source, factor: 2 }));
          const upscaled = result.images[0];
          if (!upscaled) throw new AppError(502, 'upstream_failed', Messages.failedToUpscale);
          return saveImageAsset(db, objects, {
            userId,
            image: upscaled,
            metadata: { prompt: request.prompt ?? '', mode: null, model: result.model, selectedLoRAModels: [], provider: result.provider },
            characterId: request.characterId ?? null,
          });
        });
        return { success: true, image: toGeneratedImage(asset) } satisfies UpscaleImageResponse;
      });
    },

    /** What each Product Studio step costs now. */
    studioPrices: (): Promise<Record<StudioOperation, number>> => studioPrices(db),

    /** One priced Product Studio step into a private working copy. */
    studioStep: (userId: string, request: StudioEditRequest): Promise<StudioEditResponse> =>
      runStudioStep({ ...own, media }, userId, request),

    /** Saves a Product Studio result (one of the caller's images or working copies) to the gallery. */
    async studioSave(userId: string, { imageUrl, description }: z.output<typeof StudioSaveRequest>): Promise<UpscaleImageResponse> {
      const image = await ownImageAt(own, userId, imageUrl);
      await assertStorageAvailable(db, userId);
      const asset = await saveImageAsset(db, objects, {
        userId,
        image,
        metadata: {
          prompt: description,
          mode: 'edit',
          model: 'product_studio',
          selectedLoRAModels: [],
          provider: media.routes.replaceBackground,
        },
      });
      return { success: true, image: toGeneratedImage(asset) } satisfies UpscaleImageResponse;
    },

    /** Ad Clone: describes a reference ad (1 credit, refunded if it fails) and writes a prompt from it. */
    adCloneDescribe: (userId: string, request: z.output<typeof AdCloneDescribeRequest>): Promise<AdCloneDescribeResponse> =>
      describeReference({ ...own, media }, userId, request),

    /** Ad Clone: 1–4 ads like the reference with the caller's product, into the gallery (1 credit each). */
    adClone: (userId: string, request: z.output<typeof AdCloneRequest>): Promise<AdCloneResponse> =>
      cloneAd({ ...own, media, removeThumbnails: (id) => thumbnails.remove(id) }, userId, request),
  };
}
export type ImageService = ReturnType<typeof createImageService>;
