import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WordTiming } from '../../capabilities.ts';
import { FFMPEG_PATH, runFfmpeg } from '../ffmpeg.ts';
import { CUT_AFTER_LAST_WORD_S, KEPT_PAUSE_S, MAX_PAUSE_S, cutClip, mapTime, remapWords, spansDuration, tightSpans } from './cuts.ts';

const W = 160;
const H = 288;
/** Four "words" (tones), a 1.5 s pause after the second, and the 3 s tail a lip-synced clip keeps. */
const WORDS: WordTiming[] = [
  { text: 'Hi,', start: 0.3, end: 0.6 },
  { text: 'friends.', start: 0.7, end: 1.0 },
  { text: 'Look', start: 2.5, end: 2.9 },
  { text: 'here!', start: 3.0, end: 3.3 },
];
const LENGTH_S = 6.3;
/** The picture turns from red to blue when the third word starts: the cut must move both together. */
const TURNS_BLUE_AT = 2.5;

let dir: string;
let source: Buffer;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-cuts-test-'));
  const spoken = WORDS.map((w) => `between(t,${w.start},${w.end})`).join('+');
  const out = path.join(dir, 'source.mp4');
  await runFfmpeg(
    [
      ...['-f', 'lavfi', '-i', `color=c=red:s=${W}x${H}:r=25:d=${TURNS_BLUE_AT}`],
      ...['-f', 'lavfi', '-i', `color=c=blue:s=${W}x${H}:r=25:d=${(LENGTH_S - TURNS_BLUE_AT).toFixed(2)}`],
      ...['-f', 'lavfi', '-i', `sine=f=440:r=44100:d=${LENGTH_S}`],
      ...['-filter_complex', `[0:v][1:v]concat=n=2:v=1:a=0[v];[2:a]volume=0:enable='not(${spoken})'[a]`],
      ...[
        '-map',
        '[v]',
        '-map',
        '[a]',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-ac',
        '1',
        '-y',
        out,
      ],
    ],
    Buffer.alloc(0),
  );
  source = await fs.readFile(out);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const run = promisify(execFile);

/** Writes a clip to the test's folder and answers ffmpeg's log of decoding it through `filters`. */
async function decodeLog(video: Buffer, filters: string[]): Promise<string> {
  const file = path.join(dir, `probe-${Math.random().toString(36).slice(2)}.mp4`);
  await fs.writeFile(file, video);
  return (await run(FFMPEG_PATH, ['-hide_banner', '-i', file, ...filters, '-f', 'null', '-'])).stderr;
}

/** Silences in a clip's sound longer than `minS` (ffmpeg's silencedetect at -40 dB). */
async function silences(video: Buffer, minS: number): Promise<number[]> {
  const log = await decodeLog(video, ['-af', `silencedetect=n=-40dB:d=${minS}`]);
  return [...log.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]));
}

/** How long a clip plays, as its decoder reached. */
async function durationOf(video: Buffer): Promise<number> {
  const times = [...(await decodeLog(video, [])).matchAll(/time=(\d+):(\d+):([\d.]+)/g)];
  const [, h, m, s] = times.at(-1)!;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/** The mean red and blue of the frame at `t` seconds. */
async function colourAt(video: Buffer, t: number): Promise<{ r: number; b: number }> {
  const file = path.join(dir, `frame-${Math.random().toString(36).slice(2)}.mp4`);
  await fs.writeFile(file, video);
  const rgb = await runFfmpeg(
    ['-ss', t.toFixed(3), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    Buffer.alloc(0),
  );
  let r = 0;
  let b = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    r += rgb[i]!;
    b += rgb[i + 2]!;
  }
  return { r: r / (rgb.length / 3), b: b / (rgb.length / 3) };
}

describe('tight cuts', () => {
  it('keeps the talk: ends after the last word, shortens the long pause, keeps the short one', () => {
    const spans = tightSpans(WORDS, LENGTH_S);
    // 0.15 s before the first word; the 1.5 s pause keeps KEPT_PAUSE_S; CUT_AFTER_LAST_WORD_S after "here!".
    const expected = [
      [0.15, 1.0 + KEPT_PAUSE_S / 2],
      [2.5 - KEPT_PAUSE_S / 2, 3.3 + CUT_AFTER_LAST_WORD_S],
    ];
    expect(spans).toHaveLength(expected.length);
    spans.forEach((span, i) => {
      expect(span.start).toBeCloseTo(expected[i]![0]!, 3);
      expect(span.end).toBeCloseTo(expected[i]![1]!, 3);
    });
    const words = remapWords(WORDS, spans);
    // In order, nothing overlapping, every word as long as it was.
    words.forEach((w, i) => expect(w.end - w.start).toBeCloseTo(WORDS[i]!.end - WORDS[i]!.start, 3));
    for (let i = 1; i < words.length; i++) expect(words[i]!.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
    expect(words[2]!.start - words[1]!.end).toBeCloseTo(KEPT_PAUSE_S, 3);
    expect(mapTime(spans, 1.8)).toBeCloseTo(mapTime(spans, 2.35), 3);
    expect(mapTime(spans, LENGTH_S)).toBeCloseTo(spansDuration(spans), 3);
    // Without words (a silent section), the clip is kept whole.
    expect(tightSpans([], LENGTH_S)).toEqual([{ start: 0, end: LENGTH_S }]);
  });

  it('cuts picture and sound at the same instants: no pause over 0.6 s is left, the words stay where the captions will put them', async () => {
    expect((await silences(source, MAX_PAUSE_S)).length).toBeGreaterThanOrEqual(2);
    const spans = tightSpans(WORDS, LENGTH_S);
    const cut = await cutClip(source, spans);
    expect(await durationOf(cut)).toBeCloseTo(spansDuration(spans), 1);
    expect(await silences(cut, MAX_PAUSE_S)).toEqual([]);
    // The picture turned blue when "Look" started; in the cut it turns where the remapped word starts.
    const look = remapWords(WORDS, spans)[2]!;
    expect((await colourAt(cut, look.start - 0.1)).r).toBeGreaterThan(150);
    expect((await colourAt(cut, look.start + 0.1)).b).toBeGreaterThan(150);
  });
});
