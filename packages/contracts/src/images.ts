import { z } from 'zod';
import { IMAGE_COUNT_MAX, IMAGE_COUNT_MIN, IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES } from './constants.ts';
import { Messages } from './errors.ts';

/** The five aspect ratios of the prompt bar (spec 2 §9), 9:16 by default. */
export const IMAGE_ASPECT_RATIOS = ['1:1', '9:16', '16:9', '3:4', '4:3'] as const;
export const ImageAspectRatio = z.enum(IMAGE_ASPECT_RATIOS);
export type ImageAspectRatio = z.infer<typeof ImageAspectRatio>;
export const DEFAULT_IMAGE_ASPECT_RATIO: ImageAspectRatio = '9:16';
export const IMAGE_ASPECT_RATIO_LABELS: Record<ImageAspectRatio, string> = {
  '1:1': 'Square',
  '9:16': 'Portrait',
  '16:9': 'Landscape',
  '3:4': '3:4',
  '4:3': '4:3',
};

/** spec 2 §9: the resolution each aspect ratio is generated at. */
export const RESOLUTION_MAP: Record<string, { width: number; height: number }> = {
  '21:9': { width: 2560, height: 1080 },
  '16:9': { width: 1920, height: 1080 },
  '4:3': { width: 1024, height: 768 },
  '3:2': { width: 1080, height: 720 },
  '1:1': { width: 1024, height: 1024 },
  '2:3': { width: 720, height: 1080 },
  '3:4': { width: 768, height: 1024 },
  '9:16': { width: 1080, height: 1920 },
  '9:21': { width: 1080, height: 2520 },
};

/** spec 2 §5: an image slot's own checks before anything is sent (the bff applies them too): the message to show, or null. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return Messages.imageTypeInvalid;
  if (file.size >= IMAGE_UPLOAD_MAX_BYTES) return Messages.imageTooLarge;
  return null;
}

/** What a generation does with its inputs; each pre-built model drives one mode. */
export const GENERATION_MODES = ['generate', 'edit', 'kontext_multi', 'replace_background', 'virtual_tryon'] as const;
export const GenerationMode = z.enum(GENERATION_MODES);
export type GenerationMode = z.infer<typeof GenerationMode>;

/** A model entry as the model list shows it (spec 2 §3 "Model entry"). */
export const ModelEntry = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['pre-built', 'character', 'style', 'global', 'community', 'lora']),
  sampleImageUrl: z.string().nullable(),
  isPremium: z.boolean(),
  requiresMultipleImages: z.boolean(),
  /** For pre-built models: the mode it drives. */
  mode: GenerationMode.nullable(),
});
export type ModelEntry = z.infer<typeof ModelEntry>;

/** The pre-built image models (spec 2 §3); `flux_krea` is the default, `google_edit` the edit default. */
export const PREBUILT_IMAGE_MODELS = [
  { id: 'flux_krea', name: 'Generate', mode: 'generate', isPremium: false, requiresMultipleImages: false },
  { id: 'google_edit', name: 'Edit', mode: 'edit', isPremium: false, requiresMultipleImages: false },
  { id: 'ideogram_v3', name: 'Generate with Text', mode: 'generate', isPremium: true, requiresMultipleImages: false },
  { id: 'kontext_multi', name: 'Product Placement', mode: 'kontext_multi', isPremium: true, requiresMultipleImages: true },
  {
    id: 'ideogram_v3_replace_background',
    name: 'Replace Background',
    mode: 'replace_background',
    isPremium: false,
    requiresMultipleImages: false,
  },
  { id: 'kling_kolors_virtual_tryon', name: 'Virtual Try-On', mode: 'virtual_tryon', isPremium: false, requiresMultipleImages: true },
] as const satisfies readonly (Pick<ModelEntry, 'id' | 'name' | 'isPremium' | 'requiresMultipleImages'> & { mode: GenerationMode })[];
export type PrebuiltImageModelId = (typeof PREBUILT_IMAGE_MODELS)[number]['id'];
export const DEFAULT_IMAGE_MODEL: PrebuiltImageModelId = 'flux_krea';
export const DEFAULT_EDIT_MODEL: PrebuiltImageModelId = 'google_edit';
/** spec 2 §4: with an input image the selection is forced to one of these. */
export const EDIT_CAPABLE_MODELS: readonly PrebuiltImageModelId[] = ['google_edit', 'ideogram_v3_replace_background', 'kontext_multi'];

