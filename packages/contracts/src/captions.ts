/**
 * Caption styles of a finished ad as plain data: the media engine burns them with
 * these numbers and an editor's live preview draws the same look with CSS from them. Sizes are
 * fractions of the frame's height (type) or of the type's size (outline, box), positions fractions
 * of the frame, so one table serves every format.
 */

/** `none` burns nothing; the others are the looks creators pick from. */
export const CAPTION_STYLES = ['none', 'bold-pop', 'karaoke', 'boxed', 'lower-third'] as const;
export type CaptionStyleId = (typeof CAPTION_STYLES)[number];
/** What the editors call each style. */
export const CAPTION_STYLE_LABELS: Record<CaptionStyleId, string> = {
  none: 'None',
  'bold-pop': 'Bold pop',
  karaoke: 'Karaoke',
  boxed: 'Boxed',
  'lower-third': 'Lower third',
};
/** The editors turn captions on with this style for a section with a script. */
export const DEFAULT_CAPTION_STYLE: CaptionStyleId = 'bold-pop';

/** The frame families captions are laid out for: 9:16 and 3:4 are tall, 16:9 and 4:3 wide. */
export const CAPTION_FRAMES = ['tall', 'square', 'wide'] as const;
export type CaptionFrame = (typeof CAPTION_FRAMES)[number];

/** Which family a frame of this size belongs to. */
export const captionFrameOf = (width: number, height: number): CaptionFrame =>
  height / width > 1.15 ? 'tall' : width / height > 1.15 ? 'wide' : 'square';

/**
 * Where captions may be drawn, as fractions of the frame (left/right of the width, top/bottom of
 * the height). Tall frames keep clear of the short-video apps' bottom 20 % (caption, music and
 * account lines) and of their right-hand button column (about 15 % of the width).
 */
export const CAPTION_SAFE_AREA: Record<CaptionFrame, { left: number; right: number; top: number; bottom: number }> = {
  tall: { left: 0.06, right: 0.84, top: 0.12, bottom: 0.79 },
  square: { left: 0.06, right: 0.94, top: 0.06, bottom: 0.92 },
  wide: { left: 0.08, right: 0.92, top: 0.06, bottom: 0.9 },
};

export interface CaptionLook {
  /** Most words on screen at once; a cue also ends at a sentence's end (and, if `breakAtComma`, a comma). */
  maxWords: number;
  breakAtComma: boolean;
  /** Type size (the em) as a fraction of the frame's height, one per frame family. */
  size: Record<CaptionFrame, number>;
  /** Where the caption block's bottom edge sits, as a fraction of the frame's height. */
  bottom: Record<CaptionFrame, number>;
  uppercase: boolean;
  /** `#rrggbb` of the type not (yet) highlighted. */
  textColour: string;
  /** How the spoken word shows: in the highlight colour while said, filled left to right as said, or not at all. */
  highlight: 'word' | 'fill' | 'none';
  /** Dark outline around the type, as a fraction of the type's size (0: none). */
  outline: number;
  /** Drop shadow offset, as a fraction of the type's size. */
  shadow: number;
  /** A dark box behind the lines: its colour, opacity 0–1, corner radius and padding as fractions of the type's size. */
  box: { colour: string; opacity: number; radius: number; padX: number; padY: number } | null;
  /** The cue grows in from this scale over `ms` as it appears. */
  pop: { fromScale: number; ms: number } | null;
}

/** Every style but `none`, with the numbers both the render and a preview use. */
export const CAPTION_LOOKS: Record<Exclude<CaptionStyleId, 'none'>, CaptionLook> = {
  'bold-pop': {
    maxWords: 3,
    breakAtComma: true,
    size: { tall: 0.042, square: 0.068, wide: 0.075 },
    bottom: { tall: 0.72, square: 0.84, wide: 0.84 },
    uppercase: true,
    textColour: '#ffffff',
    highlight: 'word',
    outline: 0.09,
    shadow: 0.05,
    box: null,
    pop: { fromScale: 1.1, ms: 80 },
  },
  karaoke: {
    maxWords: 7,
    breakAtComma: false,
    size: { tall: 0.034, square: 0.055, wide: 0.062 },
    bottom: { tall: 0.74, square: 0.88, wide: 0.88 },
    uppercase: false,
    textColour: '#ffffff',
    highlight: 'fill',
    outline: 0.08,
    shadow: 0.04,
    box: null,
    pop: null,
  },
  boxed: {
    maxWords: 6,
    breakAtComma: true,
    size: { tall: 0.032, square: 0.05, wide: 0.056 },
    bottom: { tall: 0.76, square: 0.88, wide: 0.87 },
    uppercase: false,
    textColour: '#ffffff',
    highlight: 'none',
    outline: 0,
    shadow: 0,
    box: { colour: '#111111', opacity: 0.78, radius: 0.45, padX: 0.45, padY: 0.22 },
    pop: null,
  },
  'lower-third': {
    maxWords: 16,
    breakAtComma: false,
    size: { tall: 0.029, square: 0.045, wide: 0.05 },
    bottom: { tall: 0.78, square: 0.91, wide: 0.89 },
    uppercase: false,
    textColour: '#ffffff',
    highlight: 'none',
    outline: 0.06,
    shadow: 0.06,
    box: null,
    pop: null,
  },
};

/** Captions wrap to at most this many lines; a longer cue is split in time instead. */
export const CAPTION_MAX_LINES = 2;
/** The highlight when the brand kit has no primary colour. */
export const DEFAULT_CAPTION_HIGHLIGHT = '#ffd60a';
