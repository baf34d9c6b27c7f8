/**
 * `@studio/media`: the media engine. Offline by default (`local/…` results), fal.ai when a key is
 * configured. See README "Media engine".
 */
import type { CapabilityName, ImageCapabilities, ImageData, LoraResult, LoraTrainingInput } from './capabilities.ts';
import { characterDistance, learnCharacter, type LearnedCharacter } from './local/character.ts';
import { createFalProvider } from './fal/provider.ts';
import { createLocalProvider } from './local/provider.ts';
import { createElevenLabsSpeech } from './speech/elevenlabs.ts';
import { localCloneVoice, localTextToSpeech } from './speech/local.ts';
import type { VoiceProvider } from './speech/types.ts';
import { FaceFinder } from './local/faces.ts';
import type { HostedVideo, VideoResult } from './video/types.ts';
import {
  localAnimate,
  localConcat,
  localPosterFrame,
  localTalkingHead,
  localWithSilence,
  localNormalize,
  type AnimateInput,
  type TalkingHeadInput,
} from './video/local.ts';
import { localBurnCaptions } from './video/captions.ts';

/**
 * Video: image → video and lip-sync by a hosted model (fal, with FAL_KEY) or the local engine
 * (ffmpeg camera motion and a talking head); joining, posters, captions and silence are local.
 */
export interface VideoCapabilities extends HostedVideo {
  /** Which provider renders clips. */
  readonly provider: 'local' | 'fal';
  /**
   * The local talking head animates the still itself while it speaks: a spoken section needs no
   * separate image → video step there.
   */
  readonly speaksFromStill: boolean;
  animate(input: AnimateInput): Promise<VideoResult>;
  talkingHead(input: TalkingHeadInput): Promise<VideoResult>;
  concat(videos: Buffer[]): Promise<Buffer>;
  posterFrame(video: Buffer): Promise<Buffer>;
  /** A silent track for a clip without sound, so it joins spoken clips. */
  withSilence(video: Buffer): Promise<Buffer>;
  /** A clip from a hosted model in the local engine's size and formats, so it joins the others. */
  normalize(video: Buffer, width: number, height: number): Promise<Buffer>;
  burnCaptions(input: { video: Buffer; script: string; width: number; height: number; durationS: number }): Promise<Buffer>;
}

export * from './capabilities.ts';
export * from './errors.ts';
export * from './models.ts';
export { createLocalProvider } from './local/provider.ts';
export { reframeImage } from './local/reframe.ts';
export { NO_FACE, NOT_ONE_PERSON, renderCharacterSample, type LearnedCharacter } from './local/character.ts';
export { DESCRIPTOR_MATCH } from './local/faces.ts';
export { applyGrade, gradeDistance, learnGrade, renderStyleSample, type ColourGrade } from './local/grade.ts';
export { createFalProvider, mapFalError } from './fal/provider.ts';
export * from './speech/types.ts';
export type { VoiceAnalysis } from './speech/analysis.ts';
export { LOCAL_PRESET_VOICES } from './speech/local.ts';
export type { HostedVideo, ImageToVideoInput, LipSyncInput, VideoResult } from './video/types.ts';
export { VIDEO_FPS, type AnimateInput, type TalkingHeadInput } from './video/local.ts';
export { CAPTION_MIN_CUE_S, CAPTION_WORDS, captionCues, type CaptionCue } from './video/captions.ts';
export { createElevenLabsSpeech, HOSTED_PRESET_VOICES, mapElevenLabsError } from './speech/elevenlabs.ts';

export interface MediaEngineOptions {
  /** fal.ai key (FAL_KEY). When set, every capability goes to fal unless `providers` says otherwise. */
  falKey?: string;
  /** Base URL that replaces https://(queue.)fal.run: tests point it at the local double. */
  falBaseUrl?: string;
  /** Per-capability override of the provider. */
  providers?: Partial<Record<CapabilityName, 'local' | 'fal'>>;
  /** Local engine: max queued segmentation jobs (a full queue answers `unavailable`). */
  concurrency?: { maxQueue?: number };
  /** Local engine: long side the segmentation model sees (default 1024). */
  segmentMaxSide?: number;
  /** fal: per-call limit in ms. */
  falTimeoutMs?: number;
  falPollIntervalMs?: number;
  /** ElevenLabs key (ELEVENLABS_API_KEY): speech, the voice library and cloning go to ElevenLabs. */
  elevenLabsApiKey?: string;
  /** Base URL of the ElevenLabs API: tests point it at the local double. */
  elevenLabsBaseUrl?: string;
  /** fal: first retry delay of a 429/5xx, ms. */
  falRetryDelayMs?: number;
  logger?: { info(msg: string, meta?: object): void; warn(msg: string, meta?: object): void };
}

