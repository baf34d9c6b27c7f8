import { Messages } from '@studio/contracts';
import { isMediaError, type ImageData, type ImageResult, type MediaEngine } from '@studio/media';
import { AppError, invalidRequest } from '../../errors.ts';
import type { GenerationPlan } from './plan.ts';

/** The input images of a generation, decoded: `image` is the product (or garment), `image2` the place or person. */
export interface GenerationImages {
  image?: ImageData;
  image2?: ImageData;
}

/** A style trained as a LoRA on the hosted trainer. */
export interface HostedLora {
  url: string;
  triggerWord: string;
}

/** Longest side of an output that takes its shape from an input image. */
const INHERITED_MAX_SIDE = 1920;

/** "Inherits img 2": the output keeps the input's shape, at most INHERITED_MAX_SIDE on its long side. */
function inheritedSize(source: ImageData): { width: number; height: number } {
  const scale = Math.min(1, INHERITED_MAX_SIDE / Math.max(source.width, source.height));
  return { width: Math.max(1, Math.round(source.width * scale)), height: Math.max(1, Math.round(source.height * scale)) };
}

/**
 * Runs a plan on the media engine: one capability per mode (DESIGN decision 7). A generation may
 * take trained LoRAs (hosted) and a character's cut-out to place in its scene; an edit, the cut-out
 * to place beside the photo's product.
 */
export async function runImagePlan(
  media: MediaEngine,
  plan: GenerationPlan,
  images: GenerationImages,
  extras: { loras?: HostedLora[]; person?: ImageData } = {},
): Promise<ImageResult> {
  const loras = extras.loras ?? [];
  const { count } = plan;
  // Trained LoRAs are asked for by their trigger words.
  const prompt = [...loras.map((l) => l.triggerWord), plan.prompt].join(' ');
  const { width, height } =
    plan.inheritsShapeFrom && images[plan.inheritsShapeFrom] ? inheritedSize(images[plan.inheritsShapeFrom]!) : plan;
  return callEngine(Messages.failedToGenerateImage, () => {
    switch (plan.mode) {
      case 'generate':
        return media.generateImage({
          prompt,
          width,
          height,
          count,
          model: plan.modelId,
          loras: loras.map((l) => ({ url: l.url })),
          person: extras.person,
        });
      case 'edit':
        return media.editImage({ prompt, image: images.image!, width, height, count, person: extras.person });
      case 'replace_background':
        return media.replaceBackground({ prompt, image: images.image!, width, height, count });
      case 'kontext_multi':
        return media.placeProduct({ prompt, product: images.image!, scene: images.image2!, width, height });
      case 'virtual_tryon':
        return media.virtualTryOn({ garment: images.image!, person: images.image2! });
    }
  });
}

/** Runs one engine call; its failure reaches the caller as `mediaFailure` says. */
export async function callEngine<T>(fallback: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw mediaFailure(error, fallback);
  }
}

/**
 * A media engine failure as the caller sees it: bad input is theirs to fix (400, the engine's
 * message); anything else is ours or the provider's (502/503 with `fallback`, the spec's text),
 * and the credits it cost are refunded by the charged task.
 */
export function mediaFailure(error: unknown, fallback: string): unknown {
  if (!isMediaError(error)) return error;
  if (error.kind === 'bad_input') return invalidRequest(error.message);
  const status = error.kind === 'unavailable' ? 503 : 502;
  return new AppError(status, 'upstream_failed', fallback, { provider: error.kind });
}
