/**
 * Word-timed captions in the styles creators expect: the spoken words grouped into
 * cues, each laid out at its style's one size inside the frame's safe area, timed by its words, and
 * written as an ASS script (libass override tags: highlight, karaoke fill, pop, rounded box) for one
 * render pass, or as WebVTT with the same cue times.
 */
import {
  CAPTION_LOOKS,
  CAPTION_MAX_LINES,
  CAPTION_SAFE_AREA,
  captionFrameOf,
  DEFAULT_CAPTION_HIGHLIGHT,
  type CaptionLook,
  type CaptionStyleId,
} from '@studio/contracts';
import type { WordTiming } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import { captionFont, type CaptionFont } from './caption-font.ts';

/** Shortest time a cue stays on screen when the next does not need the place: less cannot be read. */
export const CAPTION_READABLE_S = 0.5;
/** A cue lingers this long after its last word, so the eye can finish it. */
const LINGER_S = 0.25;
/** Gaps shorter than this between cues are closed: a caption blinking off and on reads as a glitch. */
const BRIDGE_S = 0.3;
/** A pause this long ends a cue: the next words belong to a new thought. */
const PAUSE_BREAK_S = 0.9;

export interface CaptionsInput {
  words: WordTiming[];
  style: CaptionStyleId;
  width: number;
  height: number;
  /** `#rrggbb` of the spoken word (the brand kit's primary colour). */
  highlight: string;
  /** A TTF/OTF file to set the captions in (default DejaVu Sans Bold). */
  fontFile?: string;
  /** Seconds added to every word time: where the words' audio starts in the clip. */
  offsetS?: number;
}

/** One caption on screen: its words, laid out in lines, and its time. */
export interface WordCaptionCue {
  words: WordTiming[];
  /** Indices into `words`, line by line. */
  lines: number[][];
  /** Horizontal squeeze of a word too wide for a line on its own (1: none), by word index. */
  squeeze: number[];
  start: number;
  end: number;
}

interface Layout {
  look: CaptionLook;
  font: CaptionFont;
  em: number;
  /** The line height libass uses (its `\fs`). */
  line: number;
  outline: number;
  shadow: number;
  /** Widest a line may be, in pixels of type at 100 %. */
  maxWidth: number;
  centreX: number;
  /** The block's bottom edge (box included). */
  bottom: number;
}

const centis = (s: number) => Math.round(s * 100) / 100;
const shown = (text: string, look: CaptionLook) => {
  // A line break inside a word would end the ASS event's line: every run of white space is one space.
  const one = text.replace(/\s+/g, ' ').trim();
  return look.uppercase ? one.toLocaleUpperCase() : one;
};

function layoutFor(style: Exclude<CaptionStyleId, 'none'>, width: number, height: number, fontFile?: string): Layout {
  const look = CAPTION_LOOKS[style];
  const frame = captionFrameOf(width, height);
  const safe = CAPTION_SAFE_AREA[frame];
  const font = captionFont(fontFile);
  const em = look.size[frame] * height;
  const outline = Math.max(look.outline > 0 ? 1 : 0, look.outline * em);
  const shadow = look.shadow * em;
  const padX = look.box ? look.box.padX * em : 0;
  // The outline, the shadow and a box's padding are drawn beyond the type; a pop grows the line before it settles.
  const grow = look.pop?.fromScale ?? 1;
  const maxWidth = ((safe.right - safe.left) * width - 2 * (outline + padX) - shadow) / grow;
  const lowest = safe.bottom * height - outline - shadow;
  return {
    look,
    font,
    em,
    line: em * font.lineEm,
    outline,
    shadow,
    maxWidth,
    centreX: ((safe.left + safe.right) / 2) * width,
    bottom: Math.min(look.bottom[frame] * height, lowest),
  };
}

/**
 * Where the caption band starts in a frame of this size, in pixels from the top: the highest any
 * style's two lines reach (with their outline, shadow, box and pop). What stands beside the speaker
 * (a product card) stays above it, whichever style the ad's captions take.
 */
export function captionBandTop(width: number, height: number): number {
  const tops = (Object.keys(CAPTION_LOOKS) as Exclude<CaptionStyleId, 'none'>[]).map((style) => {
    const layout = layoutFor(style, width, height);
    const padY = layout.look.box ? layout.look.box.padY * layout.em : 0;
    const block = CAPTION_MAX_LINES * layout.line * (layout.look.pop?.fromScale ?? 1);
    return layout.bottom - block - padY - layout.outline - layout.shadow;
  });
  return Math.floor(Math.min(...tops));
}

const widthOf = (layout: Layout, texts: string[]) => layout.font.measure(texts.map((t) => shown(t, layout.look)).join(' '), layout.em);

