/**
 * Forced alignment, the way Echogarden's `dtw` aligner does it: the script spoken by the local
 * engine (whose word times are known) and the uploaded voice are turned into MFCC frames (meyda),
 * the two frame sequences are matched by dynamic time warping, and each synthetic word's start and
 * end are carried along the matched path onto the upload. Runs in a speech child (`alignAway`):
 * seconds of frames and a warping matrix are no work for a thread that answers HTTP.
 *
 * The npm DTW packages (`dtw`, `dynamic-time-warping`) are unmaintained and fill a full N×M matrix;
 * the warping here is a short, banded one.
 */
import Meyda from 'meyda';
import type { WordTiming } from '../../capabilities.ts';

/** Both signals are 16 kHz mono. */
export const ALIGNMENT_RATE = 16_000;
/** 32 ms windows (a power of two, as meyda needs), one every 10 ms: the usual frames of speech recognition. */
const WINDOW = 512;
const HOP_S = 0.01;
/** Past this many frames the hop grows, so a long upload's matrix stays within memory and a few seconds. */
const MAX_FRAMES = 6000;
const COEFFICIENTS = 13;
const REFERENCE_MARGIN_S = 0.3;
/** A fixed pseudo-random sequence, so the same signal always gives the same frames. */
const DITHER = Float32Array.from({ length: WINDOW }, (_, i) => (((i * 7919) % 211) / 211 - 0.5) * 2e-4);

/**
 * MFCC frames of a signal, each coefficient normalised over the signal (mean 0, deviation 1), so
 * two voices and two recordings compare by what is said rather than by their timbre or level.
 */
export function mfccFrames(pcm: Int16Array, hop: number): Float32Array[] {
  Meyda.bufferSize = WINDOW;
  Meyda.sampleRate = ALIGNMENT_RATE;
  Meyda.melBands = 40;
  Meyda.numberOfMFCCCoefficients = COEFFICIENTS;
  Meyda.windowingFunction = 'hanning';
  const frames: Float32Array[] = [];
  const window = new Float32Array(WINDOW);
  for (let start = 0; start + WINDOW <= Math.max(pcm.length, WINDOW); start += hop) {
    // A floor of faint noise (-80 dBFS) under both signals: a synthesiser's pauses are exact zeros,
    // whose log spectrum is -∞, where a recording's are faint noise; with it, silence is silence in both.
    for (let i = 0; i < WINDOW; i++) window[i] = (pcm[start + i] ?? 0) / 32768 + DITHER[i]!;
    // One feature asked by name: meyda answers its values themselves, not an object of features.
    const mfcc = (Meyda.extract('mfcc', window.slice()) as unknown as number[] | null) ?? [];
    frames.push(Float32Array.from({ length: COEFFICIENTS }, (_, k) => (Number.isFinite(mfcc[k]) ? mfcc[k]! : 0)));
  }
  for (let k = 0; k < COEFFICIENTS; k++) {
    let mean = 0;
    for (const f of frames) mean += f[k]!;
    mean /= frames.length;
    let variance = 0;
    for (const f of frames) variance += (f[k]! - mean) ** 2;
    const sd = Math.sqrt(variance / frames.length) || 1;
    for (const f of frames) f[k] = (f[k]! - mean) / sd;
  }
  return frames;
}

function distance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let k = 0; k < a.length; k++) sum += (a[k]! - b[k]!) ** 2;
  return Math.sqrt(sum);
}

/**
 * Dynamic time warping of `a` onto `b` within a band around the diagonal (Sakoe–Chiba, a fifth of
 * the longer sequence, at least 1.5 s): for each frame of `a`, the first and last frame of `b` it
 * is matched with. Steps: one frame of both, or of either.
 */
