import { ApiError, createFalClient, type FalClient } from '@fal-ai/client';
import AdmZip from 'adm-zip';
import sharp from 'sharp';
import type {
  HostedVideo,
  ImageCapabilities,
  ImageData,
  ImageResult,
  LoraResult,
  LoraTrainingInput,
  VideoResult,
} from '../capabilities.ts';
import { MediaError } from '../errors.ts';
import { findImageModel, LORA_ENDPOINTS, UTILITY_MODELS, VIDEO_ENDPOINTS } from '../models.ts';

export interface FalProviderOptions {
  falKey: string;
  /** Send every fal request here instead of https://(queue.)fal.run (tests: the local double). */
  falBaseUrl?: string;
  /** Per-call limit, ms (default 5 min). */
  timeoutMs?: number;
  /** Poll interval of the queue status, ms. */
  pollIntervalMs?: number;
  /**
   * Retries of 429/5xx on a direct request (the SDK's retry). Queue calls (submit, status, result)
   * keep the SDK's own policy: up to 3 retries from 1 s, doubling (a lasting 429 fails after about 7 s).
   */
  maxRetries?: number;
  /** First retry delay of a direct request, ms (doubles each retry). */
  retryDelayMs?: number;
}

type FalImage = { url: string; width?: number; height?: number; content_type?: string };

/** Maps any failure of a fal call to a MediaError with a safe message. */
export function mapFalError(e: unknown): MediaError {
  if (e instanceof MediaError) return e;
  if (e instanceof ApiError) {
    const s = e.status;
    if (s === 401 || s === 403) return new MediaError('unavailable', 'The image service is not available right now.', { cause: e });
    if (s === 400 || s === 422) return new MediaError('bad_input', 'The image service refused this input.', { cause: e });
    if (s === 504 || s === 408) return new MediaError('timeout', 'The image service took too long.', { cause: e });
    return new MediaError('upstream', 'The image service failed; try again.', { cause: e });
  }
  return new MediaError('upstream', 'The image service could not be reached.', { cause: e });
}

