/**
 * `createMediaEngine`: one object with every capability, each provider chosen per capability and
 * its module `import()`ed the first time one of its capabilities is called. Creating the engine
 * loads none of them: the local image provider (sharp, the imgly worker), the face worker (tfjs,
 * face-api), fal's client, the ElevenLabs SDK (1.8 s to import on its own, loaded only with a key
 * and a speech call), espeak-ng and the video renderers.
 */
import type {
  CapabilityName,
  ImageCapabilities,
  ImageData,
  LoraTrainingInput,
  MediaEngine,
  TalkingHeadInput,
  VideoCapabilities,
  VoiceProvider,
} from './capabilities.ts';
import type { FaceFinder } from './local/image/faces.ts';

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

/** A value made on first use and shared after: concurrent first calls share one import. */
function once<T>(make: () => Promise<T>): { get: () => Promise<T>; started: () => Promise<T> | undefined } {
  let made: Promise<T> | undefined;
  return { get: () => (made ??= make()), started: () => made };
}

/** One object with every capability; provider chosen per capability (fal when `falKey` is set). */
export function createMediaEngine(options: MediaEngineOptions = {}): MediaEngine {
  const { falKey } = options;
  const routes = Object.fromEntries(CAPABILITIES.map((c) => [c, options.providers?.[c] ?? (falKey ? 'fal' : 'local')])) as Record<
    CapabilityName,
    'local' | 'fal'
  >;
  if (Object.values(routes).includes('fal') && !falKey) throw new Error('fal provider selected without falKey');

  // One face worker serves every local capability that looks at faces (describe, try-on, characters).
  const faces = once<FaceFinder>(async () => new (await import('./local/image/faces.ts')).FaceFinder());
  const local = once(async () => {
    const { createLocalProvider } = await import('./local/image/provider.ts');
    return createLocalProvider({ maxQueue: options.concurrency?.maxQueue, maxSide: options.segmentMaxSide, faces: await faces.get() });
  });
  const fal = once(async () => {
    const { createFalProvider } = await import('./fal/provider.ts');
    return createFalProvider({
      falKey: falKey!,
      falBaseUrl: options.falBaseUrl,
      timeoutMs: options.falTimeoutMs,
      pollIntervalMs: options.falPollIntervalMs,
      retryDelayMs: options.falRetryDelayMs,
    });
  });

  const engine = {} as Record<string, unknown>;
  for (const c of CAPABILITIES) {
    engine[c] = async (input: never) => {
      const started = performance.now();
      try {
        const provider = routes[c] === 'fal' ? await fal.get() : await local.get();
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

  const localVoices = once(() => import('./local/speech/espeak.ts'));
  const speech = options.elevenLabsApiKey
    ? elevenLabsSpeech(options.elevenLabsApiKey, options.elevenLabsBaseUrl)
    : localSpeech(localVoices.get);

  const clips = () => import('./local/video/clips.ts');
  // Its render thread starts with the first shot; `close` stops it.
  const productShots = once(() => import('./local/video/product-shot.ts'));
  const animate: VideoCapabilities['animate'] = async (input) => (await import('./local/video/motion.ts')).localAnimate(input);
  // The talking head's models, each in its worker, loaded on first use: the face mesh, and
  // Rhubarb for mouth shapes when none come with the speech.
  const mesh = once(async () => new (await import('./local/video/face-mesh.ts')).FaceMesh());
  const listener = once(async () => new (await import('./local/video/mouth-cues.ts')).MouthShapeListener());
  const talkingHead = async (input: TalkingHeadInput) => {
    const [{ localTalkingHead }, meshes] = await Promise.all([import('./local/video/talking-head.ts'), mesh.get()]);
    return localTalkingHead(input, {
      findFaces: (rgb, width, height) => meshes.detect(rgb, width, height),
      hearMouthShapes: async (pcm, script) => (await listener.get()).listen(pcm, script),
    });
  };
  const video: VideoCapabilities = {
    provider: falKey ? 'fal' : 'local',
    speaksFromStill: !falKey,
    imageToVideo: falKey
      ? async (input) => (await fal.get()).video.imageToVideo(input)
      : ({ image, width, height, durationS }) => animate({ image, width, height, durationS }),
    lipSync: falKey
      ? async (input) => (await fal.get()).video.lipSync(input)
      : ({ image, audio, width, height, durationS, mouthCues, script }) =>
          talkingHead({ image, audio, width, height, durationS, mouthCues, script }),
    animate,
    talkingHead,
    concat: async (videos) => (await clips()).localConcat(videos),
    posterFrame: async (clip) => (await clips()).localPosterFrame(clip),
    withSilence: async (clip) => (await clips()).localWithSilence(clip),
    withSound: async (clip, audio) => (await clips()).localWithSound(clip, audio),
    normalize: async (clip, width, height) => (await clips()).localNormalize(clip, width, height),
    burnCaptions: async (input) => (await import('./local/video/captions.ts')).localBurnCaptions(input),
    productShot: async (input) => {
      const [{ renderProductShot }, provider] = await Promise.all([productShots.get(), local.get()]);
      const segment = (image: ImageData) => provider.segment(image);
      if (!falKey) return renderProductShot(input, { segment });
      const [{ hostedProductShot }, hosted] = await Promise.all([import('./local/video/hosted-product-shot.ts'), fal.get()]);
      return hostedProductShot(input, {
        segment,
        hosted: { replaceBackground: (i) => hosted.replaceBackground(i), imageToVideo: (i) => hosted.video.imageToVideo(i) },
        local: () => renderProductShot(input, { segment }),
      });
    },
    finishAd: async (input) => {
      const [{ localFinishAd }, meshes, provider] = await Promise.all([import('./local/video/ad.ts'), mesh.get(), local.get()]);
      return localFinishAd(input, {
        findFaces: (rgb, width, height) => meshes.findBoxes(rgb, width, height),
        segment: (image) => provider.segment(image),
      });
    },
  };

  const character = () => import('./local/image/character.ts');
  return Object.assign(engine as unknown as ImageCapabilities, {
    speech,
    video,
    routes,
    learnCharacter: async (images: ImageData[]) => {
      const [{ learnCharacter }, finder, provider] = await Promise.all([character(), faces.get(), local.get()]);
      return learnCharacter(images, finder, (image) => provider.segment(image));
    },
    characterDistance: async (descriptor: readonly number[], image: ImageData) => {
      const [{ characterDistance }, finder] = await Promise.all([character(), faces.get()]);
      return characterDistance(descriptor, image, finder);
    },
    ...(falKey ? { trainLora: async (input: LoraTrainingInput) => (await fal.get()).trainLora(input) } : {}),
    alignWords: async (input: { audio: Buffer; text: string }) => {
      // Through the local voices' module, so that `close` stops the speech children the alignment ran in.
      await localVoices.get();
      return (await import('./local/speech/forced-alignment.ts')).localAlignWords(input);
    },
    close: async () => {
      // Only what was started has workers to stop; a provider whose import failed has none.
      const settle = <T>(p: Promise<T> | undefined, stop: (v: T) => Promise<void>) => p?.then(stop, () => undefined);
      await Promise.all([
        settle(local.started(), (l) => l.close()),
        settle(faces.started(), (f) => f.close()),
        settle(mesh.started(), (m) => m.close()),
        settle(listener.started(), (l) => l.close()),
        settle(localVoices.started(), (v) => v.closeLocalSpeech()),
        settle(productShots.started(), (p) => p.closeProductShotWorker()),
        import('./local/image/stills.ts').then((s) => s.closeStills()),
      ]);
    },
  });
}

/** Speech on ElevenLabs: the SDK is imported on the first speech call, and the client made once. */
function elevenLabsSpeech(apiKey: string, baseUrl: string | undefined): VoiceProvider {
  const provider = once(async () => (await import('./elevenlabs/provider.ts')).createElevenLabsSpeech({ apiKey, baseUrl }));
  return {
    name: 'elevenlabs',
    textToSpeech: async (input) => (await provider.get()).textToSpeech(input),
    cloneVoice: async (input) => (await provider.get()).cloneVoice(input),
    listVoices: async () => (await provider.get()).listVoices(),
    getVoice: async (id) => (await provider.get()).getVoice(id),
    composeMusic: async (input) => (await provider.get()).composeMusic!(input),
  };
}

/** Speech on flite and espeak-ng (WASM, in speech child processes), imported on the first call. */
function localSpeech(espeak: () => Promise<typeof import('./local/speech/espeak.ts')>): VoiceProvider {
  return {
    name: 'local',
    textToSpeech: async (input) => (await espeak()).localTextToSpeech(input),
    cloneVoice: async (input) => (await espeak()).localCloneVoice(input),
    // The local engine has no library beyond the presets.
    listVoices: () => Promise.resolve([]),
    getVoice: () => Promise.resolve(null),
  };
}
