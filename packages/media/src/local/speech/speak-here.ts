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
import { fliteSpeak, withFliteText } from './flite.ts';
import type { TimedPhoneme } from './visemes.ts';
import { bareWord, phonesBetweenPauses, scriptWords, wordsFromEspeak, wordsFromFlite, type EspeakPhonemeEvent } from './words.ts';

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

/**
 * One piece of text for one synthesiser: flite's arguments, or what espeak-ng is asked; with the
 * piece's plain `text`, the answer tells when each of its words is said.
 */
export type SpeechRequest = ({ engine: 'flite'; args: string[] } | { engine: 'espeak-ng'; request: EspeakRequest }) & { text?: string };

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

async function espeakSpeak(request: EspeakRequest, text: string | undefined): Promise<Spoken> {
  return serially(async () => {
    const synth = await espeak();
    synth.set_voice(request.voice);
    synth.set_rate(request.rate);
    synth.set_pitch(request.pitch);
    const blocks: Int16Array[] = [];
    const phonemes: TimedPhoneme[] = [];
    const located: EspeakPhonemeEvent[] = [];
    synth.synthesize(request.ssml, (samples: Int16Array, events: ESpeakEvent[]) => {
      blocks.push(samples);
      for (const e of events) {
        if (e.type !== 'phoneme') continue;
        const ipa = String(e.id ?? '');
        phonemes.push({ ipa, start: e.audio_position / 1000 });
        located.push({ ipa, start: e.audio_position / 1000, textPosition: e.text_position });
      }
      return 0;
    });
    const samples = new Int16Array(blocks.reduce((n, b) => n + b.length, 0));
    let offset = 0;
    for (const b of blocks) {
      samples.set(b, offset);
      offset += b.length;
    }
    const rate = synth.get_samplerate();
    const words = text === undefined ? undefined : wordsFromEspeak(text, request.ssml, located, samples.length / rate);
    return { samples, rate, phonemes, words };
  });
}

/** How flite says a word alone, by the word (the lexicon is the same for every flite voice); kept while the child lives. */
const pronunciations = new Map<string, string[]>();
const PRONUNCIATIONS_KEPT = 20_000;

/**
 * flite, and when it has a text, its words' times: the words not said alone before are said once
 * more, one at a time with a pause between each, which gives each its pronunciation by flite's own
 * rules for the line's phones to be shared out by (`wordsFromFlite`).
 */
async function fliteSpeakWords(args: string[], text: string | undefined): Promise<Spoken> {
  const { samples, rate, phonemes, segments } = await fliteSpeak(args);
  if (text === undefined) return { samples, rate, phonemes };
  const bare = scriptWords(text).map((w) => bareWord(w.text));
  const unknown = [...new Set(bare.filter((w) => !pronunciations.has(w)))];
  if (unknown.length > 0) {
    // A semicolon after each word: flite pauses at each, where a full stop after an abbreviation
    // ("Dr.") runs on. Said ten times faster, in one run: each flite run risks the WASI build's
    // crash, and a long one more (the line's own pieces are bounded for the same reason).
    const alone = await fliteSpeak(withFliteText(args, unknown.join('; '), ['--setf', 'duration_stretch=0.1']));
    const said = phonesBetweenPauses(alone.segments);
    if (said.length === unknown.length) {
      if (pronunciations.size > PRONUNCIATIONS_KEPT) pronunciations.clear();
      unknown.forEach((w, i) => pronunciations.set(w, said[i]!));
    }
  }
  const known = bare.map((w) => pronunciations.get(w));
  const all = known.every((p) => p !== undefined) ? known : null;
  return { samples, rate, phonemes, words: wordsFromFlite(text, segments, all, samples.length / rate) };
}

/** Speaks one piece of text on this thread (in the speech child). */
export function speakHere(request: SpeechRequest): Promise<Spoken> {
  return request.engine === 'flite' ? fliteSpeakWords(request.args, request.text) : espeakSpeak(request.request, request.text);
}
