/**
 * Speech on ElevenLabs through its official SDK (`ELEVENLABS_API_KEY`): text-to-speech (with each
 * character's time, from which the words' times come), the voice
 * library, voice info and adding (cloning) a voice. The presets of spec 2 §9 map to ElevenLabs'
 * premade voices; every other id is the account's own.
 */
import { ElevenLabsClient, ElevenLabsError, type ElevenLabs } from '@elevenlabs/elevenlabs-js';
import type {
  ComposedMusic,
  ComposeMusicInput,
  CloneVoiceInput,
  CloneVoiceResult,
  LibraryVoice,
  SpeechResult,
  TextToSpeechInput,
  VoiceProvider,
  WordTiming,
} from '../capabilities.ts';
import { MediaError } from '../errors.ts';
import { decodeToPcm } from '../local/ffmpeg.ts';
import { scriptWords } from '../local/speech/words.ts';
import { HOSTED_PRESET_VOICES } from './presets.ts';

const TTS_MODEL = 'eleven_multilingual_v2';

/**
 * The categories of ElevenLabs' public voices: its premade ones and the kinds its shared library
 * offers. `cloned` (instant clones, what cloneVoice makes) and `generated` (voice design) are made
 * in this account from one person's sample or request; an unknown or missing category is treated
 * the same, so a new kind of voice stays private until it is named here.
 */
const PUBLIC_CATEGORIES = new Set<string>(['premade', 'professional', 'famous', 'high_quality']);

/** A voice of the account as the studio lists it; see LibraryVoice.personal. */
function libraryVoiceOf(v: ElevenLabs.Voice, id = v.voiceId) {
  // A voice copied from the shared library into the account is someone else's published voice (isOwner false).
  const personal = !PUBLIC_CATEGORIES.has(v.category ?? '') && v.isOwner !== false;
  return {
    id,
    name: v.name ?? id,
    description: v.description ?? '',
    category: v.category ?? 'library',
    previewUrl: v.previewUrl ?? null,
    labels: v.labels ?? {},
    personal,
  } satisfies LibraryVoice;
}

export interface ElevenLabsOptions {
  apiKey: string;
  /** Tests point the SDK at a local double of the REST API. */
  baseUrl?: string;
  timeoutMs?: number;
}

