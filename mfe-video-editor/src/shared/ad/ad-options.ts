/**
 * The finished ad's options in the editors:
 * the caption style, the formats beside the video's own, tight cuts. What they add to a request,
 * and what they cost.
 */
import {
  AD_FORMATS,
  DEFAULT_CAPTION_STYLE,
  EXTRA_FORMAT_CREDITS_PER_SECTION,
  TASK_CREDITS,
  type AdFormat,
  type CaptionStyleId,
  type ProjectDraft,
} from '@studio/contracts';

export interface AdOptions {
  captionStyle: CaptionStyleId;
  /** Formats made beside the video's own aspect ratio. */
  alsoFormats: AdFormat[];
  tightCuts: boolean;
  /** A bed of the music library, or the user's own (composed) music, under the ad at a volume 0–1; null: no music. */
  music: AdMusic | null;
  /** Close with the brand kit's end card. */
  endCard: boolean;
}

export type AdMusic = { volume: number } & (
  { trackId: string; audioUrl?: undefined } | { audioUrl: string; name: string; trackId?: undefined }
);

/** Music starts here: under a voice, ducked further while it speaks. */
export const DEFAULT_MUSIC_VOLUME = 0.5;

/** Captions on (bold pop), no further format, tight cuts on, no music, no end card. */
export const DEFAULT_AD_OPTIONS: AdOptions = {
  captionStyle: DEFAULT_CAPTION_STYLE,
  alsoFormats: [],
  tightCuts: true,
  music: null,
  endCard: false,
};

/** The options a draft kept (its music a bed, the user's own music, or none). */
export function adOptionsOf(saved: ProjectDraft['ad']): AdOptions {
  if (!saved) return DEFAULT_AD_OPTIONS;
  const { music, ...rest } = saved;
  const kept: AdMusic | null = music?.trackId
    ? { trackId: music.trackId, volume: music.volume }
    : music?.audioUrl
      ? { audioUrl: music.audioUrl, name: music.name ?? 'Your music', volume: music.volume }
      : null;
  return { ...rest, music: kept };
}

const isFormat = (ratio: string): ratio is AdFormat => (AD_FORMATS as readonly string[]).includes(ratio);

/** The formats of a job: the video's own first, then the others asked for (never twice). */
export const formatsOf = (aspectRatio: string, ad: AdOptions): AdFormat[] => [
  ...(isFormat(aspectRatio) ? [aspectRatio] : []),
  ...ad.alsoFormats.filter((f) => f !== aspectRatio),
];

/** The fields a video request gains for the ad. */
export function adRequestFields(aspectRatio: string, ad: AdOptions): Record<string, string> {
  return {
    captionStyle: ad.captionStyle,
    formats: JSON.stringify(formatsOf(aspectRatio, ad)),
    tightCuts: String(ad.tightCuts),
    endCard: String(ad.endCard),
    ...(ad.music && {
      music: JSON.stringify(
        ad.music.audioUrl === undefined
          ? { trackId: ad.music.trackId, volume: ad.music.volume }
          : { audioUrl: ad.music.audioUrl, volume: ad.music.volume },
      ),
    }),
  };
}

/** Credits a video of `sections` sections costs in these formats (2 a section, 1 a section for each further format). */
export const adCredits = (sections: number, formats: number) =>
  sections * (TASK_CREDITS.videoSection + Math.max(0, formats - 1) * EXTRA_FORMAT_CREDITS_PER_SECTION);
