import fs from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker, PSM, type Worker } from 'tesseract.js';
import { CAPTION_LOOKS, CAPTION_STYLES, CaptionStyle, DEFAULT_CAPTION_HIGHLIGHT, type CaptionStyleId } from '@studio/contracts';
import type { WordTiming } from '../../capabilities.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { brandFont } from '../fonts.ts';
import { captionFont } from './caption-font.ts';
import { burnCaptions } from './captions.ts';
import { ENCODE, encodeToMp4, VIDEO_FPS } from './clips.ts';
import { MediaError } from '../../errors.ts';
import { CAPTION_READABLE_S, captionCuesOf, captionsAss, captionsVtt, readableHighlight } from './word-captions.ts';

const FRAME = 1 / VIDEO_FPS;
const HIGHLIGHT = '#ff2d55';
const BACKGROUND = [0x3a, 0x6e, 0xa5] as const;
const STYLES = CAPTION_STYLES.filter((s): s is Exclude<CaptionStyleId, 'none'> => s !== 'none');
const FORMATS = { '9:16': [360, 640], '1:1': [360, 360], '16:9': [640, 360] } as const;
type Format = keyof typeof FORMATS;

/** Words said one after another from `from`, `each` seconds apiece with a short breath between. */
const said = (text: string, from = 0.2, each = 0.3): WordTiming[] =>
  text.split(' ').map((word, i) => ({ text: word, start: from + i * each, end: from + i * each + each * 0.85 }));

// Long words and a comma: today's captions shrank such chunks or ran them off the frame's edge.
const SENTENCE = said('Unbelievably hydrating serum finally fixed my extraordinarily dry skin, grab yours today');
const CLIP_S = 4;

/** A plain clip of the frame's size: whatever differs from it after the burn was drawn by the captions. */
const plainClip = (width: number, height: number) =>
  encodeToMp4(
    (out) => ['-f', 'lavfi', '-i', `color=c=0x3a6ea5:s=${width}x${height}:r=${VIDEO_FPS}:d=${CLIP_S}`, ...ENCODE, '-y', out],
    Buffer.alloc(0),
  );