export type MediaEngine = ImageCapabilities & {
  /** Speech: espeak-ng locally, ElevenLabs with a key. */
  readonly speech: VoiceProvider;
  /** Video: camera motion, talking heads, joining and posters (local ffmpeg). */
  readonly video: VideoCapabilities;
  /** Which provider each capability uses. */
  readonly routes: Record<CapabilityName, 'local' | 'fal'>;
  /** Learns a character from photos of one person: face descriptor and reference cut-out (local engine). */
  learnCharacter(images: ImageData[]): Promise<LearnedCharacter>;
  /** How far the nearest face in an image is from a character's descriptor (null: no face). */
  characterDistance(descriptor: readonly number[], image: ImageData): Promise<number | null>;
  /** A hosted LoRA trainer (fal, with FAL_KEY); absent when styles are learned by the local engine only. */
  readonly trainLora?: (input: LoraTrainingInput) => Promise<LoraResult>;
  /** Stops worker threads (model memory is released). */
  close(): Promise<void>;
};

const CAPABILITIES: CapabilityName[] = [
  'generateImage',
  'editImage',
  'replaceBackground',
  'removeBackground',
  'placeProduct',
  'virtualTryOn',
  'upscale',
  'describeImage',
];

/** One object with every capability; provider chosen per capability (fal when `falKey` is set). */
export function createMediaEngine(options: MediaEngineOptions = {}): MediaEngine {
  let local: ReturnType<typeof createLocalProvider> | undefined;
  // One face worker serves every local capability that looks at faces (describe, try-on, talking heads, characters).
  let faceFinder: FaceFinder | undefined;
  const faces = () => (faceFinder ??= new FaceFinder());
  const getLocal = () =>
    (local ??= createLocalProvider({ maxQueue: options.concurrency?.maxQueue, maxSide: options.segmentMaxSide, faces: faces() }));
  const fal = options.falKey
    ? createFalProvider({
        falKey: options.falKey,
        falBaseUrl: options.falBaseUrl,
        timeoutMs: options.falTimeoutMs,
        pollIntervalMs: options.falPollIntervalMs,
        retryDelayMs: options.falRetryDelayMs,
      })
    : undefined;
  const routes = Object.fromEntries(CAPABILITIES.map((c) => [c, options.providers?.[c] ?? (fal ? 'fal' : 'local')])) as Record<
    CapabilityName,
    'local' | 'fal'
  >;
  if (Object.values(routes).includes('fal') && !fal) throw new Error('fal provider selected without falKey');
  const engine = {} as Record<string, unknown>;
  for (const c of CAPABILITIES) {
    engine[c] = async (input: never) => {
      const provider = routes[c] === 'fal' ? fal! : getLocal();
      const started = performance.now();
      try {
        const out = await (provider[c] as (i: never) => Promise<{ model: string }>)(input);
        options.logger?.info('media call', {
          capability: c,
          provider: routes[c],
          model: out.model,
          ms: Math.round(performance.now() - started),
        });
        return out;
      } catch (e) {
        options.logger?.warn('media call failed', {
          capability: c,
          provider: routes[c],
          kind: (e as { kind?: string }).kind,
          error: String(e),
        });
        throw e;
      }
    };
  }
  const speech: VoiceProvider = options.elevenLabsApiKey
    ? createElevenLabsSpeech({ apiKey: options.elevenLabsApiKey, baseUrl: options.elevenLabsBaseUrl })
    : {
        name: 'local',
        textToSpeech: localTextToSpeech,
        cloneVoice: localCloneVoice,
        // The local engine has no library beyond the presets.
        listVoices: () => Promise.resolve([]),
        getVoice: () => Promise.resolve(null),
      };
  const talkingHead = (input: TalkingHeadInput) => localTalkingHead(input, (image) => faces().detect(image));
  const video: VideoCapabilities = {
    provider: fal ? 'fal' : 'local',
    speaksFromStill: !fal,
    imageToVideo: fal ? fal.video.imageToVideo : ({ image, width, height, durationS }) => localAnimate({ image, width, height, durationS }),
    lipSync: fal ? fal.video.lipSync : ({ image, audio, width, height }) => talkingHead({ image, audio, width, height }),
    animate: localAnimate,
    talkingHead,
    concat: localConcat,
    posterFrame: localPosterFrame,
    withSilence: localWithSilence,
    normalize: localNormalize,
    burnCaptions: localBurnCaptions,
  };
  return Object.assign(engine as unknown as ImageCapabilities, {
    speech,
    video,
    routes,
    learnCharacter: (images: ImageData[]) => learnCharacter(images, faces(), (image) => getLocal().segment(image)),
    characterDistance: (descriptor: readonly number[], image: ImageData) => characterDistance(descriptor, image, faces()),
    ...(fal ? { trainLora: fal.trainLora } : {}),
    close: async () => {
      await Promise.all([local?.close(), faceFinder?.close()]);
    },
  });
}
