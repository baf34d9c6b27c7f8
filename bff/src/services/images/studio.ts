import {
  RESOLUTION_MAP,
  SCENE_TEMPLATES,
  STUDIO_OPERATIONS,
  StudioMessages,
  type StudioEditRequest,
  type StudioEditResponse,
  type StudioOperation,
} from '@studio/contracts';
import { reframeImage, type ImageData, type ImageResult, type MediaEngine } from '@studio/media';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';
import { runChargedTask } from '../credits/charged-task.ts';
import { quoteTask } from '../credits/quotes.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { assertStorageAvailable } from '../assets/quota.ts';
import { ownImageAt, putTempImage, type OwnMediaDeps } from '../assets/own-media.ts';
import { callEngine } from './engine-call.ts';
import { answerOnce, fingerprintOf } from './requests.ts';

/** Longest side of a working image that a step re-renders (background, scene). */
const WORKING_MAX_SIDE = 2048;

export interface StudioDeps extends OwnMediaDeps {
  media: MediaEngine;
  objects: ObjectStore;
}

/** The credits each step costs now, from `task_pricing` (what the tool buttons show). */
export async function studioPrices(db: Db): Promise<Record<StudioOperation, number>> {
  const entries = await Promise.all(
    (Object.keys(STUDIO_OPERATIONS) as StudioOperation[]).map(
      async (op) => [op, (await quoteTask(db, STUDIO_OPERATIONS[op].taskType, null, 1)).credits] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<StudioOperation, number>;
}

function workingSize(image: ImageData): { width: number; height: number } {
  const scale = Math.min(1, WORKING_MAX_SIDE / Math.max(image.width, image.height));
  return { width: Math.max(16, Math.round(image.width * scale)), height: Math.max(16, Math.round(image.height * scale)) };
}

const ratioOf = (aspectRatio: string) => {
  const size = RESOLUTION_MAP[aspectRatio]!;
  return size.width / size.height;
};

/** What the step asks of the engine, on inputs the caller owns. */
function runStep(media: MediaEngine, request: StudioEditRequest, source: ImageData, scene?: ImageData): Promise<ImageResult> {
  switch (request.operation) {
    case 'remove_background':
      return media.removeBackground({ image: source });
    case 'replace_background': {
      const template = SCENE_TEMPLATES.find((t) => t.id === request.templateId);
      const prompt = [request.prompt, template?.prompt].filter(Boolean).join(', ');
      return media.replaceBackground({ image: source, prompt, count: 1, ...workingSize(source) });
    }
    case 'place':
      return media.placeProduct({ prompt: `${request.size} product`, product: source, scene: scene!, ...workingSize(scene!) });
    case 'upscale':
      return media.upscale({ image: source, factor: 2 });
    case 'reframe':
      return reframeImage(source, ratioOf(request.aspectRatio), request.fit).then((image) => ({
        images: [image],
        provider: 'local',
        model: `local/reframe-${request.fit}`,
        cost: { amount: 0, unit: 'compute_s' },
      }));
  }
}

/**
 * One Product Studio step: the photo (and a scene) must be the caller's; the step's price is
 * charged before it runs and refunded if it fails; the result is a private working copy. A
 * `requestId` sent again answers the first answer (charged once); with another step or input, 409.
 */
export async function runStudioStep(deps: StudioDeps, userId: string, request: StudioEditRequest): Promise<StudioEditResponse> {
  const [source, scene] = await Promise.all([
    ownImageAt(deps, userId, request.imageUrl),
    request.operation === 'place' ? ownImageAt(deps, userId, request.sceneUrl) : undefined,
  ]);
  // A working copy counts against storage until it is swept: a full storage refuses the step before it is charged.
  await assertStorageAvailable(deps.db, userId);
  const { taskType, label } = STUDIO_OPERATIONS[request.operation];
  // The ledger key alone would charge a replay once but still run it: the request id keeps the answer.
  const { requestId, ...asked } = request;
  const claim = { userId, requestId: requestId && `studio:${requestId}`, fingerprint: fingerprintOf('studio', asked) };
  return answerOnce(deps.db, claim, (attemptTag) => {
    const task = {
      userId,
      taskType,
      description: `Product Studio: ${label}`,
      idempotencyKey: `studio:${attemptTag}`,
      taskMetadata: { operation: request.operation },
    };
    return runChargedTask(deps.db, task, async (quote) => {
      const result = await callEngine(StudioMessages.failed, () => runStep(deps.media, request, source, scene));
      const image = result.images[0];
      if (!image) throw new AppError(502, 'upstream_failed', StudioMessages.failed);
      const url = await putTempImage(deps, userId, image);
      return {
        success: true as const,
        image: { url, width: image.width, height: image.height },
        creditsUsed: quote.credits,
        provider: result.provider,
      };
    });
  });
}