/** fal.ai through `@fal-ai/client`: queue submit → status → result, then the image (or video) URLs are downloaded. */
export function createFalProvider(
  opts: FalProviderOptions,
): ImageCapabilities & { video: HostedVideo; trainLora(input: LoraTrainingInput): Promise<LoraResult> } {
  const base = opts.falBaseUrl?.replace(/\/$/, '');
  const fal: FalClient = createFalClient({
    credentials: opts.falKey,
    retry: { maxRetries: opts.maxRetries ?? 2, baseDelay: opts.retryDelayMs ?? 500, maxDelay: 4000, enableJitter: true },
    requestMiddleware: base ? async (r) => ({ ...r, url: r.url.replace(/^https:\/\/(queue\.)?fal\.run/, base) }) : undefined,
  });
  const timeoutMs = opts.timeoutMs ?? 300_000;

  const dataUri = (img: ImageData) => `data:${img.mime};base64,${img.data.toString('base64')}`;

  async function run(endpoint: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new MediaError('timeout', 'The image service took too long.'));
      }, timeoutMs);
    });
    try {
      const res = await Promise.race([
        fal.subscribe(endpoint, { input, abortSignal: abort.signal, pollInterval: opts.pollIntervalMs ?? 1000 }),
        timeout,
      ]);
      return res.data as Record<string, unknown>;
    } catch (e) {
      throw mapFalError(e);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A result file: from fal's CDN (tests: the double). */
  async function fetchFile(url: string, what: string): Promise<Buffer> {
    const from = base ? url.replace(/^https:\/\/[^/]*fal\.(media|run)/, base) : url;
    const r = await fetch(from, { signal: AbortSignal.timeout(120_000) }).catch((e: unknown) => {
      throw new MediaError('upstream', `The generated ${what} could not be downloaded.`, { cause: e });
    });
    if (!r.ok) throw new MediaError('upstream', `The generated ${what} could not be downloaded.`);
    return Buffer.from(await r.arrayBuffer());
  }

  async function download(images: FalImage[] | undefined): Promise<ImageData[]> {
    if (!images?.length) throw new MediaError('upstream', 'The image service returned no image.');
    return Promise.all(
      images.map(async (im) => {
        const data = await fetchFile(im.url, 'image');
        const m = await sharp(data)
          .metadata()
          .catch((e: unknown) => {
            throw new MediaError('upstream', 'The image service returned an unreadable image.', { cause: e });
          });
        const mime = m.format === 'jpeg' ? 'image/jpeg' : m.format === 'webp' ? 'image/webp' : m.format === 'png' ? 'image/png' : null;
        if (!mime) throw new MediaError('upstream', 'The image service returned an unsupported image.');
        return { data, mime, width: m.width, height: m.height } satisfies ImageData;
      }),
    );
  }

  const result = async (
    endpoint: string,
    input: Record<string, unknown>,
    pick = (d: Record<string, unknown>) => (d.images ?? (d.image ? [d.image] : undefined)) as FalImage[] | undefined,
  ): Promise<ImageResult> => {
    const data = await run(endpoint, input);
    const images = await download(pick(data));
    return { images, provider: 'fal', model: endpoint, cost: { amount: 1, unit: 'request' } };
  };
  /** A video model's answer (`{ video: { url } }`), downloaded. */
  const videoResult = async (
    endpoint: string,
    input: Record<string, unknown>,
    shape: { width: number; height: number; durationS: number },
  ): Promise<VideoResult> => {
    const data = await run(endpoint, input);
    const url = (data.video as { url?: string } | undefined)?.url;
    if (!url) throw new MediaError('upstream', 'The video service returned no video.');
    const video = await fetchFile(url, 'video');
    return { video, mime: 'video/mp4', ...shape, provider: 'fal', model: endpoint, cost: { amount: 1, unit: 'request' } };
  };
  const endpointOf = (id: string) => {
    const m = findImageModel(id);
    if (!m) throw new MediaError('bad_input', 'Unknown model.');
    return m.fal;
  };
  const size = (width: number, height: number) => ({ width, height });

  /** The training photos as one zip, the form fal's trainer reads (`images_data_url`). */
  const zipOf = (images: ImageData[]) => {
    const zip = new AdmZip();
    images.forEach((img, i) => zip.addFile(`${String(i + 1).padStart(2, '0')}.${img.mime.split('/')[1]}`, img.data));
    return `data:application/zip;base64,${zip.toBuffer().toString('base64')}`;
  };

  return {
    async trainLora({ images, triggerWord, isStyle }) {
      const data = await run(LORA_ENDPOINTS.train, { images_data_url: zipOf(images), trigger_word: triggerWord, is_style: isStyle });
      const loraUrl = (data.diffusers_lora_file as { url?: string } | undefined)?.url;
      if (!loraUrl) throw new MediaError('upstream', 'The trainer returned no model.');
      return { loraUrl, provider: 'fal', model: LORA_ENDPOINTS.train, cost: { amount: 1, unit: 'request' } };
    },
    generateImage: ({ prompt, width, height, count, model, product, loras }) =>
      result(loras?.length ? LORA_ENDPOINTS.generate : endpointOf(model), {
        prompt,
        image_size: size(width, height),
        num_images: count,
        ...(product ? { image_url: dataUri(product) } : {}),
        ...(loras?.length ? { loras: loras.map((l) => ({ path: l.url, scale: l.scale ?? 1 })) } : {}),
      }),
    editImage: ({ prompt, image, width, height, count }) =>
      result(endpointOf('google_edit'), { prompt, image_urls: [dataUri(image)], num_images: count, image_size: size(width, height) }),
    replaceBackground: ({ image, prompt, count }) =>
      result(endpointOf('ideogram_v3_replace_background'), { image_url: dataUri(image), prompt, num_images: count }),
    removeBackground: ({ image }) => result(UTILITY_MODELS.removeBackground.fal, { image_url: dataUri(image) }),
    placeProduct: ({ prompt, product, scene }) =>
      result(endpointOf('kontext_multi'), { prompt, image_urls: [dataUri(scene), dataUri(product)] }),
    virtualTryOn: ({ person, garment }) =>
      result(endpointOf('kling_kolors_virtual_tryon'), { human_image_url: dataUri(person), garment_image_url: dataUri(garment) }),
    upscale: ({ image, factor }) => result(UTILITY_MODELS.upscale.fal, { image_url: dataUri(image), scale: factor }),
    async describeImage({ image }) {
      const endpoint = UTILITY_MODELS.describeImage.fal;
      const data = await run(endpoint, { image_url: dataUri(image) });
      const description = typeof data.results === 'string' ? data.results : typeof data.output === 'string' ? data.output : '';
      if (!description) throw new MediaError('upstream', 'The image service returned no description.');
      return { description, provider: 'fal', model: endpoint, cost: { amount: 1, unit: 'request' } };
    },
    video: {
      imageToVideo: ({ image, prompt, model, aspectRatio, durationS, width, height }) =>
        videoResult(
          VIDEO_ENDPOINTS[model],
          model === 'veo3'
            ? { prompt, image_url: dataUri(image), duration: '8s', generate_audio: true, aspect_ratio: '16:9', resolution: '720p' }
            : { prompt, image_url: dataUri(image), aspect_ratio: aspectRatio, duration: String(durationS), resolution: '720p' },
          { width, height, durationS },
        ),
      lipSync: ({ video, audio, width, height, durationS }) =>
        videoResult(
          VIDEO_ENDPOINTS.lipsync,
          {
            video_url: `data:video/mp4;base64,${video.toString('base64')}`,
            audio_url: `data:audio/mpeg;base64,${audio.toString('base64')}`,
            sync_mode: 'cut_off',
          },
          { width, height, durationS },
        ),
    },
  };
}
