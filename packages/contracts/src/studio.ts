import { z } from 'zod';
import { GeneratedImage, ImageAspectRatio, RequestId } from './images.ts';

/**
 * Product Studio (`/app/image-editor`): one product photo, edited step by step. Every step is a
 * priced task (`task_pricing`), quoted before it runs, charged through the ledger and refunded if
 * it fails. Steps work on a private working copy; Save puts the result in the gallery.
 */

/** spec 2 §9: product-image scenes use four fixed prompt templates. */
export const SCENE_TEMPLATES = [
  {
    id: 'marble',
    name: 'Marble counter',
    prompt: 'on a white marble countertop, soft morning window light, clean minimal studio',
  },
  {
    id: 'wood',
    name: 'Wooden table',
    prompt: 'on a warm oak wooden table, cosy interior, soft golden daylight',
  },
  {
    id: 'outdoors',
    name: 'Outdoors',
    prompt: 'on a mossy stone outdoors, green forest background, natural sunlight',
  },
  {
    id: 'pastel',
    name: 'Pastel podium',
    prompt: 'on a pastel pink podium, seamless pastel backdrop, soft studio lighting',
  },
] as const;
export type SceneTemplateId = (typeof SCENE_TEMPLATES)[number]['id'];
export const SceneTemplateId = z.enum(SCENE_TEMPLATES.map((t) => t.id) as [SceneTemplateId, ...SceneTemplateId[]]);

/** The steps of Product Studio, each with its `task_pricing` task type. */
export const STUDIO_OPERATIONS = {
  remove_background: { taskType: 'studio_remove_background', label: 'Remove background' },
  replace_background: { taskType: 'studio_replace_background', label: 'Replace background' },
  place: { taskType: 'studio_place', label: 'Place in a scene' },
  upscale: { taskType: 'upscale', label: 'Upscale 2×' },
  reframe: { taskType: 'studio_reframe', label: 'Crop and reframe' },
} as const;
export type StudioOperation = keyof typeof STUDIO_OPERATIONS;

export const StudioMessages = {
  imageRequired: 'Choose a product photo to edit.',
  sceneRequired: 'Choose a scene photo to place the product in.',
  backgroundRequired: 'Describe the new background, or choose a scene template.',
  failed: 'That edit failed. Your credits were refunded; try again.',
  saved: 'Saved to your gallery.',
  notYours: 'That image is not one of yours.',
} as const;

export const StudioRoutes = {
  prices: '/api/product-studio/prices',
  edit: '/api/product-studio/edit',
  save: '/api/product-studio/save',
} as const;

const imageUrl = z.string({ error: StudioMessages.imageRequired }).trim().min(1, StudioMessages.imageRequired).max(500);
const requestId = RequestId;

/** One step. `requestId` makes a retried step free (charged once, the same result). */
export const StudioEditRequest = z.discriminatedUnion('operation', [
  z.object({ operation: z.literal('remove_background'), imageUrl, requestId }),
  z
    .object({
      operation: z.literal('replace_background'),
      imageUrl,
      requestId,
      prompt: z.string().trim().max(1000).optional(),
      templateId: SceneTemplateId.optional(),
    })
    .refine((r) => Boolean(r.prompt) || Boolean(r.templateId), { error: StudioMessages.backgroundRequired, path: ['prompt'] }),
  z.object({
    operation: z.literal('place'),
    imageUrl,
    requestId,
    sceneUrl: z.string({ error: StudioMessages.sceneRequired }).trim().min(1, StudioMessages.sceneRequired).max(500),
    size: z.enum(['small', 'medium', 'large']).default('medium'),
  }),
  z.object({ operation: z.literal('upscale'), imageUrl, requestId }),
  z.object({
    operation: z.literal('reframe'),
    imageUrl,
    requestId,
    aspectRatio: ImageAspectRatio,
    /** `crop` cuts the photo to the ratio; `extend` keeps all of it and grows the background. */
    fit: z.enum(['crop', 'extend']).default('crop'),
  }),
]);
export type StudioEditRequest = z.infer<typeof StudioEditRequest>;

export const StudioImage = z.object({ url: z.string(), width: z.number(), height: z.number() });
export type StudioImage = z.infer<typeof StudioImage>;

export const StudioEditResponse = z.object({
  success: z.literal(true),
  image: StudioImage,
  creditsUsed: z.number().int(),
  /** `local` when the studio's own engine did the work. */
  provider: z.string(),
});
export type StudioEditResponse = z.infer<typeof StudioEditResponse>;

export const StudioPricesResponse = z.object({
  success: z.literal(true),
  prices: z.record(z.enum(Object.keys(STUDIO_OPERATIONS) as [StudioOperation, ...StudioOperation[]]), z.number().int()),
});
export type StudioPricesResponse = z.infer<typeof StudioPricesResponse>;

export const StudioSaveRequest = z.object({
  imageUrl,
  /** What was done, in words, kept as the gallery image's prompt. */
  description: z.string().trim().max(1000).default('Edited in Product Studio'),
});
export type StudioSaveRequest = z.infer<typeof StudioSaveRequest>;

/** What `/app/image-editor` may arrive with in navigation state (the gallery's Edit action). */
export interface ProductStudioNavigationState {
  imageUrl?: string;
}

/**
 * Ad Clone (`/app/ad-clone`): a reference ad and the user's product; the studio describes the
 * reference, the user edits the prompt written from it, and 1–4 ads are made with the product.
 */
export const AdCloneMessages = {
  referenceRequired: 'Choose the ad to clone.',
  productRequired: 'Choose a photo of your product.',
  promptRequired: 'Describe the ad to make, or describe the reference first.',
  failed: 'The ads could not be made. Your credits were refunded; try again.',
} as const;

export const AdCloneRoutes = {
  describe: '/api/ad-clone/describe',
  generate: '/api/ad-clone/generate',
} as const;

const referenceUrl = z.string({ error: AdCloneMessages.referenceRequired }).trim().min(1, AdCloneMessages.referenceRequired).max(500);

export const AdCloneDescribeRequest = z.object({ referenceUrl, requestId });
export const AdCloneDescribeResponse = z.object({
  success: z.literal(true),
  description: z.string(),
  /** A prompt written from the description, for the user to edit. */
  prompt: z.string(),
  provider: z.string(),
  creditsUsed: z.number().int(),
});
export type AdCloneDescribeResponse = z.infer<typeof AdCloneDescribeResponse>;

export const AdCloneRequest = z.object({
  referenceUrl,
  productUrl: z.string({ error: AdCloneMessages.productRequired }).trim().min(1, AdCloneMessages.productRequired).max(500),
  prompt: z.string({ error: AdCloneMessages.promptRequired }).trim().min(1, AdCloneMessages.promptRequired).max(4000),
  imageCount: z.number().int().min(1).max(4).default(1),
  aspectRatio: ImageAspectRatio.default('1:1'),
  requestId,
});
export type AdCloneRequest = z.input<typeof AdCloneRequest>;

export const AdCloneResponse = z.object({
  success: z.literal(true),
  images: z.array(GeneratedImage),
  creditsUsed: z.number().int(),
  provider: z.string(),
});
export type AdCloneResponse = z.infer<typeof AdCloneResponse>;

/** The prompt Ad Clone writes from a reference's description: the same kind of ad, with the user's product as its hero. */
export function adPromptFrom(description: string): string {
  const described = description.trim().replace(/\.$/, '');
  return `A product ad in the same style as the reference: ${described}. Same layout, scene, lighting and mood, with our product as the hero.`;
}
