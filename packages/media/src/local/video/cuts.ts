/**
 * Tight cuts for the finished ad (jump cuts): a talking section's clip lasts its audio + 3 s (spec 2
 * §9), and a synthesiser pauses after every sentence; the ad keeps the talk and drops the air. A
 * section ends shortly after its last word, and a pause inside speech longer than `MAX_PAUSE_S`
 * shrinks to `KEPT_PAUSE_S`. Word times, captions and music follow the cut through `mapTime`.
 */
import type { WordTiming } from '../../capabilities.ts';
import { scriptWords } from '../speech/words.ts';
import { AUDIO_ENCODE, encodeFiltered } from './clips.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A section ends this long after its last word: the last syllable's release and a breath. */
export const CUT_AFTER_LAST_WORD_S = 0.4;
/** The longest pause the ad keeps inside speech. */
export const MAX_PAUSE_S = 0.6;
/** What a longer pause becomes: half of it after the word before, half before the next. */
export const KEPT_PAUSE_S = 0.3;
/** Silence kept before the first word. */
const LEAD_IN_S = 0.15;
/** Each cut's sound fades out and in over this long, so a cut never clicks. */
const CUT_FADE_S = 0.01;

/** A stretch of the source clip the ad keeps, in source seconds. */
export interface Span {
  start: number;
  end: number;
}

const round = (t: number) => Math.round(t * 1000) / 1000;

/**
 * The stretches of a talking clip the ad keeps, given its words (in the clip's own time) and its
 * length. Without words, the whole clip.
 */
export function tightSpans(words: readonly WordTiming[], durationS: number): Span[] {
  if (words.length === 0 || durationS <= 0) return [{ start: 0, end: Math.max(0, durationS) }];
  const spans: Span[] = [];
  let start = Math.max(0, words[0]!.start - LEAD_IN_S);
  for (let i = 0; i + 1 < words.length; i++) {
    const end = words[i]!.end;
    const next = words[i + 1]!.start;
    if (next - end <= MAX_PAUSE_S) continue;
    spans.push({ start: round(start), end: round(end + KEPT_PAUSE_S / 2) });
    start = next - KEPT_PAUSE_S / 2;
  }
  spans.push({ start: round(start), end: round(Math.min(durationS, words.at(-1)!.end + CUT_AFTER_LAST_WORD_S)) });
  return spans.filter((s) => s.end > s.start);
}

/**
 * A script's words spread over `durationS` by their length, for speech whose word times nobody
 * reported (a hosted model's built-in voice, an upload without its text): captions still follow
 * the talk roughly, and tight cuts keep everything between the first and last word.
 */
export function spreadWords(script: string, durationS: number): WordTiming[] {
  const texts = scriptWords(script).map((w) => w.text);
  const total = texts.reduce((n, t) => n + t.length + 1, 0);
  let at = 0;
  return texts.map((text) => {
    const start = at;
    at += (durationS * (text.length + 1)) / total;
    return { text, start: round(start), end: round(at) };
  });
}

/** The length of the cut clip. */
export const spansDuration = (spans: readonly Span[]) => spans.reduce((n, s) => n + (s.end - s.start), 0);

/**
 * Where source time `t` lands in the cut clip; a time inside a dropped stretch lands where the
 * next kept one starts (and past the end, at the end).
 */
export function mapTime(spans: readonly Span[], t: number): number {
  let before = 0;
  for (const span of spans) {
    if (t < span.start) return before;
    if (t <= span.end) return before + (t - span.start);
    before += span.end - span.start;
  }
  return before;
}

/** The words on the cut clip's timeline. */
export function remapWords(words: readonly WordTiming[], spans: readonly Span[]): WordTiming[] {
  return words.map((w) => ({ text: w.text, start: round(mapTime(spans, w.start)), end: round(mapTime(spans, w.end)) }));
}

/**
 * The clip with only `spans` kept, picture and sound cut at the same instants (one ffmpeg pass:
 * trim and concat, exact to the sample; a short fade at each cut).
 */
export async function cutClip(video: Buffer, spans: readonly Span[]): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-cuts-'));
  try {
    const input = path.join(dir, 'in.mp4');
    await fs.writeFile(input, video);
    const parts = spans.map((s, i) => {
      const length = s.end - s.start;
      const fadeOut = Math.max(0, length - CUT_FADE_S).toFixed(3);
      return (
        `[0:v]trim=start=${s.start}:end=${s.end},setpts=PTS-STARTPTS[v${i}];` +
        `[0:a]atrim=start=${s.start}:end=${s.end},asetpts=PTS-STARTPTS,` +
        `afade=t=in:d=${CUT_FADE_S},afade=t=out:st=${fadeOut}:d=${CUT_FADE_S}[a${i}]`
      );
    });
    const inputs = spans.map((_, i) => `[v${i}][a${i}]`).join('');
    const graph = `${parts.join(';')};${inputs}concat=n=${spans.length}:v=1:a=1[v][a]`;
    return await encodeFiltered(input, ['-filter_complex', graph, '-map', '[v]', '-map', '[a]'], AUDIO_ENCODE);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
