import {
  AdCloneMessages,
  type AdCloneDescribeRequest,
  RESOLUTION_MAP,
  adPromptFrom,
  type AdCloneDescribeResponse,
  type AdCloneResponse,
  type AdCloneRequest,
  type UserAsset,
} from '@studio/contracts';
import { learnGrade } from '@studio/media';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { assertStorageAvailable } from '../assets/quota.ts';
import { deleteAsset, saveImageAsset } from '../assets/files.ts';
import { toGeneratedImage } from '../assets/views.ts';
import { runChargedTask } from '../credits/charged-task.ts';
import { ownImageAt } from '../assets/own-media.ts';
import { callEngine } from './engine-call.ts';
import { answerOnce, fingerprintOf } from './requests.ts';
import type { StudioDeps } from './studio.ts';

/** How much of the reference's colour grade a local ad takes on. */
const REFERENCE_GRADE_STRENGTH = 0.75;

/** Describes the reference ad (1 credit, refunded if it fails) and writes a prompt from it. */
export async function describeReference(
  deps: StudioDeps,
  userId: string,
  request: z.output<typeof AdCloneDescribeRequest>,
): Promise<AdCloneDescribeResponse> {
  const reference = await ownImageAt(deps, userId, request.referenceUrl);
  const requestId = request.requestId && `ad-clone-describe:${request.requestId}`;
  const fingerprint = fingerprintOf('ad-clone-describe', { referenceUrl: request.referenceUrl });
  return answerOnce(deps.db, { userId, requestId, fingerprint }, async (attemptTag) => {
    const task = {
      userId,
      taskType: 'describe',
      description: 'Ad Clone: describe the reference',
      idempotencyKey: `describe:${attemptTag}`,
    };
    return runChargedTask(deps.db, task, async (quote) => {
      const result = await callEngine(AdCloneMessages.failed, () => deps.media.describeImage({ image: reference }));
      return {
        success: true as const,
        description: result.description,
        prompt: adPromptFrom(result.description),
        provider: result.provider,
        creditsUsed: quote.credits,
      };
    });
  });
}

/**
 * Makes 1–4 ads with the user's product from the (edited) prompt, 1 credit each, into the gallery.
 * The local engine composes the scene with the product's cut-out and gives the scene (not the
 * product) the reference's colour grade; a hosted model gets the product photo with the prompt.
 */
export async function cloneAd(
  deps: StudioDeps & { removeThumbnails: (assetId: string) => Promise<void> },
  userId: string,
  request: z.output<typeof AdCloneRequest>,
): Promise<AdCloneResponse> {
  const [reference, product] = await Promise.all([
    ownImageAt(deps, userId, request.referenceUrl),
    ownImageAt(deps, userId, request.productUrl),
  ]);
  await assertStorageAvailable(deps.db, userId);
  // A request id sent again answers what it answered the first time (the same ads, charged once).
  const { requestId: id, ...asked } = request;
  const requestId = id && `ad-clone:${id}`;
  const { width, height } = RESOLUTION_MAP[request.aspectRatio]!;
  return answerOnce(deps.db, { userId, requestId, fingerprint: fingerprintOf('ad-clone', asked) }, async (attemptTag) => {
    const task = {
      userId,
      taskType: 'image',
      modelName: 'flux_krea',
      quantity: request.imageCount,
      description: `Ad Clone: ${request.imageCount} ad${request.imageCount === 1 ? '' : 's'}`,
      idempotencyKey: `image:${attemptTag}`,
    };
    const saved: UserAsset[] = [];
    try {
      return await runChargedTask(deps.db, task, async (quote) => {
        // The reference's palette goes to the scene only: the product keeps its own colour (an amber
        // bottle graded pink is not the creator's product).
        const grade = deps.media.routes.generateImage === 'local' ? await learnGrade([reference]) : undefined;
        const result = await callEngine(AdCloneMessages.failed, () =>
          deps.media.generateImage({
            prompt: request.prompt,
            product,
            width,
            height,
            count: request.imageCount,
            model: 'flux_krea',
            grade: grade && { grade, strength: REFERENCE_GRADE_STRENGTH },
          }),
        );
        if (result.images.length === 0) throw new AppError(502, 'upstream_failed', AdCloneMessages.failed);
        for (const image of result.images.slice(0, request.imageCount))
          saved.push(
            await saveImageAsset(deps.db, deps.objects, {
              userId,
              image,
              metadata: { prompt: request.prompt, mode: 'generate', model: 'ad_clone', selectedLoRAModels: [], provider: result.provider },
            }),
          );
        return {
          success: true as const,
          images: saved.map(toGeneratedImage),
          creditsUsed: quote.credits,
          provider: result.provider,
        };
      });
    } catch (error) {
      for (const asset of saved) await deleteAsset(deps.db, deps.objects, userId, asset.id, deps.removeThumbnails);
      throw error;
    }
  });
}
