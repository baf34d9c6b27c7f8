/**
 * Mouth shapes from the phonemes espeak-ng speaks (IPA, with when each starts): each phoneme maps
 * to the Preston Blair shape Rhubarb Lip Sync would give it, a diphthong to two shapes in turn.
 */
import type { MouthCue, MouthShape } from '../../capabilities.ts';

/** A phoneme as spoken: IPA (stress marks allowed; empty for a pause) and its start in seconds. */
export interface TimedPhoneme {
  ipa: string;
  start: number;
}

/** Two-part vowels: the mouth moves from the first shape to the second halfway through. */
const DIPHTHONGS: Record<string, [MouthShape, MouthShape]> = {
  aɪ: ['D', 'B'],
  aʊ: ['D', 'F'],
  eɪ: ['C', 'B'],
  oʊ: ['E', 'F'],
  əʊ: ['E', 'F'],
  ɔɪ: ['E', 'B'],
  ɪə: ['B', 'C'],
  eə: ['C', 'C'],
  ʊə: ['F', 'C'],
  ɑɪ: ['D', 'B'],
};

const SINGLE: Record<string, MouthShape> = {
  // Lips together.
  p: 'A',
  b: 'A',
  m: 'A',
  // Upper teeth on the lower lip.
  f: 'G',
  v: 'G',
  // Rounded and puckered.
  w: 'F',
  ʍ: 'F',
  u: 'F',
  ʊ: 'F',
  ɔ: 'E',
  o: 'E',
  ɒ: 'D',
  ɹ: 'E',
  r: 'E',
  ɚ: 'E',
  ɜ: 'E',
  ɝ: 'E',
  // Tongue up behind the teeth.
  l: 'H',
  ɫ: 'H',
  // Open vowels.
  ɑ: 'D',
  a: 'D',
  æ: 'C',
  ɛ: 'C',
  e: 'C',
  ʌ: 'C',
  ɐ: 'C',
  ə: 'C',
  h: 'C',
  // Spread, nearly closed vowels and the consonants made behind closed teeth.
  i: 'B',
  ɪ: 'B',
  ᵻ: 'B',
  ɨ: 'B',
  j: 'B',
};

const VOWELS = new Set([...'aeiouæɑɒɔəɛɜɝɚɪʊʌɐᵻɨy']);

/** The shapes of one phoneme (two for a diphthong). A pause is X. */
export function shapesOf(ipa: string): MouthShape[] {
  // Stress, length and syllabic marks do not change the shape.
  const plain = ipa
    .normalize('NFD')
    .replace(/[ˈˌːˑ]/g, '')
    .replace(/\p{M}/gu, '');
  if (!plain || plain === '_' || plain === ' ') return ['X'];
  const two = DIPHTHONGS[plain.slice(0, 2)];
  if (two) return two;
  const first = [...plain][0]!;
  return [SINGLE[first] ?? (VOWELS.has(first) ? 'C' : 'B')];
}

/**
 * Cues from timed phonemes: each phoneme holds its shape(s) until the next starts (the last until
 * `endS`), repeated shapes merge, and the speech starts and ends at rest (X).
 */
export function cuesFromPhonemes(phonemes: readonly TimedPhoneme[], endS: number): MouthCue[] {
  const sorted = [...phonemes].sort((a, b) => a.start - b.start);
  const cues: MouthCue[] = [];
  const push = (start: number, end: number, shape: MouthShape) => {
    if (end <= start) return;
    const last = cues.at(-1);
    if (last && last.shape === shape && Math.abs(last.end - start) < 1e-6) last.end = end;
    else cues.push({ start, end, shape });
  };
  if ((sorted[0]?.start ?? endS) > 0) push(0, Math.min(endS, sorted[0]?.start ?? endS), 'X');
  sorted.forEach((p, i) => {
    const start = Math.min(endS, p.start);
    const end = Math.min(endS, sorted[i + 1]?.start ?? endS);
    const shapes = shapesOf(p.ipa);
    const step = (end - start) / shapes.length;
    shapes.forEach((shape, k) => push(start + k * step, start + (k + 1) * step, shape));
  });
  const last = cues.at(-1);
  if (last && last.shape !== 'X' && last.end < endS) push(last.end, endS, 'X');
  return cues.map((c) => ({ start: round3(c.start), end: round3(c.end), shape: c.shape }));
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
