import { DEFAULT_VOICE_SETTINGS } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPauseDuring } from '../../../test/event-loop.ts';
import type { SpeechResult } from '../../capabilities.ts';
import { decodeToPcm, runFfmpeg } from '../ffmpeg.ts';
import { warp } from './alignment.ts';
import { localTextToSpeech } from './espeak.ts';
import { localAlignWords } from './forced-alignment.ts';
import { closeLocalSpeech } from './speaker.ts';

afterAll(() => closeLocalSpeech());

/** Three short lines (≈ 15 s in all), each "uploaded" in a flite voice; the aligner's reference is espeak-ng. */
const LINES = [
  ['studioUgcTwo', 'Hi, I tried this serum for two weeks and my skin has never looked better.'],
  ['studioAdam01', 'It goes on light, it smells like nothing at all, and one drop covers my face.'],
  ['studioUgcExcited', 'Tap the link and grab yours today, before the sale ends on Friday.'],
] as const;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

describe('forced alignment of a script to an uploaded voice', () => {
  let uploads: { text: string; spoken: SpeechResult }[];
  beforeAll(async () => {
    uploads = await Promise.all(
      LINES.map(async ([id, text]) => ({
        text,
        spoken: await localTextToSpeech({ text, voice: { id }, settings: DEFAULT_VOICE_SETTINGS }),
      })),
    );
  }, 60_000);

  it('finds each word’s start in another voice’s recording: median error ≤ 80 ms, 90th percentile ≤ 200 ms', async () => {
    const errors: number[] = [];
    const aligned = await Promise.all(uploads.map(({ text, spoken }) => localAlignWords({ audio: spoken.audio, text })));
    for (const [k, { spoken }] of uploads.entries()) {
      const words = aligned[k]!;
      // The same words as the voice reported, in order, inside the audio.
      expect(words.map((w) => w.text)).toEqual(spoken.words!.map((w) => w.text));
      words.forEach((w, i) => {
        expect(w.end).toBeGreaterThanOrEqual(w.start);
        expect(w.end).toBeLessThanOrEqual(spoken.durationS + 0.1);
        if (i > 0) expect(w.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
        errors.push(Math.abs(w.start - spoken.words![i]!.start));
      });
    }
    const sorted = [...errors].sort((a, b) => a - b);
    const median = quantile(sorted, 0.5);
    const p90 = quantile(sorted, 0.9);
    console.log(
      `word-start error over ${errors.length} words: median ${Math.round(median * 1000)} ms, p90 ${Math.round(p90 * 1000)} ms, max ${Math.round(sorted.at(-1)! * 1000)} ms`,
    );
    expect(median).toBeLessThanOrEqual(0.08);
    expect(p90).toBeLessThanOrEqual(0.2);
  }, 60_000);

  it('aligns the three lines as one recording in a speech child, while this thread keeps its turns', async () => {
    // ≈ 15 s: on this thread, its frames and warping would hold it for over half a second.
    const pcm = await Promise.all(uploads.map(({ spoken }) => decodeToPcm(spoken.audio)));
    const joined = Buffer.concat(pcm.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
    const wav = await runFfmpeg(['-f', 's16le', '-ar', '16000', '-ac', '1', '-i', 'pipe:0', '-f', 'wav', 'pipe:1'], joined);
    const { result: words, longestPauseMs } = await longestPauseDuring(() =>
      localAlignWords({ audio: wav, text: uploads.map((u) => u.text).join(' ') }),
    );
    expect(longestPauseMs).toBeLessThan(300);
    // Each line's first word where that line starts in the joined recording.
    let offset = 0;
    let index = 0;
    for (const [k, { spoken }] of uploads.entries()) {
      expect(Math.abs(words[index]!.start - (offset + spoken.words![0]!.start))).toBeLessThan(0.2);
      index += spoken.words!.length;
      offset += pcm[k]!.length / 16_000;
    }
    expect(words).toHaveLength(index);
  }, 60_000);

  it('finds the words after a long silence at the start of the recording', async () => {
    const { text, spoken } = uploads[0]!;
    // The same recording with 1.5 s of silence first, as a person's upload often starts.
    const delayed = await runFfmpeg(['-i', 'pipe:0', '-af', 'adelay=1500', '-f', 'mp3', 'pipe:1'], spoken.audio);
    const words = await localAlignWords({ audio: delayed, text });
    const errors = words.map((w, i) => Math.abs(w.start - (spoken.words![i]!.start + 1.5))).sort((a, b) => a - b);
    expect(words[0]!.start).toBeGreaterThan(1.3);
    // The silence costs nothing: the words land as close as on the recording without it (a frame's slack).
    const plain = await localAlignWords({ audio: spoken.audio, text });
    const plainErrors = plain.map((w, i) => Math.abs(w.start - spoken.words![i]!.start)).sort((a, b) => a - b);
    expect(quantile(errors, 0.5)).toBeLessThanOrEqual(quantile(plainErrors, 0.5) + 0.04);
    // And within the bound for most words, as on any upload.
    expect(quantile(errors, 0.9)).toBeLessThanOrEqual(0.2);
  }, 60_000);

  it('refuses a file that is no audio, and answers no words for no script', async () => {
    await expect(localAlignWords({ audio: Buffer.from('not audio at all'), text: 'Hello there.' })).rejects.toMatchObject({
      kind: 'bad_input',
    });
    expect(await localAlignWords({ audio: uploads[0]!.spoken.audio, text: '  ' })).toEqual([]);
  });

  it('warps a sequence onto a slower copy of itself frame for frame', () => {
    const a = Array.from({ length: 200 }, (_, i) => Float32Array.from([Math.sin(i / 7), Math.cos(i / 11), Math.sin(i / 3)]));
    const { first, last } = warp(
      a,
      a.flatMap((f) => [f, f]),
    );
    for (const i of [0, 10, 99, 199]) {
      expect(first[i]).toBe(2 * i);
      expect(last[i]).toBe(2 * i + 1);
    }
  });
});
