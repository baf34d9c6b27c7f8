/**
 * Captions burned into a clip: word by word in a creator's style when the words' times are known
 * (`word-captions.ts`), else the script a few words at a time, evenly. They render as one ASS subtitle track through ffmpeg's `ass` filter
 * (libass is in the bundled static ffmpeg), so the render has one input whatever the cue count;
 * one PNG input and overlay per cue took ffmpeg to 2 GB at 1,000 cues.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CAPTION_HIGHLIGHT, DEFAULT_CAPTION_STYLE } from '@studio/contracts';
import type { BurnCaptionsInput, WordTiming } from '../../capabilities.ts';
import { encodeFiltered, pictureFilter } from './clips.ts';
import { captionsAss, captionsAssWith, drawsCaptions } from './word-captions.ts';

/** spec 2 §2: captions burned in from the script, a few words at a time, evenly over the clip. */
export const CAPTION_WORDS = 6;
/**
 * Shortest time a cue stays on screen: less cannot be read. The clip's length thus bounds the cue
 * count; words beyond what it carries are not captioned (the bff refuses a script its audio cannot
 * carry before it gets here).
 */
export const CAPTION_MIN_CUE_S = 0.5;
/** Longest cue text: a "word" of thousands of characters would otherwise be one unreadable line. */
const CAPTION_MAX_CHARS = 120;

export interface CaptionCue {
  text: string;
  start: number;
  end: number;
}

/** The script in caption-sized pieces, each with its time on screen. */
export function captionCues(script: string, durationS: number): CaptionCue[] {
  const words = script.split(/\s+/).filter(Boolean);
  const carried = Math.max(1, Math.floor(durationS / CAPTION_MIN_CUE_S));
  const pieces: string[] = [];
  for (let i = 0; i < words.length && pieces.length < carried; i += CAPTION_WORDS) {
    const text = words.slice(i, i + CAPTION_WORDS).join(' ');
    pieces.push(text.length > CAPTION_MAX_CHARS ? `${text.slice(0, CAPTION_MAX_CHARS - 1)}…` : text);
  }
  // Each cue gets the shortest readable time, and the rest follows the share of characters: a long piece stays longer.
  const floor = Math.min(CAPTION_MIN_CUE_S, durationS / Math.max(1, pieces.length));
  const spare = Math.max(0, durationS - floor * pieces.length);
  const total = pieces.reduce((n, p) => n + p.length, 0) || 1;
  let at = 0;
  return pieces.map((text) => {
    const start = at;
    at += floor + (spare * text.length) / total;
    return { text, start: Math.round(start * 100) / 100, end: Math.round(at * 100) / 100 };
  });
}

/** A path as a filter option value inside a filtergraph (escaped for both levels of ffmpeg's parsing). */
const filterPath = (file: string) => file.replace(/[\\':]/g, '\\$&').replace(/[\\'[\],;]/g, '\\$&');

/** Words spread over each cue by their share of its characters: the script's times when no voice gave any. */
function evenWordTimes(cues: CaptionCue[]): { words: WordTiming[]; cueStarts: Set<number> } {
  const words: WordTiming[] = [];
  const cueStarts = new Set<number>();
  for (const cue of cues) {
    const texts = cue.text.split(' ').filter(Boolean);
    const total = texts.reduce((n, t) => n + t.length + 1, 0);
    let at = cue.start;
    cueStarts.add(words.length);
    for (const text of texts) {
      const start = at;
      at += ((cue.end - cue.start) * (text.length + 1)) / total;
      words.push({ text, start, end: at });
    }
  }
  return { words, cueStarts };
}

/**
 * The ffmpeg filter that draws an ASS script file (`captionsAss`) over a picture, for a render that
 * burns captions in the same pass as other work (a crop, a cut) instead of encoding the clip again.
 * libass looks the script's font up beside `fontFile` (fontconfig finds the default).
 */
export const captionsFilter = (assFile: string, fontFile?: string) =>
  `ass=${filterPath(assFile)}${fontFile ? `:fontsdir=${filterPath(path.dirname(fontFile))}` : ''}`;

/**
 * Burns an ASS script (`captionsAss`) into a clip in one ffmpeg pass, sound copied. `fontFile`: the
 * face the script names, when it is not a system font.
 */
export async function burnCaptions(input: { video: Buffer; ass: string; fontFile?: string }): Promise<Buffer> {
  if (!drawsCaptions(input.ass)) return input.video;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-captions-'));
  try {
    const source = path.join(dir, 'in.mp4');
    const subtitles = path.join(dir, 'captions.ass');
    await fs.writeFile(source, input.video);
    await fs.writeFile(subtitles, input.ass);
    return await encodeFiltered(source, pictureFilter(captionsFilter(subtitles, input.fontFile)));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The engine's caption step. With `words` (from the voice or an alignment), captions in `style`
 * (default bold pop) follow them word by word; with only a script, it is shown a few words at a
 * time in sentence captions, spread evenly over the clip (the cues `captionCues` gives the WebVTT).
 */
export async function localBurnCaptions(input: BurnCaptionsInput): Promise<Buffer> {
  const frame = { width: input.width, height: input.height, fontFile: input.fontFile };
  if (input.words?.length) {
    const ass = captionsAss({
      ...frame,
      words: input.words,
      style: input.style ?? DEFAULT_CAPTION_STYLE,
      highlight: input.highlight ?? DEFAULT_CAPTION_HIGHLIGHT,
      offsetS: input.offsetS,
    });
    return burnCaptions({ video: input.video, ass, fontFile: input.fontFile });
  }
  const cues = captionCues(input.script, input.durationS);
  if (cues.length === 0 || input.style === 'none') return input.video;
  const { words, cueStarts } = evenWordTimes(cues);
  const ass = captionsAssWith({ ...frame, words, style: 'lower-third', highlight: DEFAULT_CAPTION_HIGHLIGHT }, cueStarts);
  return burnCaptions({ video: input.video, ass, fontFile: input.fontFile });
}