export function warp(a: readonly Float32Array[], b: readonly Float32Array[]): { first: Int32Array; last: Int32Array } {
  const n = a.length;
  const m = b.length;
  const band = Math.max(150, Math.ceil(Math.max(n, m) * 0.2));
  const width = 2 * band + 1;
  // Row i keeps the columns centre(i)-band .. centre(i)+band.
  const centre = (i: number) => Math.round((i * (m - 1)) / Math.max(1, n - 1));
  const cost = new Float32Array(n * width).fill(Infinity);
  const at = (i: number, j: number) => {
    const k = j - centre(i) + band;
    return k < 0 || k >= width ? Infinity : cost[i * width + k]!;
  };
  for (let i = 0; i < n; i++) {
    const c = centre(i);
    for (let j = Math.max(0, c - band); j <= Math.min(m - 1, c + band); j++) {
      const d = distance(a[i]!, b[j]!);
      const before =
        i === 0 && j === 0
          ? 0
          : Math.min(i > 0 && j > 0 ? at(i - 1, j - 1) : Infinity, i > 0 ? at(i - 1, j) : Infinity, j > 0 ? at(i, j - 1) : Infinity);
      cost[i * width + j - c + band] = before + d;
    }
  }
  const first = new Int32Array(n).fill(m);
  const last = new Int32Array(n).fill(-1);
  let i = n - 1;
  let j = m - 1;
  for (;;) {
    first[i] = Math.min(first[i]!, j);
    last[i] = Math.max(last[i]!, j);
    if (i === 0 && j === 0) break;
    const diagonal = i > 0 && j > 0 ? at(i - 1, j - 1) : Infinity;
    const up = i > 0 ? at(i - 1, j) : Infinity;
    const left = j > 0 ? at(i, j - 1) : Infinity;
    if (diagonal <= up && diagonal <= left) {
      i -= 1;
      j -= 1;
    } else if (up <= left) i -= 1;
    else j -= 1;
  }
  return { first, last };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * Where the sound is in a recording, as sample indices: from the first to the last 10 ms frame
 * louder than 30 dB under the loudest, with the reference's margin of silence around it.
 */
export function speechSpan(pcm: Int16Array): [number, number] {
  const frame = ALIGNMENT_RATE / 100;
  const levels: number[] = [];
  for (let start = 0; start < pcm.length; start += frame) {
    let sum = 0;
    const end = Math.min(pcm.length, start + frame);
    for (let i = start; i < end; i++) sum += pcm[i]! * pcm[i]!;
    levels.push(Math.sqrt(sum / Math.max(1, end - start)));
  }
  const floor = Math.max(...levels, 0) * 10 ** (-30 / 20);
  const first = levels.findIndex((l) => l > floor);
  if (first < 0 || floor === 0) return [0, pcm.length];
  const last = levels.findLastIndex((l) => l > floor);
  const margin = Math.round(REFERENCE_MARGIN_S * ALIGNMENT_RATE);
  return [Math.max(0, first * frame - margin), Math.min(pcm.length, (last + 1) * frame + margin)];
}

/**
 * The words of `reference` (speech whose word times are known) on `upload`, matched by DTW of their
 * MFCC frames: a word starts where the upload's first frame matched to its first frame is, and ends
 * at the last frame matched to its last. Both are 16 kHz mono.
 */
export function alignWords(whole: Int16Array, reference: Int16Array, words: readonly WordTiming[]): WordTiming[] {
  // The upload's own silence before and after the speech is left out (a margin kept, as the
  // reference gets): each signal's coefficients are normalised over it, and seconds of silence in
  // one only would shift the other's.
  const [from, to] = speechSpan(whole);
  const upload = whole.subarray(from, to);
  const offsetS = from / ALIGNMENT_RATE;
  const longest = Math.max(upload.length, reference.length) / ALIGNMENT_RATE;
  const hopS = Math.max(HOP_S, longest / MAX_FRAMES);
  const hop = Math.round(hopS * ALIGNMENT_RATE);
  // The reference gets a margin of silence at both ends, as a recording has: the upload's leading
  // and trailing silence then have silence to match instead of the first and last words.
  const margin = Math.round(REFERENCE_MARGIN_S * ALIGNMENT_RATE);
  const padded = new Int16Array(reference.length + 2 * margin);
  padded.set(reference, margin);
  const a = mfccFrames(padded, hop);
  const b = mfccFrames(upload, hop);
  const { first, last } = warp(a, b);
  const uploadS = whole.length / ALIGNMENT_RATE;
  const frameOf = (s: number) => Math.min(a.length - 1, Math.max(0, Math.round((s + REFERENCE_MARGIN_S) / hopS)));
  const aligned: WordTiming[] = [];
  for (const w of words) {
    const previousEnd = aligned.at(-1)?.end ?? 0;
    const start = Math.min(uploadS, Math.max(previousEnd, offsetS + first[frameOf(w.start)]! * hopS));
    const end = Math.min(uploadS, Math.max(start, offsetS + (last[Math.max(frameOf(w.start), frameOf(w.end) - 1)]! + 1) * hopS));
    aligned.push({ text: w.text, start: round3(start), end: round3(end) });
  }
  return aligned;
}
