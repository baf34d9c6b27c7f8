import type { WordTiming } from '../../capabilities.ts';
import type { TimedPhoneme } from './visemes.ts';
import { shiftWords } from './words.ts';

/** Speech as a synthesiser gives it: mono 16-bit samples, their rate, each phoneme with its start, and each word of its text with its times. */
export interface Spoken {
  samples: Int16Array;
  rate: number;
  phonemes: TimedPhoneme[];
  words?: WordTiming[];
}

/**
 * The longest piece of text one synthesis speaks. flite's WASI build corrupted the process's heap
 * on a few thousand characters in one run; a few hundred take well under a second.
 */
export const SPEECH_CHUNK_CHARS = 400;

/** Where a text may be cut, best first: after a sentence, after a clause, between words. */
const CUTS = [/(?<=[.!?…]['"”’)\]]*)\s+/u, /(?<=[,;:—–])\s+/u, /\s+/u];

/**
 * A text in the pieces it is spoken in, in order: whole sentences packed up to `max` characters; a
 * sentence longer than that is cut after a clause, then between words (a word longer than that, at
 * `max` characters).
 */
export function speechChunks(text: string, max = SPEECH_CHUNK_CHARS): string[] {
  return piecesOf(text.trim(), max, 0);
}

function piecesOf(text: string, max: number, level: number): string[] {
  if (text.length <= max) return text ? [text] : [];
  const cut = CUTS[level];
  if (!cut) return Array.from({ length: Math.ceil(text.length / max) }, (_, i) => text.slice(i * max, (i + 1) * max));
  const chunks: string[] = [];
  let current = '';
  for (const part of text.split(cut)) {
    for (const piece of piecesOf(part, max, level + 1)) {
      if (current && current.length + 1 + piece.length > max) {
        chunks.push(current);
        current = piece;
      } else current = current ? `${current} ${piece}` : piece;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

/**
 * Pieces of speech (one voice, so one rate) joined into one, in order: each piece's phonemes and
 * words are moved by the samples before it, so the mouth shapes and word times stay on the words.
 */
export function joinSpoken(parts: readonly Spoken[]): Spoken {
  const rate = parts[0]?.rate ?? 16_000;
  const samples = new Int16Array(parts.reduce((n, p) => n + p.samples.length, 0));
  const phonemes: TimedPhoneme[] = [];
  const words: WordTiming[] = [];
  let offset = 0;
  for (const part of parts) {
    samples.set(part.samples, offset);
    const startS = offset / rate;
    for (const p of part.phonemes) phonemes.push({ ipa: p.ipa, start: startS + p.start });
    words.push(...shiftWords(part.words ?? [], startS));
    offset += part.samples.length;
  }
  return { samples, rate, phonemes, words };
}
