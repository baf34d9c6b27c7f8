/**
 * The media engine's capability interfaces: one interface per capability, one result shape.
 * Providers (`local/`, `fal/`) implement them; `createMediaEngine` picks one per capability.
 */

/** Which provider did the work. `local` is the offline engine of this package. */
export type ProviderName = 'local' | 'fal' | 'elevenlabs';

/** A decoded-size-known image held in memory. */
export interface ImageData {
  data: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

/** Carried by every result: who did it, with what model tag, at what cost in provider terms. */
export interface ResultMeta {
  provider: ProviderName;
  /** e.g. 'local/procedural-studio', 'local/imgly-medium', 'fal-ai/flux/krea'. */
  model: string;
  /** local: compute seconds (unit 'compute_s'); fal: requests ('request'). */
  cost: { amount: number; unit: string };
}

export type ImageResult = { images: ImageData[] } & ResultMeta;
export type DescribeResult = { description: string } & ResultMeta;

export interface GenerateImageInput {
  prompt: string;
  width: number;
  height: number;
  count: number;
  /** A spec model id from `IMAGE_MODELS` (e.g. 'flux_krea', 'ideogram_v3'). */
  model: string;
  /** A product photo to cut out and place in the scene. */
  product?: ImageData;
  /** Text to render as type; defaults to the quoted text of the prompt for `ideogram_v3`. */
  text?: string;
  /** Trained LoRAs to generate with (hosted models; the local engine applies styles as colour grades instead). */
  loras?: { url: string; scale?: number }[];
}
export interface GenerateImage {
  generateImage(input: GenerateImageInput): Promise<ImageResult>;
}

export interface EditImageInput {
  prompt: string;
  image: ImageData;
  width: number;
  height: number;
  count: number;
}
export interface EditImage {
  editImage(input: EditImageInput): Promise<ImageResult>;
}

export interface ReplaceBackgroundInput {
  image: ImageData;
  prompt: string;
  width: number;
  height: number;
  count: number;
}
export interface ReplaceBackground {
  replaceBackground(input: ReplaceBackgroundInput): Promise<ImageResult>;
}

export interface RemoveBackgroundInput {
  image: ImageData;
}
export interface RemoveBackground {
  removeBackground(input: RemoveBackgroundInput): Promise<ImageResult>;
}

export interface PlaceProductInput {
  prompt: string;
  product: ImageData;
  scene: ImageData;
  width: number;
  height: number;
}
export interface PlaceProduct {
  placeProduct(input: PlaceProductInput): Promise<ImageResult>;
}

export interface VirtualTryOnInput {
  person: ImageData;
  garment: ImageData;
}
export interface VirtualTryOn {
  virtualTryOn(input: VirtualTryOnInput): Promise<ImageResult>;
}

export interface UpscaleInput {
  image: ImageData;
  factor: 2;
}
export interface Upscale {
  upscale(input: UpscaleInput): Promise<ImageResult>;
}

export interface DescribeImageInput {
  image: ImageData;
}
export interface DescribeImage {
  describeImage(input: DescribeImageInput): Promise<DescribeResult>;
}

/** Training a LoRA on a hosted trainer from a few images (zipped), with a trigger word. */
export interface LoraTrainingInput {
  images: ImageData[];
  triggerWord: string;
  /** A style (the look) rather than a subject. */
  isStyle: boolean;
}
export type LoraResult = { loraUrl: string } & ResultMeta;

/** Every image capability together: what a provider and the engine expose. */
export type ImageCapabilities = GenerateImage &
  EditImage &
  ReplaceBackground &
  RemoveBackground &
  PlaceProduct &
  VirtualTryOn &
  Upscale &
  DescribeImage;

export type CapabilityName = keyof ImageCapabilities;

// Later issues add video and speech capabilities here (animate, textToSpeech, voiceClone,
// imageToVideo, lipSync, captions, concat), each as its own interface joined into the engine.
