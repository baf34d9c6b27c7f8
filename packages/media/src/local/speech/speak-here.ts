// The package ships no types; its declaration travels with this module to every project that compiles it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./espeak-ng-emscripten.d.ts" />
/**
 * The synthesisers themselves, run in the speech child process (`speech-worker.mjs`), never on a
 * thread that answers HTTP: flite's WASI program and espeak-ng's emscripten module run synchronously
 * and natively, and a crash there must end only the child.
 */
import ESpeakNgEmscripten, { type ESpeakEvent, type ESpeakWorker } from '@echogarden/espeak-ng-emscripten';
import type { Spoken } from './chunks.ts';
import { fliteSpeak } from './flite.ts';
import type { TimedPhoneme } from './visemes.ts';

/** What espeak-ng is asked to say, and how. */
export interface EspeakRequest {
  /** `language+variant`, e.g. `en-us+f3`. */
  voice: string;
  pitch: number;
  /** Words a minute. */
  rate: number;
  /** SSML. */
  ssml: string;
}

/** One piece of text for one synthesiser: flite's arguments, or what espeak-ng is asked. */
export type SpeechRequest = { engine: 'flite'; args: string[] } | { engine: 'espeak-ng'; request: EspeakRequest };

/** espeak-ng keeps its voice in module state: one call at a time. */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** The module loads once (≈ 0.2–0.5 s) and then speaks a line in tens of milliseconds. */
let worker: Promise<ESpeakWorker> | undefined;
const espeak = () =>
  (worker ??= ESpeakNgEmscripten({ print: () => undefined, printErr: () => undefined }).then((module) => new module.eSpeakNGWorker()));

async function espeakSpeak(request: EspeakRequest): Promise<Spoken> {
  return serially(async () => {
    const synth = await espeak();
    synth.set_voice(request.voice);
    synth.set_rate(request.rate);
    synth.set_pitch(request.pitch);
    const blocks: Int16Array[] = [];
    const phonemes: TimedPhoneme[] = [];
    synth.synthesize(request.ssml, (samples: Int16Array, events: ESpeakEvent[]) => {
      blocks.push(samples);
      for (const e of events) if (e.type === 'phoneme') phonemes.push({ ipa: String(e.id ?? ''), start: e.audio_position / 1000 });
      return 0;
    });
    const samples = new Int16Array(blocks.reduce((n, b) => n + b.length, 0));
    let offset = 0;
    for (const b of blocks) {
      samples.set(b, offset);
      offset += b.length;
    }
    return { samples, rate: synth.get_samplerate(), phonemes };
  });
}

/** Speaks one piece of text on this thread (in the speech child). */
export function speakHere(request: SpeechRequest): Promise<Spoken> {
  return request.engine === 'flite' ? fliteSpeak(request.args) : espeakSpeak(request.request);
}
