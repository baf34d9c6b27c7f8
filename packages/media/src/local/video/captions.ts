/**
 * Captions burned into a clip from its script: a few words at a time, white bold type with a dark
 * outline near the bottom. They render as one ASS subtitle track through ffmpeg's `ass` filter
 * (libass is in the bundled static ffmpeg), so the render has one input whatever the cue count;
 * one PNG input and overlay per cue took ffmpeg to 2 GB at 1,000 cues.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ENCODE, encodeToMp4 } from './clips.ts';

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

/** ASS time: H:MM:SS.cc */
const assTime = (s: number) => {
  const cs = Math.round(s * 100);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${Math.floor(cs / 360_000)}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
};

/** Cue text as ASS prints it: braces open override blocks and a backslash starts an escape. */
const assText = (text: string) => text.replace(/\\/g, '\\\u2060').replace(/\{/g, '(').replace(/\}/g, ')');

/**
 * DejaVu Sans' line (ascent + descent) is 1.164 em, and libass sizes a font by its line: this keeps
 * the type the size the SVG captions had.
 */
const ASS_SIZE_PER_EM = 1.164;

/** The cues as an ASS script at the clip's pixel size, laid out as the captions always were. */
export function captionSubtitles(cues: CaptionCue[], width: number, height: number): string {
  const largest = Math.round(width / 16);
  const boxH = Math.round(largest * 2.6);
  const baseline = Math.round(height * 0.8 - boxH / 2) + boxH * 0.62;
  const margin = Math.round(width * 0.05);
  const events = cues.map((cue) => {
    // Bold sans type is about 0.62 em a character: the line fits 90% of the width; past half size it wraps instead.
    const size = Math.max(Math.round(largest / 2), Math.min(largest, Math.floor((width * 0.9) / (cue.text.length * 0.62))));
    const outline = Math.max(2, Math.round(size / 10)) / 2;
    // Centred on the line's middle, 0.35 em above the baseline.
    const y = Math.round(baseline - size * 0.35);
    const overrides = `{\\an5\\pos(${Math.round(width / 2)},${y})\\fs${Math.round(size * ASS_SIZE_PER_EM)}\\bord${outline}}`;
    return `Dialogue: 0,${assTime(cue.start)},${assTime(cue.end)},Cue,,0,0,0,,${overrides}${assText(cue.text)}`;
  });
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Cue,DejaVu Sans,${Math.round(largest * ASS_SIZE_PER_EM)},&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,2,0,5,${margin},${margin},0,1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}

/** A path as a filter option value inside a filtergraph (escaped for both levels of ffmpeg's parsing). */
const filterPath = (file: string) => file.replace(/[\\':]/g, '\\$&').replace(/[\\'[\],;]/g, '\\$&');

/** Burns the script into a clip as captions near the bottom (white type, dark outline), sound kept. */
export async function localBurnCaptions(input: {
  video: Buffer;
  script: string;
  width: number;
  height: number;
  durationS: number;
}): Promise<Buffer> {
  const cues = captionCues(input.script, input.durationS);
  if (cues.length === 0) return input.video;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-captions-'));
  try {
    const source = path.join(dir, 'in.mp4');
    const subtitles = path.join(dir, 'captions.ass');
    await fs.writeFile(source, input.video);
    await fs.writeFile(subtitles, captionSubtitles(cues, input.width, input.height));
    return await encodeToMp4(
      (out) => [
        '-i',
        source,
        '-vf',
        `ass=${filterPath(subtitles)}`,
        '-map',
        '0:v',
        '-map',
        '0:a?',
        ...ENCODE,
        '-c:a',
        'copy',
        '-movflags',
        '+faststart',
        '-y',
        out,
      ],
      Buffer.alloc(0),
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