export const ModelListResponse = z.object({
  success: z.literal(true),
  models: z.array(ModelEntry),
  /** Who makes the images: the offline engine, or a hosted model. */
  engine: z.enum(['local', 'hosted']),
});
export type ModelListResponse = z.infer<typeof ModelListResponse>;

/** `selectedLoRAModels` arrives as a JSON list in a multipart field. */
const SelectedModels = z
  .string()
  .max(4000)
  .transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text);
      const parsed = z.array(z.string().min(1).max(100)).max(10).safeParse(value);
      if (parsed.success) return parsed.data;
    } catch {
      // fall through to the issue below
    }
    ctx.addIssue({ code: 'custom', message: 'selectedLoRAModels must be a JSON list of model ids' });
    return z.NEVER;
  });

/**
 * A client's id for one piece of charged work: sent again with the same inputs it answers the first
 * answer, charged once; sent with other inputs it is refused (409).
 */
export const RequestId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.:-]+$/)
  .optional();

/** The text fields of `POST /api/describe-image` (multipart; file `image`). */
export const DescribeImageFields = z.object({ requestId: RequestId });

/**
 * The text fields of `POST /api/generate-character-image` (multipart; files `image`, `image2`).
 * An input image may also be one of the caller's own assets, by URL (`imageUrl`, `image2Url`).
 */
export const GenerateImageFields = z.object({
  prompt: z
    .string()
    .max(4000)
    .default('')
    .transform((s) => s.trim()),
  aspectRatio: ImageAspectRatio.default(DEFAULT_IMAGE_ASPECT_RATIO),
  imageCount: z.coerce.number().int().min(IMAGE_COUNT_MIN).max(IMAGE_COUNT_MAX).default(IMAGE_COUNT_MIN),
  mode: GenerationMode.optional(),
  selectedLoRAModels: SelectedModels.optional(),
  /**
   * spec 2 §7: a trained model by id (the same as listing it in `selectedLoRAModels`). Its LoRA's
   * URL and trigger word are read on the server; `loraUrl`/`loraTriggerWord` sent by a client are ignored.
   */
  loraModelId: z.string().min(1).max(100).optional(),
  imageUrl: z.string().max(500).optional(),
  image2Url: z.string().max(500).optional(),
  /** Makes a retry of the same request idempotent: same images, charged once. */
  requestId: RequestId,
  userId: z.string().max(100).optional(),
  projectId: z.string().max(100).optional(),
  sourceCharacterId: z.uuid().optional(),
});
export type GenerateImageFields = z.infer<typeof GenerateImageFields>;

/** One generated image as the prompt bar reads it. */
export const GeneratedImage = z.object({
  assetId: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  width: z.number(),
  height: z.number(),
});
export type GeneratedImage = z.infer<typeof GeneratedImage>;

export const GenerateImageResponse = z.object({
  success: z.literal(true),
  image: GeneratedImage,
  images: z.array(GeneratedImage),
  prompt: z.string(),
  mode: GenerationMode,
  model: z.string(),
  /** Which engine made it: `local` for the offline engine, never mistaken for a diffusion model. */
  provider: z.string(),
  creditsUsed: z.number(),
});
export type GenerateImageResponse = z.infer<typeof GenerateImageResponse>;

export const DescribeImageResponse = z.object({ success: z.literal(true), description: z.string(), provider: z.string() });
export type DescribeImageResponse = z.infer<typeof DescribeImageResponse>;

export const UpscaleImageRequest = z.object({
  imageUrl: z.string({ error: Messages.failedToUpscale }).min(1, { error: Messages.failedToUpscale }).max(500),
  userId: z.string().max(100).optional(),
  projectId: z.string().max(100).optional(),
  characterId: z.uuid().nullable().optional(),
  prompt: z.string().max(4000).optional(),
  aspectRatio: z.string().max(10).optional(),
  requestId: RequestId,
});
export type UpscaleImageRequest = z.infer<typeof UpscaleImageRequest>;

export const UpscaleImageResponse = z.object({ success: z.literal(true), image: GeneratedImage });
export type UpscaleImageResponse = z.infer<typeof UpscaleImageResponse>;

/** spec 2 §2 / spec 1 §2: the gallery's loaded-count text. */
export const allImagesLoaded = (count: number) => `All ${count} images loaded`;
