/**
 * The captions' typeface: the name libass knows it by, how libass sizes it, and how wide a piece of
 * text set in it is. Caption layout measures every line with the face libass will draw, so a line
 * that is said to fit does fit; guessing widths from character counts is how captions once ran off
 * the frame's edge.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { MediaError } from '../../errors.ts';

export interface CaptionFont {
  /** The font file, or undefined for the system's DejaVu Sans Bold (found by fontconfig, as libass finds it). */
  file: string | undefined;
  /** The name an ASS style gives: the face's full name, which libass matches before families. */
  assName: string;
  /** The ASS style's bold flag. */
  bold: boolean;
  /**
   * libass sizes a face by its Windows line (usWinAscent + usWinDescent, as GDI does), not by its
   * em: `\fs` = em × this. DejaVu Sans' is 1.164.
   */
  lineEm: number;
  /** Width in pixels of `text` set at `emPx`. */
  measure(text: string, emPx: number): number;
}

const DEFAULT_FACE = 'DejaVu Sans:bold';
const DEFAULT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

interface FaceFacts {
  fullName: string;
  lineEm: number;
}

/** The few OpenType table fields libass sizes and names a face by (head, OS/2, name). */
export function readFaceFacts(bytes: Buffer): FaceFacts {
  const bad = () => new MediaError('bad_input', 'The caption font is not a TrueType or OpenType font.');
  if (bytes.length < 12) throw bad();
  const tables = new Map<string, number>();
  const count = bytes.readUInt16BE(4);
  for (let i = 0; i < count && 12 + i * 16 + 16 <= bytes.length; i++) {
    const at = 12 + i * 16;
    tables.set(bytes.toString('latin1', at, at + 4), bytes.readUInt32BE(at + 8));
  }
  const head = tables.get('head');
  const os2 = tables.get('OS/2');
  const name = tables.get('name');
  if (head === undefined || os2 === undefined || name === undefined || os2 + 78 > bytes.length) throw bad();
  const unitsPerEm = bytes.readUInt16BE(head + 18);
  const winLine = bytes.readUInt16BE(os2 + 74) + bytes.readUInt16BE(os2 + 76);
  if (!unitsPerEm || !winLine) throw bad();
  const records = bytes.readUInt16BE(name + 2);
  const strings = name + bytes.readUInt16BE(name + 4);
  const names = new Map<number, string>();
  for (let i = 0; i < records; i++) {
    const at = name + 6 + i * 12;
    const field = (o: number) => bytes.readUInt16BE(at + o);
    // Windows names (platform 3) are UTF-16BE; US English (0x409) is the name libass and fontconfig match first.
    if (field(0) !== 3 || field(4) !== 0x409 || names.has(field(6))) continue;
    const start = strings + field(10);
    names.set(
      field(6),
      Buffer.from(bytes.subarray(start, start + field(8)))
        .swap16()
        .toString('utf16le'),
    );
  }
  const fullName = names.get(4) ?? names.get(1);
  if (!fullName) throw bad();
  return { fullName, lineEm: winLine / unitsPerEm };
}

type Canvas = typeof import('@napi-rs/canvas');
let canvasModule: Canvas | undefined;
const fonts = new Map<string, CaptionFont>();

/** The system's DejaVu Sans Bold file, as fontconfig (and so libass) resolves it. */
function defaultFontFile(): string {
  try {
    const found = execFileSync('fc-match', ['--format=%{file}', DEFAULT_FACE], { encoding: 'utf8', timeout: 5000 }).trim();
    if (found && fs.existsSync(found)) return found;
  } catch {
    // No fontconfig tools: the Debian path stands.
  }
  return DEFAULT_FILE;
}

/** The captions' face: `file` (a TTF/OTF, e.g. a brand kit's font) or DejaVu Sans Bold. Loaded once per file. */
export function captionFont(file?: string): CaptionFont {
  const key = file ?? '';
  const known = fonts.get(key);
  if (known) return known;
  // @napi-rs/canvas (Skia, HarfBuzz shaping as libass) loads on the first caption, never with the package.
  canvasModule ??= createRequire(import.meta.url)('@napi-rs/canvas') as Canvas;
  const source = file ?? defaultFontFile();
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(source);
  } catch (cause) {
    throw new MediaError('bad_input', 'The caption font could not be read.', { cause });
  }
  const facts = readFaceFacts(bytes);
  const alias = `studio-caption-${fonts.size}`;
  // A face Skia cannot load would be measured in a fallback and drawn by libass in another.
  if (!canvasModule.GlobalFonts.register(bytes, alias)) throw new MediaError('bad_input', 'The caption font could not be loaded.');
  const context = canvasModule.createCanvas(8, 8).getContext('2d');
  const font: CaptionFont = {
    file,
    assName: file ? facts.fullName : 'DejaVu Sans',
    bold: !file,
    lineEm: facts.lineEm,
    measure(text, emPx) {
      context.font = `${emPx}px "${alias}"`;
      return context.measureText(text).width;
    },
  };
  fonts.set(key, font);
  return font;
}
