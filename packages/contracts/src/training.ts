import { z } from 'zod';
import type { SubscriptionTierName } from './constants.ts';

/**
 * Styles (`/app/explore`) and training (`/app/{product}-clone` for a style, `/app/characters` for
 * a character), spec 1 §1–§3, spec 2 §3 and §7. A trained model is the user's own; a style may be
 * shared with the community; global styles come with the studio.
 */

/** spec 1 §3: custom model training is part of the Pro plan. */
export const TRAINING_TIERS: readonly SubscriptionTierName[] = ['pro', 'unlimited'];
/** About four images (spec 1 §1); a few more help, fewer than three teach little. */
export const TRAINING_IMAGES_MIN = 3;
export const TRAINING_IMAGES_MAX = 8;
export const TRAINING_IMAGES_ADVISED = 4;
export const MODEL_NAME_MAX = 60;

export const TRAINED_MODEL_KINDS = ['style', 'character'] as const;
export const TrainedModelKind = z.enum(TRAINED_MODEL_KINDS);
export type TrainedModelKind = z.infer<typeof TrainedModelKind>;

export const TRAINING_STATUSES = ['queued', 'training', 'ready', 'failed'] as const;
export type TrainingStatus = (typeof TRAINING_STATUSES)[number];

export const TrainingMessages = {
  proOnly: 'Custom model training is part of the Pro plan. Upgrade to train your own styles and characters.',
  nameRequired: 'Give your model a name.',
  nameTooLong: `A model name has at most ${MODEL_NAME_MAX} characters.`,
  tooFewImages: `Add at least ${TRAINING_IMAGES_MIN} images (about ${TRAINING_IMAGES_ADVISED} work best).`,
  tooManyImages: `Add at most ${TRAINING_IMAGES_MAX} images.`,
  notFound: 'Model not found.',
  notReady: 'This model is still training.',
  failed: 'Training failed. Try again with other images.',
  noFace: 'No face was found in one of the photos. Use clear photos of one person’s face.',
  started: 'Training started. You can leave this page; the model appears here when it is ready.',
  /** What a local model is, said in the UI. */
  localStyle:
    'Trained on this studio’s own engine: your style is learned as a colour grade (palette, tone curve, contrast and grain) and applied to every image you generate with it.',
  localCharacter:
    'Trained on this studio’s own engine: your character is learned as a face descriptor and reference cut-outs, used to place that person in the scenes you generate.',
} as const;

export const TrainingRoutes = {
  /** Global and community styles (spec 2 §3 model entries of type global and community). */
  styles: '/api/styles',
  models: '/api/trained-models',
} as const;

/** A trained model as its owner sees it (spec 2 §7 `GET /api/user-lora-models/{userId}` lists these too). */
export const TrainedModel = z.object({
  id: z.string(),
  kind: TrainedModelKind,
  name: z.string(),
  status: z.enum(TRAINING_STATUSES),
  /** 0–100 while training. */
  progress: z.number().int(),
  error: z.string().nullable(),
  sampleImageUrl: z.string().nullable(),
  /** `local`: learned by the studio's own engine; `fal`: a LoRA trained on fal. */
  provider: z.enum(['local', 'fal']),
  triggerWord: z.string().nullable(),
  /** Shared with the community (styles only). */
  isShared: z.boolean(),
  palette: z.array(z.string()),
  createdAt: z.string(),
});
export type TrainedModel = z.infer<typeof TrainedModel>;

export const TrainedModelResponse = z.object({ success: z.literal(true), model: TrainedModel });
export type TrainedModelResponse = z.infer<typeof TrainedModelResponse>;
export const TrainedModelListResponse = z.object({ success: z.literal(true), models: z.array(TrainedModel) });
export type TrainedModelListResponse = z.infer<typeof TrainedModelListResponse>;

/** A style on `/app/explore`. */
export const StyleEntry = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(['global', 'community']),
  sampleImageUrl: z.string(),
  palette: z.array(z.string()),
  creatorName: z.string().nullable(),
});
export type StyleEntry = z.infer<typeof StyleEntry>;
export const StyleListResponse = z.object({ success: z.literal(true), global: z.array(StyleEntry), community: z.array(StyleEntry) });
export type StyleListResponse = z.infer<typeof StyleListResponse>;

const name = z
  .string({ error: TrainingMessages.nameRequired })
  .trim()
  .min(1, TrainingMessages.nameRequired)
  .max(MODEL_NAME_MAX, TrainingMessages.nameTooLong);

/** The text fields of `POST /api/trained-models` (multipart; files `image_0` … `image_7`). */
export const StartTrainingFields = z.object({ kind: TrainedModelKind, name });
export const UpdateTrainedModelRequest = z.object({ name: name.optional(), isShared: z.boolean().optional() });

/** What `/app/images` may arrive with in navigation state: a style's Apply (spec 2 §2). */
export interface ImagesNavigationState {
  modelId?: string;
}