const endsSentence = (text: string) => /[.!?…]["'”’)]*$/.test(text);
const endsClause = (text: string) => /[,;:—–]["'”’)]*$/.test(text);

/**
 * The words in at most two lines no wider than the layout allows, the lines as even as they can be;
 * null when they need more. One word wider than a line stands alone on it, squeezed to fit.
 */
function wrap(layout: Layout, texts: string[]): number[][] | null {
  const all = texts.map((_, i) => i);
  if (texts.length === 1 || widthOf(layout, texts) <= layout.maxWidth) return [all];
  if (CAPTION_MAX_LINES < 2) return null;
  let best: { split: number; score: number } | null = null;
  for (let split = 1; split < texts.length; split++) {
    const widest = Math.max(widthOf(layout, texts.slice(0, split)), widthOf(layout, texts.slice(split)));
    if (widest > layout.maxWidth) continue;
    // Subtitling practice: a line ends where the sentence pauses, even if the lines are less even.
    const pause = endsSentence(texts[split - 1]!) || endsClause(texts[split - 1]!);
    const score = widest - (pause ? 0.3 * layout.maxWidth : 0);
    if (!best || score < best.score) best = { split, score };
  }
  if (best) return [all.slice(0, best.split), all.slice(best.split)];
  return null;
}

/** The words grouped into cues: by the style's word count, sentences, pauses and what fits in two lines. */
function groupWords(layout: Layout, words: WordTiming[], cueStarts?: Set<number>): WordTiming[][] {
  const groups: WordTiming[][] = [];
  let current: WordTiming[] = [];
  words.forEach((word, i) => {
    const previous = current.at(-1);
    const breakHere =
      previous !== undefined &&
      (cueStarts
        ? cueStarts.has(i)
        : current.length >= layout.look.maxWords ||
          endsSentence(previous.text) ||
          (layout.look.breakAtComma && endsClause(previous.text)) ||
          word.start - previous.end > PAUSE_BREAK_S);
    if (
      previous !== undefined &&
      (breakHere ||
        !wrap(
          layout,
          [...current, word].map((w) => w.text),
        ))
    ) {
      groups.push(current);
      current = [];
    }
    current.push(word);
  });
  if (current.length) groups.push(current);
  return groups;
}

/** Cues with their times: from the first word, at least readable, never over the next. */
function timeCues(layout: Layout, groups: WordTiming[][], offsetS: number): WordCaptionCue[] {
  const starts = groups.map((g) => centis(Math.max(0, g[0]!.start + offsetS)));
  return groups.map((group, k) => {
    const start = starts[k]!;
    const spoken = group.at(-1)!.end + offsetS;
    let end = Math.max(spoken + LINGER_S, start + CAPTION_READABLE_S);
    const next = starts[k + 1];
    if (next !== undefined && (end > next || next - end < BRIDGE_S)) end = next;
    const texts = group.map((w) => w.text);
    const lines = wrap(layout, texts) ?? [texts.map((_, i) => i)];
    const squeeze = texts.map((t) => Math.min(1, layout.maxWidth / widthOf(layout, [t])));
    return { words: group, lines, squeeze, start, end: centis(Math.max(end, start + 0.01)) };
  });
}

function cuesFor(input: Omit<CaptionsInput, 'highlight'>, cueStarts?: Set<number>): { layout: Layout; cues: WordCaptionCue[] } {
  // Imposed cue starts count words as given: only a script's own (clean) words come with them.
  const words = cueStarts
    ? input.words
    : input.words
        .filter((w) => w.text.trim() !== '' && Number.isFinite(w.start) && Number.isFinite(w.end))
        .map((w) => (w.end < w.start ? { ...w, end: w.start } : w));
  // Without a burned style, the WebVTT still carries sentence captions.
  const style = input.style === 'none' ? 'lower-third' : input.style;
  const layout = layoutFor(style, input.width, input.height, input.fontFile);
  if (words.length === 0) return { layout, cues: [] };
  return { layout, cues: timeCues(layout, groupWords(layout, words, cueStarts), input.offsetS ?? 0) };
}

/** The cues a style shows for these words in this frame (the same the ASS script and the WebVTT carry). */
export function captionCuesOf(input: Omit<CaptionsInput, 'highlight'>): WordCaptionCue[] {
  return cuesFor(input).cues;
}

// ——— ASS ———

/** ASS time: H:MM:SS.cc */
const assTime = (s: number) => {
  const cs = Math.round(s * 100);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${Math.floor(cs / 360_000)}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
};

/** Cue text as ASS prints it: braces open override blocks and a backslash starts an escape. */
export const assText = (text: string) => text.replace(/\\/g, '\\\u2060').replace(/\{/g, '(').replace(/\}/g, ')');

/** `#rrggbb` → ASS `&HBBGGRR&`. */
function assColour(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new MediaError('bad_input', 'A caption colour must be written #rrggbb.');
  return `&H${m[3]}${m[2]}${m[1]}&`.toUpperCase();
}
/** Relative luminance (WCAG) of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * The brand colour as a caption highlight that can be read: type in a dark colour (a navy or black
 * primary) disappears into its own black outline, so it is lightened toward white, keeping its hue;
 * a near-white one could not be told from the white type, so the default highlight stands in.
 */
export function readableHighlight(hex: string): string {
  assColour(hex);
  const l = luminance(hex);
  if (l > 0.8) return DEFAULT_CAPTION_HIGHLIGHT;
  if (l >= 0.18) return hex.toLowerCase();
  let lighter = hex;
  for (let mix = 0.1; luminance(lighter) < 0.18 && mix <= 1; mix += 0.1) {
    lighter = `#${[1, 3, 5]
      .map((i) =>
        Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - mix) + 255 * mix)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  }
  return lighter;
}

/** ASS alpha is transparency, 00 opaque. */
const assAlpha = (opacity: number) =>
  `&H${Math.round((1 - opacity) * 255)
    .toString(16)
    .padStart(2, '0')
    .toUpperCase()}&`;
const px = (n: number) => Math.round(n * 10) / 10;

/** A cue's lines as ASS text, `decorate` wrapping each word (by index) in its override tags. */
function linesText(
  layout: Layout,
  cue: WordCaptionCue,
  decorate: (i: number, text: string) => string,
  between: (i: number) => string = () => ' ',
) {
  return cue.lines
    .map((line) =>
      line
        .map((i, j) => {
          const text = assText(shown(cue.words[i]!.text, layout.look));
          const squeezed = cue.squeeze[i]! < 1 ? `{\\fscx${Math.floor(cue.squeeze[i]! * 100)}}${text}{\\fscx100}` : text;
          return decorate(i, squeezed) + (j < line.length - 1 ? between(i) : '');
        })
        .join(''),
    )
    .map((text, n, all) => (n < all.length - 1 ? `${text}${between(cue.lines[n]!.at(-1)!).replace(' ', '')}\\N` : text))
    .join('');
}

/** A rounded rectangle as an ASS drawing (cubic corners), `w`×`h` with corner radius `r`. */
function roundedBox(w: number, h: number, r: number): string {
  const [W, H, R] = [px(w), px(h), px(Math.min(r, w / 2, h / 2))];
  return [
    `m ${R} 0 l ${px(W - R)} 0 b ${W} 0 ${W} 0 ${W} ${R}`,
    `l ${W} ${px(H - R)} b ${W} ${H} ${W} ${H} ${px(W - R)} ${H}`,
    `l ${R} ${H} b 0 ${H} 0 ${H} 0 ${px(H - R)}`,
    `l 0 ${R} b 0 0 0 0 ${R} 0`,
  ].join(' ');
}

function events(
  layout: Layout,
  cues: WordCaptionCue[],
  style: Exclude<CaptionStyleId, 'none'>,
  highlight: string,
  offsetS: number,
): string[] {
  const { look } = layout;
  const hl = assColour(readableHighlight(highlight));
  const text = assColour(look.textColour);
  const cx = px(layout.centreX);
  const dialogue = (layer: number, start: number, end: number, body: string) =>
    `Dialogue: ${layer},${assTime(start)},${assTime(end)},Cue,,0,0,0,,${body}`;
  const out: string[] = [];
  for (const cue of cues) {
    const blockH = cue.lines.length * layout.line;
    if (style === 'bold-pop') {
      // One event per word: the spoken word in the highlight, the cue popping in with its first.
      const cy = px(layout.bottom - blockH / 2);
      cue.words.forEach((word, k) => {
        const start = k === 0 ? cue.start : Math.min(cue.end, Math.max(cue.start, centis(word.start + offsetS)));
        const end = k === cue.words.length - 1 ? cue.end : Math.min(cue.end, Math.max(start, centis(cue.words[k + 1]!.start + offsetS)));
        if (end <= start) return;
        const pop =
          k === 0 && look.pop
            ? `\\fscx${Math.round(look.pop.fromScale * 100)}\\fscy${Math.round(look.pop.fromScale * 100)}\\t(0,${look.pop.ms},\\fscx100\\fscy100)`
            : '';
        const body = linesText(layout, cue, (i, t) => (i === k ? `{\\1c${hl}}${t}{\\1c${text}}` : t));
        out.push(dialogue(0, start, end, `{\\an5\\pos(${cx},${cy})${pop}}${body}`));
      });
    } else if (style === 'karaoke') {
      // \kf fills a word from the secondary colour (the type's) to the primary (the highlight) over its time.
      const at = (s: number) => Math.round((s + offsetS - cue.start) * 100);
      const fill = (i: number) => Math.max(0, at(cue.words[i]!.end) - Math.max(0, at(cue.words[i]!.start)));
      const gap = (i: number) => {
        const next = cue.words[i + 1];
        return next ? Math.max(0, at(next.start) - at(cue.words[i]!.end)) : 0;
      };
      const lead = Math.max(0, at(cue.words[0]!.start));
      const body = linesText(
        layout,
        cue,
        (i, t) => `{\\kf${fill(i)}}${t}`,
        (i) => `{\\k${gap(i)}} `,
      );
      out.push(dialogue(0, cue.start, cue.end, `{\\an2\\pos(${cx},${px(layout.bottom)})${lead ? `\\k${lead}` : ''}}${body}`));
    } else if (style === 'boxed' && look.box) {
      const widest = Math.max(
        ...cue.lines.map((line) =>
          Math.min(
            layout.maxWidth,
            widthOf(
              layout,
              line.map((i) => cue.words[i]!.text),
            ),
          ),
        ),
      );
      const w = widest + 2 * look.box.padX * layout.em;
      const h = blockH + 2 * look.box.padY * layout.em;
      const box = `{\\an7\\pos(${px(layout.centreX - w / 2)},${px(layout.bottom - h)})\\1c${assColour(look.box.colour)}\\1a${assAlpha(look.box.opacity)}\\bord0\\shad0\\p1}${roundedBox(w, h, look.box.radius * layout.em)}{\\p0}`;
      out.push(dialogue(0, cue.start, cue.end, box));
      out.push(
        dialogue(
          1,
          cue.start,
          cue.end,
          `{\\an2\\pos(${cx},${px(layout.bottom - look.box.padY * layout.em)})}${linesText(layout, cue, (_, t) => t)}`,
        ),
      );
    } else {
      out.push(dialogue(0, cue.start, cue.end, `{\\an2\\pos(${cx},${px(layout.bottom)})}${linesText(layout, cue, (_, t) => t)}`));
    }
  }
  return out;
}

function assScript(layout: Layout, input: CaptionsInput, body: string[]): string {
  const { look, font } = layout;
  const karaoke = look.highlight === 'fill';
  // Karaoke fills from the secondary colour to the primary: there the primary is the highlight.
  const primary = karaoke ? assColour(readableHighlight(input.highlight)) : assColour(look.textColour);
  const secondary = assColour(look.textColour);
  const colour = (c: string, alpha = '00') => c.replace('&H', `&H${alpha}`).replace(/&$/, '');
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${input.width}`,
    `PlayResY: ${input.height}`,
    // Lines are broken here, where they were measured: libass must not re-wrap them.
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Cue,${font.assName},${px(layout.line)},${colour(primary)},${colour(secondary)},${colour('&H000000&')},${colour('&H000000&', '80')},${font.bold ? -1 : 0},0,0,0,100,100,0,0,1,${px(layout.outline)},${px(layout.shadow)},2,0,0,0,1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...body,
    '',
  ].join('\n');
}

/**
 * Captions as an ASS script for libass: the words grouped and laid out in `style` for a
 * `width`×`height` frame, each on screen while it is said. `none` gives a script without events.
 */
export function captionsAss(input: CaptionsInput): string {
  return captionsAssWith(input);
}

/** `captionsAss` with cue boundaries imposed (`cueStarts`: indices of the words that open a cue). */
export function captionsAssWith(input: CaptionsInput, cueStarts?: Set<number>): string {
  const { layout, cues } = cuesFor(input, cueStarts);
  const body = input.style === 'none' ? [] : events(layout, cues, input.style, input.highlight, input.offsetS ?? 0);
  return assScript(layout, input, body);
}

// ——— WebVTT ———

const vttTime = (s: number) => {
  const ms = Math.round(s * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};
const vttText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The same cues as WebVTT (their lines as laid out in the frame), for the video's captions download.
 * `none` gives sentence captions: the download serves viewers who need them whatever is burned in.
 */
export function captionsVtt(input: Omit<CaptionsInput, 'highlight'>): string {
  const lines = ['WEBVTT', ''];
  for (const cue of captionCuesOf(input)) {
    lines.push(`${vttTime(cue.start)} --> ${vttTime(cue.end)}`);
    for (const line of cue.lines) lines.push(vttText(line.map((i) => cue.words[i]!.text).join(' ')));
    lines.push('');
  }
  return lines.join('\n');
}

/** Whether an ASS script draws anything (a `none` script, or one without words, needs no render). */
export const drawsCaptions = (ass: string) => /^Dialogue:/m.test(ass);
