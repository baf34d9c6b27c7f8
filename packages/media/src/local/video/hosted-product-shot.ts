/**
 * A product shot on the hosted models (with FAL_KEY), as other hosted work is made: the set around
 * the user's product from the hosted image model (its background replaced), the motion from
 * image → video. Then the product-fidelity check reads frames of the clip: if any frame fails it
 * (the model redrew, stretched or recoloured the product), or the hosted call fails, the shot is the
 * local composite instead (the product's own pixels), and the result says why.
 */
import sharp from 'sharp';
import type { HostedVideo, ImageData, ProductShot, ProductShotInput, ReplaceBackground } from '../../capabilities.ts';
import { isMediaError } from '../../errors.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { productFidelity, type FidelityTools } from '../image/fidelity.ts';
import { ENCODE, encodeToMp4 } from './clips.ts';
import { checkProductShot, productCutOut, readPhoto, scenePrompt } from './product-shot.ts';

export interface HostedProductShotTools extends FidelityTools {
  hosted: ReplaceBackground & Pick<HostedVideo, 'imageToVideo'>;
  /** The local composite, made when the hosted shot cannot be used. */
  local(): Promise<ProductShot>;
}

/** What the video model is asked for each camera move; the product is to stay as it is. */
const MOTION_PROMPTS: Record<ProductShotInput['motion'], string> = {
  'push-in': 'slow cinematic push-in towards the product',
  slide: 'slow lateral camera slide past the product, parallax',
  orbit: 'slow camera orbit around the product',
};
/** seedance's lengths (spec 2 §9); the clip is cut to the shot's. */
const SEEDANCE_SECONDS = [3, 6, 9, 12];
/** Where in the clip its frames are checked (shares of its length). */
const CHECKED_AT = [0.15, 0.5, 0.85];

const ratioOf = (width: number, height: number) => (width === height ? '1:1' : width > height ? '16:9' : '9:16');

/** The clip at the shot's size and length, silent (the job lays the speech over it). */
async function fitted(video: Buffer, width: number, height: number, durationS: number): Promise<Buffer> {
  const picture = `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`;
  return encodeToMp4(
    (out) => ['-i', 'pipe:0', '-t', String(durationS), '-vf', picture, '-an', ...ENCODE, '-movflags', '+faststart', '-y', out],
    video,
  );
}

async function frameAt(video: Buffer, t: number): Promise<ImageData> {
  const png = await runFfmpeg(['-ss', t.toFixed(2), '-i', 'pipe:0', '-frames:v', '1', '-f', 'image2', '-c:v', 'png', 'pipe:1'], video);
  const { width = 0, height = 0 } = await sharp(png).metadata();
  return { data: png, mime: 'image/png', width, height };
}

export async function hostedProductShot(input: ProductShotInput, tools: HostedProductShotTools): Promise<ProductShot> {
  checkProductShot(input);
  const started = performance.now();
  const { width, height, durationS } = input;
  const photo = await readPhoto(input.productImage);
  let reason: string;
  try {
    const {
      images: [still],
    } = await tools.hosted.replaceBackground({ image: photo, prompt: scenePrompt(input.scene), width, height, count: 1 });
    const clip = await tools.hosted.imageToVideo({
      image: still!,
      prompt: `${MOTION_PROMPTS[input.motion]}, ${scenePrompt(input.scene)}; the product stays exactly as it is`,
      model: 'seedance',
      aspectRatio: ratioOf(width, height),
      durationS: SEEDANCE_SECONDS.find((s) => s >= durationS) ?? SEEDANCE_SECONDS.at(-1)!,
      width,
      height,
    });
    const video = await fitted(clip.video, width, height, durationS);
    let worst = { iou: 1, deltaE: 0, passes: true };
    for (const share of CHECKED_AT) {
      const seen = await productFidelity(photo, await frameAt(video, share * durationS), tools);
      if (!seen.passes || seen.iou < worst.iou) worst = seen;
      if (!seen.passes) break;
    }
    if (worst.passes)
      return {
        video,
        mime: 'video/mp4',
        width,
        height,
        durationS,
        cutout: await productCutOut(input.productImage, tools.segment),
        fidelity: { iou: worst.iou, deltaE: worst.deltaE },
        provider: 'fal',
        model: clip.model,
        cost: { amount: Math.round(performance.now() - started) / 1000, unit: 'compute_s' },
      };
    reason = `the hosted model changed the product (mask overlap ${worst.iou.toFixed(2)}, colour difference ${Number.isFinite(worst.deltaE) ? worst.deltaE.toFixed(1) : 'not measurable'})`;
  } catch (error) {
    if (!isMediaError(error) || error.kind === 'bad_input') throw error;
    reason = `the hosted model could not make it (${error.message})`;
  }
  const local = await tools.local();
  return { ...local, note: `This product shot was made by the local engine: ${reason}.` };
}