/** ElevenLabs' answer as a MediaError that keeps its status (spec 2 §8 words each one). */
export function mapElevenLabsError(error: unknown): MediaError {
  if (error instanceof MediaError) return error;
  if (error instanceof ElevenLabsError) {
    const status = error.statusCode ?? 0;
    const kind =
      status === 400 || status === 404 || status === 422 ? 'bad_input' : status === 429 || status >= 500 ? 'unavailable' : 'upstream';
    return new MediaError(kind, `The voice provider answered ${status || 'nothing'}.`, {
      cause: error,
      providerStatus: status || undefined,
    });
  }
  const timeout = error instanceof Error && /timeout|timed out/i.test(error.message);
  return new MediaError(timeout ? 'timeout' : 'unavailable', 'The voice provider could not be reached.', { cause: error });
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * The script's words (as the local voices count them) timed by ElevenLabs' character alignment: a
 * word runs from the start of its first character to the end of its last. The characters are the
 * text's own; each word is looked up in them in order, so a difference in spacing does not shift
 * the rest. A word not found (or no alignment) shares the time between its neighbours.
 */
export function wordsFromCharacters(
  text: string,
  alignment: ElevenLabs.CharacterAlignmentResponseModel | undefined,
  durationS: number,
): WordTiming[] {
  const words = scriptWords(text);
  const said = alignment?.characters.join('') ?? '';
  let cursor = 0;
  const found = words.map((w) => {
    const at = said.indexOf(w.text, cursor);
    if (!alignment || at < 0) return null;
    cursor = at + w.text.length;
    const start = alignment.characterStartTimesSeconds[at];
    const end = alignment.characterEndTimesSeconds[at + w.text.length - 1];
    return start === undefined || end === undefined ? null : { start, end };
  });
  const out: WordTiming[] = [];
  for (let k = 0; k < words.length; k++) {
    const span = found[k];
    const previousEnd = out.at(-1)?.end ?? 0;
    if (span) {
      const start = Math.min(durationS, Math.max(previousEnd, span.start));
      out.push({ text: words[k]!.text, start: round3(start), end: round3(Math.min(durationS, Math.max(start, span.end))) });
      continue;
    }
    const next = found.slice(k + 1).find((f) => f)?.start ?? durationS;
    const missing = found.slice(k).findIndex((f) => f);
    const share = (Math.max(previousEnd, Math.min(durationS, next)) - previousEnd) / (missing < 0 ? words.length - k : missing);
    out.push({ text: words[k]!.text, start: round3(previousEnd), end: round3(previousEnd + share) });
  }
  return out;
}

export function createElevenLabsSpeech(options: ElevenLabsOptions): VoiceProvider {
  const client = new ElevenLabsClient({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    maxRetries: 1,
    timeoutInSeconds: (options.timeoutMs ?? 60_000) / 1000,
  });
  const providerId = (id: string) => HOSTED_PRESET_VOICES[id] ?? id;
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw mapElevenLabsError(error);
    }
  };

  return {
    name: 'elevenlabs',
    async textToSpeech(input: TextToSpeechInput): Promise<SpeechResult> {
      // The call with timestamps: the same audio, and when each character of the text is said.
      const spoken = await call(() =>
        client.textToSpeech.convertWithTimestamps(providerId(input.voice.id), {
          text: input.text,
          modelId: TTS_MODEL,
          outputFormat: 'mp3_44100_128',
          voiceSettings: {
            stability: input.settings.stability,
            similarityBoost: input.settings.similarityBoost,
            style: input.settings.style,
            useSpeakerBoost: input.settings.useSpeakerBoost,
            speed: input.settings.speed,
          },
        }),
      );
      const audio = Buffer.from(spoken.audioBase64, 'base64');
      const pcm = await decodeToPcm(audio).catch(() => {
        throw new MediaError('upstream', 'The voice provider sent audio that could not be read.');
      });
      const durationS = Math.round((pcm.length / 16_000) * 100) / 100;
      return {
        audio,
        mime: 'audio/mpeg',
        durationS,
        words: wordsFromCharacters(input.text, spoken.alignment ?? spoken.normalizedAlignment, durationS),
        provider: 'elevenlabs',
        model: `elevenlabs/${TTS_MODEL}`,
        cost: { amount: input.text.length, unit: 'characters' },
      };
    },
    async cloneVoice(input: CloneVoiceInput): Promise<CloneVoiceResult> {
      const added = await call(() =>
        client.voices.ivc.create({
          name: input.name,
          files: [new File([new Uint8Array(input.sample)], 'sample', { type: 'application/octet-stream' })],
        }),
      );
      return {
        voice: null,
        providerVoiceId: added.voiceId,
        analysis: null,
        approximation: false,
        requiresVerification: added.requiresVerification,
        provider: 'elevenlabs',
        model: 'elevenlabs/ivc',
        cost: { amount: 1, unit: 'request' },
      };
    },
    async listVoices(): Promise<LibraryVoice[]> {
      const answer = await call(() => client.voices.getAll());
      const presets = new Set(Object.values(HOSTED_PRESET_VOICES));
      // The presets' own voices are listed as presets already.
      return answer.voices.filter((v) => !presets.has(v.voiceId)).map((v) => libraryVoiceOf(v));
    },
    async composeMusic({ prompt, durationS }: ComposeMusicInput): Promise<ComposedMusic> {
      const stream = await call(() =>
        client.music.compose({
          prompt,
          musicLengthMs: Math.round(durationS * 1000),
          forceInstrumental: true,
          outputFormat: 'mp3_44100_128',
        }),
      );
      const audio = Buffer.from(await new Response(stream).arrayBuffer());
      const pcm = await decodeToPcm(audio).catch(() => {
        throw new MediaError('upstream', 'The music provider sent audio that could not be read.');
      });
      return {
        audio,
        mime: 'audio/mpeg',
        durationS: Math.round((pcm.length / 16_000) * 100) / 100,
        provider: 'elevenlabs',
        model: 'elevenlabs/music',
        cost: { amount: durationS, unit: 'seconds' },
      };
    },
    async getVoice(id: string): Promise<LibraryVoice | null> {
      try {
        return libraryVoiceOf(await client.voices.get(providerId(id)), id);
      } catch (error) {
        if (error instanceof ElevenLabsError && error.statusCode === 404) return null;
        throw mapElevenLabsError(error);
      }
    },
  };
}
