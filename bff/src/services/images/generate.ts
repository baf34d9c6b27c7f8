import {
  Messages,
  PREBUILT_IMAGE_MODELS,
  type GenerateImageFields,
  type GenerateImageResponse,
  type GeneratedImage,
} from '@studio/contracts';
import { applyGrade, type ImageData, type MediaEngine } from '@studio/media';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';
import { runChargedTask } from '../credits/charged-task.ts';
import { runImagePlan, type GenerationImages } from './engine-call.ts';
import { planGeneration, type GenerationPlan } from './plan.ts';
import { answerOnce, digestOf, fingerprintOf } from './requests.ts';
import type { SelectedStyle } from '../training/models.ts';

/** What a stored result remembers of how it was made (the asset's metadata). */
export interface GeneratedMetadata {
  prompt: string;
  mode: GenerationPlan['mode'];
  model: string;
  selectedLoRAModels: string[];
  provider: string;
  characterId: string | null;
}

/** Where results go: the caller's gallery. */
export interface ImageSink {
  /** Refuses (4xx) when the caller has no room left for new files. */
  assertRoom(): Promise<void>;
  save(image: ImageData, metadata: GeneratedMetadata): Promise<GeneratedImage>;
  /** Takes back what `save` stored when the generation as a whole fails. */
  discard(assetIds: string[]): Promise<void>;
}

export interface GenerationJob {
  userId: string;
  fields: GenerateImageFields;
  images: GenerationImages;
  /** The styles the caller may select besides the pre-built models (global, community, own), by id. */
  styles?: ReadonlyMap<string, SelectedStyle>;
  /** Reads a trained character's reference cut-out. */
  readReference?: (key: string) => Promise<ImageData>;
}

const MODEL_NAMES = new Map<string, string>(PREBUILT_IMAGE_MODELS.map((m) => [m.id, m.name]));

/**
 * One generation request (spec 2 §7 `POST /api/generate-character-image`, DESIGN decision 4):
 * the plan is decided on the server, the credits (1 per image) are taken before the engine runs,
 * results are stored in the caller's gallery, and a failure refunds the credits once and keeps
 * nothing. A `requestId` sent again answers what it answered the first time, charged once.
 */
export async function generateImages(db: Db, media: MediaEngine, sink: ImageSink, job: GenerationJob): Promise<GenerateImageResponse> {
  const { userId, fields, images } = job;
  const styles = job.styles ?? new Map<string, SelectedStyle>();
  const plan = planGeneration(fields, { image: Boolean(images.image), image2: Boolean(images.image2) }, new Set(styles.keys()));
  const { requestId, ...asked } = fields;
  // What the request asks for, uploads included: the same id with anything else is refused.
  const fingerprint = fingerprintOf('image', {
    asked,
    image: images.image && digestOf(images.image.data),
    image2: images.image2 && digestOf(images.image2.data),
  });
  return answerOnce(db, { userId, requestId, fingerprint }, async (attemptTag) => {
    const saved: string[] = [];
    let characterId: string | null = null;
    try {
      await sink.assertRoom();
      return await runChargedTask(
        db,
        {
          userId,
          taskType: 'image',
          modelName: plan.modelId,
          quantity: plan.count,
          description: `${MODEL_NAMES.get(plan.modelId) ?? plan.modelId}: ${plan.count} image${plan.count === 1 ? '' : 's'}`,
          idempotencyKey: `image:${attemptTag}`,
          taskMetadata: { requestId: requestId ?? null, mode: plan.mode, model: plan.modelId },
        },
        async (quote) => {
          // A hosted generation takes the styles trained as LoRAs; every other selected style is applied as its colour grade.
          const chosen = plan.extraModels.flatMap((id) => styles.get(id) ?? []);
          const hosted = plan.mode === 'generate' && media.routes.generateImage === 'fal';
          const loras = hosted ? chosen.flatMap((style) => style.lora ?? []) : [];
          const byLora = (model: SelectedStyle) => Boolean(model.lora && loras.includes(model.lora));
          // A character without a LoRA is placed in the scene from its reference cut-out: alone, or
          // beside the product of the photo being edited.
          const placesPerson = plan.mode === 'generate' || plan.mode === 'edit';
          const person = placesPerson ? chosen.find((m) => m.character && !byLora(m)) : undefined;
          const personImage = person?.character && job.readReference ? await job.readReference(person.character.referenceKey) : undefined;
          const result = await runImagePlan(media, plan, images, { loras, person: personImage });
          for (const style of chosen) {
            const grade = style.grade;
            if (!grade || byLora(style)) continue;
            result.images = await Promise.all(result.images.map((image) => applyGrade(image, grade, style.strength)));
          }
          characterId = fields.sourceCharacterId ?? chosen.find((m) => m.character)?.character?.characterId ?? null;
          if (result.images.length === 0) throw new AppError(502, 'upstream_failed', Messages.noImageReturned);
          const metadata: GeneratedMetadata = {
            prompt: plan.prompt,
            mode: plan.mode,
            model: result.model,
            selectedLoRAModels: [plan.modelId, ...plan.extraModels],
            provider: result.provider,
            characterId,
          };
          const stored: GeneratedImage[] = [];
          for (const image of result.images.slice(0, plan.count)) {
            const one = await sink.save(image, metadata);
            saved.push(one.assetId);
            stored.push(one);
          }
          return {
            success: true as const,
            image: stored[0]!,
            images: stored,
            prompt: plan.prompt,
            mode: plan.mode,
            model: plan.modelId,
            provider: result.provider,
            creditsUsed: quote.credits,
          };
        },
      );
    } catch (error) {
      if (saved.length > 0) await sink.discard(saved);
      throw error;
    }
  });
}
