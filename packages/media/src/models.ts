import type { CapabilityName } from './capabilities.ts';

/** One pre-built model of the spec (creation-tools §3/§4) and how each provider runs it. */
export interface ImageModelEntry {
  id: string;
  label: string;
  type: 'pre-built';
  isPremium: boolean;
  requiresMultipleImages: boolean;
  capability: CapabilityName;
  /** fal.ai endpoint id. */
  fal: string;
  /** Model tag of the local implementation. */
  local: string;
}

export const IMAGE_MODELS = [
  {
    id: 'flux_krea',
    label: 'Generate',
    type: 'pre-built',
    isPremium: false,
    requiresMultipleImages: false,
    capability: 'generateImage',
    fal: 'fal-ai/flux/krea',
    local: 'local/procedural-studio',
  },
  {
    id: 'google_edit',
    label: 'Edit',
    type: 'pre-built',
    isPremium: false,
    requiresMultipleImages: false,
    capability: 'editImage',
    fal: 'fal-ai/nano-banana/edit',
    local: 'local/prompt-edit',
  },
  {
    id: 'ideogram_v3',
    label: 'Generate with Text',
    type: 'pre-built',
    isPremium: true,
    requiresMultipleImages: false,
    capability: 'generateImage',
    fal: 'fal-ai/ideogram/v3',
    local: 'local/procedural-studio-text',
  },
  {
    id: 'kontext_multi',
    label: 'Product Placement',
    type: 'pre-built',
    isPremium: true,
    requiresMultipleImages: true,
    capability: 'placeProduct',
    fal: 'fal-ai/flux-pro/kontext/max/multi',
    local: 'local/imgly-medium-composite',
  },
  {
    id: 'ideogram_v3_replace_background',
    label: 'Replace Background',
    type: 'pre-built',
    isPremium: false,
    requiresMultipleImages: false,
    capability: 'replaceBackground',
    fal: 'fal-ai/ideogram/v3/replace-background',
    local: 'local/imgly-medium-studio',
  },
  {
    id: 'kling_kolors_virtual_tryon',
    label: 'Virtual Try-On',
    type: 'pre-built',
    isPremium: false,
    requiresMultipleImages: true,
    capability: 'virtualTryOn',
    fal: 'fal-ai/kling/v1-5/kolors-virtual-try-on',
    local: 'local/imgly-medium-tryon',
  },
] as const satisfies readonly ImageModelEntry[];

export type ImageModelId = (typeof IMAGE_MODELS)[number]['id'];
export const DEFAULT_IMAGE_MODEL: ImageModelId = 'flux_krea';

/** fal endpoints and local tags for the capabilities that have no spec model id. */
export const UTILITY_MODELS = {
  upscale: { fal: 'fal-ai/esrgan', local: 'local/lanczos-sharpen' },
  removeBackground: { fal: 'fal-ai/birefnet', local: 'local/imgly-medium' },
  describeImage: { fal: 'fal-ai/florence-2-large/detailed-caption', local: 'local/segment-colour-caption' },
} as const;

/** fal's LoRA trainer and the generator that takes trained LoRAs. */
export const LORA_ENDPOINTS = {
  train: 'fal-ai/flux-lora-fast-training',
  generate: 'fal-ai/flux-lora',
} as const;

/** spec 2 §9 video models and the lip-sync model on fal (the local engine renders them all with ffmpeg). */
export const VIDEO_ENDPOINTS = {
  seedance: 'fal-ai/bytedance/seedance/v1/pro/image-to-video',
  veo3: 'fal-ai/veo3/image-to-video',
  lipsync: 'fal-ai/sync-lipsync/v2',
} as const;

/** The model entry for a spec id, or undefined. */
export function findImageModel(id: string): ImageModelEntry | undefined {
  return IMAGE_MODELS.find((m) => m.id === id);
}