/** The frames shown at `times` (seconds), as raw RGB. */
async function framesAt(video: Buffer, width: number, height: number, times: number[]): Promise<Buffer[]> {
  const dir = fs.mkdtempSync(join(os.tmpdir(), 'caption-frames-'));
  try {
    const file = join(dir, 'v.mp4');
    fs.writeFileSync(file, video);
    const numbers = times.map((t) => Math.round(t * VIDEO_FPS));
    const select = [...new Set(numbers)].map((n) => `eq(n\\,${n})`).join('+');
    const raw = await runFfmpeg(
      ['-i', file, '-vf', `select='${select}'`, '-vsync', '0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
      Buffer.alloc(0),
    );
    const size = width * height * 3;
    const byNumber = new Map([...new Set(numbers)].sort((a, b) => a - b).map((n, i) => [n, raw.subarray(i * size, (i + 1) * size)]));
    return numbers.map((n) => byNumber.get(n)!);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Pixels the captions drew (far from the plain background), as a mask. */
const drawn = (frame: Buffer) =>
  Uint8Array.from({ length: frame.length / 3 }, (_, p) => {
    const d =
      Math.abs(frame[p * 3]! - BACKGROUND[0]) + Math.abs(frame[p * 3 + 1]! - BACKGROUND[1]) + Math.abs(frame[p * 3 + 2]! - BACKGROUND[2]);
    return d > 90 ? 1 : 0;
  });

/** Drawn pixels inside a box of the frame (fractions of its width and height). */
function countIn(mask: Uint8Array, width: number, height: number, box: { x0: number; x1: number; y0: number; y1: number }): number {
  let n = 0;
  for (let y = Math.floor(box.y0 * height); y < Math.ceil(box.y1 * height); y++)
    for (let x = Math.floor(box.x0 * width); x < Math.ceil(box.x1 * width); x++) n += mask[y * width + x]!;
  return n;
}

/** Pixels near the highlight colour between rows y0 and y1 (fractions of the height). */
function highlighted(frame: Buffer, width: number, height: number, y0: number, y1: number): number {
  let n = 0;
  const [r, g, b] = [0xff, 0x2d, 0x55];
  for (let p = Math.floor(y0 * height) * width; p < Math.ceil(y1 * height) * width; p++) {
    if (Math.abs(frame[p * 3]! - r) + Math.abs(frame[p * 3 + 1]! - g) + Math.abs(frame[p * 3 + 2]! - b) < 90) n++;
  }
  return n;
}

/** Height in pixels of the first run of rows with anything drawn: the top line's type. */
function firstLineHeight(mask: Uint8Array, width: number, height: number): number {
  const rows = Array.from({ length: height }, (_, y) => mask.subarray(y * width, (y + 1) * width).some(Boolean));
  const top = rows.indexOf(true);
  let bottom = top;
  while (bottom + 1 < height && rows[bottom + 1]) bottom++;
  return top < 0 ? 0 : bottom - top + 1;
}

/** Tesseract with the English data its npm package ships: nothing is downloaded. */
async function startOcr(): Promise<Worker> {
  const data = dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json'));
  const worker = await createWorker('eng', 1, { langPath: join(data, '4.0.0_best_int'), gzip: true, cacheMethod: 'none' });
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, user_defined_dpi: '300' });
  return worker;
}

/** What the pixels in the highlight colour say: dark type on white, three times larger, for the OCR. */
async function readHighlight(ocr: Worker, frame: Buffer, width: number, height: number): Promise<string> {
  const ink = Buffer.alloc(width * height);
  for (let p = 0; p < width * height; p++) {
    const d = Math.abs(frame[p * 3]! - 0xff) + Math.abs(frame[p * 3 + 1]! - 0x2d) + Math.abs(frame[p * 3 + 2]! - 0x55);
    ink[p] = d < 120 ? 0 : 255;
  }
  const png = await sharp(ink, { raw: { width, height, channels: 1 } })
    .resize(width * 3, height * 3, { kernel: 'lanczos3' })
    .blur(1)
    .png()
    .toBuffer();
  const { data } = await ocr.recognize(png);
  return data.text.trim();
}

const savePng = (frame: Buffer, width: number, height: number, name: string) =>
  sharp(frame, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(`/tmp/captions-${name}.png`);

describe('word-timed captions: timing', () => {
  it.each(STYLES)('%s shows every word while it is said, no cue before its first word, each readable and none over the next', (style) => {
    const words = [...SENTENCE, ...said('Only twelve dollars. Try it now, you will love it', 5, 0.38)];
    for (const [width, height] of Object.values(FORMATS)) {
      const cues = captionCuesOf({ words, style, width, height });
      expect(cues.flatMap((c) => c.words)).toEqual(words);
      cues.forEach((cue, k) => {
        expect(cue.lines.length).toBeLessThanOrEqual(2);
        expect(cue.words.length).toBeLessThanOrEqual(CAPTION_LOOKS[style].maxWords);
        expect(cue.start).toBeGreaterThanOrEqual(cue.words[0]!.start - 0.005);
        for (const word of cue.words) {
          expect(cue.start).toBeLessThanOrEqual(word.start + FRAME);
          expect(cue.end).toBeGreaterThanOrEqual(word.end - FRAME);
        }
        const next = cues[k + 1];
        if (next) expect(cue.end).toBeLessThanOrEqual(next.start);
        // Shorter only where the next cue's first word is already said.
        if (!next || next.start - cue.start >= CAPTION_READABLE_S)
          expect(cue.end - cue.start).toBeGreaterThanOrEqual(CAPTION_READABLE_S - 0.005);
      });
    }
  });

  it('bold pop shows one to three words at a time; the WebVTT carries the same cues at the same times', () => {
    const cues = captionCuesOf({ words: SENTENCE, style: 'bold-pop', width: 360, height: 640 });
    expect(cues.every((c) => c.words.length >= 1 && c.words.length <= 3)).toBe(true);
    const vtt = captionsVtt({ words: SENTENCE, style: 'bold-pop', width: 360, height: 640 });
    const times = [...vtt.matchAll(/(\d\d):(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d):(\d\d)\.(\d{3})/g)].map((m) => [
      Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000,
      Number(m[6]) * 60 + Number(m[7]) + Number(m[8]) / 1000,
    ]);
    expect(times).toEqual(cues.map((c) => [c.start, c.end]));
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
  });

  it('moves every cue by the offset of the words in the clip, and escapes the text for ASS and WebVTT', () => {
    const words = said('{\\b1}hacked <b>bold</b> & more');
    const ass = captionsAss({ words, style: 'lower-third', width: 360, height: 640, highlight: HIGHLIGHT, offsetS: 1 });
    expect(ass).not.toContain('{\\b1}');
    expect(ass).toMatch(/Dialogue: 0,0:00:01\.20,/);
    const vtt = captionsVtt({ words, style: 'lower-third', width: 360, height: 640 });
    expect(vtt).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; more');
  });

  it('keeps the spoken word readable whatever the brand colour: a dark one lightened in its hue, a white one replaced', () => {
    const navy = readableHighlight('#0b1f44');
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(navy.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(r!);
    expect(b).toBeGreaterThan(g!);
    expect(r! + g! + b!).toBeGreaterThan(0x0b + 0x1f + 0x44 + 150);
    expect(readableHighlight('#ffffff')).toBe(DEFAULT_CAPTION_HIGHLIGHT);
    expect(readableHighlight(HIGHLIGHT)).toBe(HIGHLIGHT);
    expect(captionsAss({ words: SENTENCE, style: 'bold-pop', width: 360, height: 640, highlight: '#000000' })).not.toContain(
      '\\1c&H000000&',
    );
    expect(() => captionsAss({ words: SENTENCE, style: 'bold-pop', width: 360, height: 640, highlight: 'red' })).toThrow(MediaError);
  });

  it('captions words with a line break inside or broken times without breaking the script', () => {
    const words = [...said('Fresh\nlook'), { text: 'lost', start: Number.NaN, end: 1 }, { text: 'end', start: 2, end: 1.5 }];
    const ass = captionsAss({ words, style: 'lower-third', width: 360, height: 640, highlight: HIGHLIGHT });
    const events = ass.split('\n').filter((l) => l.startsWith('Dialogue:'));
    expect(events.join(' ')).toContain('Fresh look');
    expect(events.join(' ')).not.toContain('lost');
    expect(events.join(' ')).not.toContain('NaN');
    expect(captionCuesOf({ words, style: 'lower-third', width: 360, height: 640 }).every((c) => c.end > c.start)).toBe(true);
  });

  it('ends a line where the sentence pauses', () => {
    const words = said('Meet the serum that finally fixed my dry skin, tap the link and grab yours today!');
    const [cue] = captionCuesOf({ words, style: 'lower-third', width: 640, height: 360 });
    expect(cue!.lines.map((line) => line.map((i) => cue!.words[i]!.text).join(' '))).toEqual([
      'Meet the serum that finally fixed my dry skin,',
      'tap the link and grab yours today!',
    ]);
  });

  it('burns nothing for `none`, and the contracts offer exactly the styles the engine draws', () => {
    expect(captionsAss({ words: SENTENCE, style: 'none', width: 360, height: 640, highlight: HIGHLIGHT })).not.toMatch(/^Dialogue:/m);
    expect(CaptionStyle.options).toEqual([...CAPTION_STYLES]);
    expect(CaptionStyle.safeParse('comic-sans').success).toBe(false);
  });
});

describe('word-timed captions: burned into a clip', () => {
  const plain = new Map<Format, Buffer>();
  beforeAll(async () => {
    for (const [format, [w, h]] of Object.entries(FORMATS)) plain.set(format as Format, await plainClip(w, h));
  }, 60_000);

  const render = async (format: Format, style: CaptionStyleId, words: WordTiming[], fontFile?: string) => {
    const [width, height] = FORMATS[format];
    const ass = captionsAss({ words, style, width, height, highlight: HIGHLIGHT, fontFile });
    return burnCaptions({ video: plain.get(format)!, ass, fontFile });
  };
  /** Leftmost and rightmost columns with anything drawn. */
  const extent = (mask: Uint8Array, width: number) => {
    let [left, right] = [width, -1];
    mask.forEach((v, p) => {
      if (v) [left, right] = [Math.min(left, p % width), Math.max(right, p % width)];
    });
    return { left, right };
  };

  describe('the spoken word, read back', () => {
    let ocr: Worker;
    beforeAll(async () => {
      ocr = await startOcr();
    }, 60_000);
    afterAll(() => ocr?.terminate());

    it.each(['bold-pop', 'karaoke'] as const)(
      '%s: at three words’ mid-times the caption band shows that word in the highlight',
      async (style) => {
        const [width, height] = FORMATS['9:16'];
        const video = await render('9:16', style, SENTENCE);
        const picked = [0, 5, 10];
        const frames = await framesAt(video, width, height, [0.1, ...picked.map((k) => (SENTENCE[k]!.start + SENTENCE[k]!.end) / 2)]);
        const [before, ...during] = frames;
        // Nothing before the first word is said.
        expect(drawn(before!).some(Boolean)).toBe(false);
        const cues = captionCuesOf({ words: SENTENCE, style, width, height });
        for (const [n, frame] of during.entries()) {
          expect(highlighted(frame, width, height, 0.45, 0.8)).toBeGreaterThan(40);
          // The highlight is the caption's, not elsewhere in the frame.
          expect(highlighted(frame, width, height, 0, 0.45) + highlighted(frame, width, height, 0.8, 1)).toBe(0);
          const word = SENTENCE[picked[n]!]!;
          const read = await readHighlight(ocr, frame, width, height);
          if (style === 'bold-pop') {
            expect(read).toBe(word.text.toUpperCase());
          } else {
            // Karaoke has filled the cue's words said before and the first part of this one.
            const cue = cues.find((c) => c.words.includes(word))!;
            const tokens = read.split(/\s+/);
            expect(tokens.slice(0, -1)).toEqual(cue.words.slice(0, cue.words.indexOf(word)).map((w) => w.text));
            expect(word.text.startsWith(tokens.at(-1)!)).toBe(true);
          }
        }
        await savePng(during[1]!, width, height, `${style}-9x16`);
      },
      60_000,
    );
  });

  it.each(STYLES)(
    '%s: a long sentence stays inside every format, clear of the apps’ buttons and bottom 20 % in 9:16',
    async (style) => {
      const mids = SENTENCE.map((w) => (w.start + w.end) / 2);
      for (const format of Object.keys(FORMATS) as Format[]) {
        const [width, height] = FORMATS[format];
        const frames = await framesAt(await render(format, style, SENTENCE), width, height, mids);
        for (const frame of frames) {
          const mask = drawn(frame);
          expect(countIn(mask, width, height, { x0: 0.2, x1: 0.8, y0: 0, y1: 1 })).toBeGreaterThan(50);
          expect(countIn(mask, width, height, { x0: 0, x1: 0.03, y0: 0, y1: 1 })).toBe(0);
          expect(countIn(mask, width, height, { x0: 0.97, x1: 1, y0: 0, y1: 1 })).toBe(0);
          if (format === '9:16') {
            expect(countIn(mask, width, height, { x0: 0, x1: 1, y0: 0.8, y1: 1 })).toBe(0);
            expect(countIn(mask, width, height, { x0: 0.85, x1: 1, y0: 0, y1: 1 })).toBe(0);
          }
        }
        await savePng(frames[6]!, width, height, `${style}-${format.replace(':', 'x')}`);
      }
    },
    120_000,
  );

  it.each(['bold-pop', 'lower-third'] as const)(
    '%s: a short and a long caption are set at the same size',
    async (style) => {
      const [width, height] = FORMATS['9:16'];
      // One word, then a cue as long as the style holds (two lines for sentences): no descenders in either first line.
      const words = said(
        style === 'bold-pop' ? 'Wow! Super soft skin.' : 'Wow! Summer across the ocean was unbelievably warm and serene',
        0.2,
        0.3,
      );
      const cues = captionCuesOf({ words, style, width, height });
      expect(cues[0]!.words).toHaveLength(1);
      expect(cues[1]!.words.length).toBeGreaterThan(2);
      const video = await render('9:16', style, words);
      const at = cues.map((c) => (c.start + c.words.at(-1)!.end) / 2);
      const [short, long] = (await framesAt(video, width, height, at)).map((f) => firstLineHeight(drawn(f), width, height));
      expect(short).toBeGreaterThan(8);
      expect(Math.abs(short! - long!)).toBeLessThanOrEqual(1);
    },
    60_000,
  );

  it('bold pop grows in: a cue’s first frame is set 10 % larger than three frames later', async () => {
    const [width, height] = FORMATS['16:9'];
    // The first word starts on a frame (0.2 s = frame 5), so that frame shows the pop's start.
    const words = said('Glow', 0.2, 0.6);
    const [first, settled] = await framesAt(await render('16:9', 'bold-pop', words), width, height, [0.2, 0.32]);
    const [a, b] = [extent(drawn(first!), width), extent(drawn(settled!), width)];
    const ratio = (a.right - a.left) / (b.right - b.left);
    expect(ratio).toBeGreaterThan(1.05);
    expect(ratio).toBeLessThan(1.15);
  }, 60_000);

  it.each([
    ['DejaVu Sans Bold', undefined],
    ['a bundled brand font', brandFont('montserrat').file],
  ])(
    'sets captions in %s, as wide as the layout measured them',
    async (_, fontFile) => {
      const [width, height] = FORMATS['16:9'];
      const words = said('Glow all day long', 0.2, 0.3);
      const ass = captionsAss({ words, style: 'lower-third', width, height, highlight: HIGHLIGHT, fontFile });
      if (fontFile) expect(ass).toMatch(/^Style: Cue,Montserrat Bold,/m);
      const [frame] = await framesAt(await render('16:9', 'lower-third', words, fontFile), width, height, [1]);
      const { left, right } = extent(drawn(frame!), width);
      const em = CAPTION_LOOKS['lower-third'].size.wide * height;
      const measured = captionFont(fontFile).measure('Glow all day long', em);
      // Outline on both sides and the shadow's offset are drawn beyond the type.
      const edges = em * (2 * CAPTION_LOOKS['lower-third'].outline + CAPTION_LOOKS['lower-third'].shadow);
      expect(Math.abs(right - left + 1 - (measured + edges)) / measured).toBeLessThan(0.03);
    },
    60_000,
  );
});
