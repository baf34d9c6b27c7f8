import { AD_FORMATS, CAPTION_STYLE_LABELS, CAPTION_STYLES, type AdFormat } from '@studio/contracts';
import { adCredits, formatsOf, type AdOptions } from './ad-options.ts';
import { CaptionPreview } from './CaptionPreview.tsx';

/**
 * The finished ad's options beside the video settings: a caption style, each shown live on the
 * first section's picture with its first words; the formats made from the same sections, with what
 * they cost; jump cuts.
 */
export function AdPanel({
  ad,
  onChange,
  aspectRatio,
  image,
  words,
  sections,
}: {
  ad: AdOptions;
  onChange: (next: AdOptions) => void;
  aspectRatio: string;
  /** The first section's picture and script words, for the previews. */
  image: string | null;
  words: string[];
  /** Sections that would be made. */
  sections: number;
}) {
  const formats = formatsOf(aspectRatio, ad);
  const toggle = (format: AdFormat, on: boolean) =>
    onChange({ ...ad, alsoFormats: on ? [...ad.alsoFormats, format] : ad.alsoFormats.filter((f) => f !== format) });
  const sample = words.length > 0 ? words : ['Your', 'script', 'shows', 'here'];
  return (
    <section className="ve-panel" aria-labelledby="ve-ad-title">
      <h2 id="ve-ad-title" className="ve-h2">
        Finished ad
      </h2>
      <fieldset className="ve-caption-styles">
        <legend className="ve-field">Captions</legend>
        {CAPTION_STYLES.map((style) => (
          <label key={style} className="ve-caption-style" data-checked={ad.captionStyle === style}>
            <input
              type="radio"
              name="ve-caption-style"
              checked={ad.captionStyle === style}
              onChange={() => onChange({ ...ad, captionStyle: style })}
            />
            <CaptionPreview style={style} image={image} words={sample} aspectRatio={aspectRatio} />
            <span>{CAPTION_STYLE_LABELS[style]}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="ve-toggle">
        <legend className="ve-field">Formats</legend>
        {AD_FORMATS.map((format) => (
          <label key={format}>
            <input
              type="checkbox"
              checked={formats.includes(format)}
              disabled={format === aspectRatio}
              onChange={(e) => toggle(format, e.target.checked)}
            />
            {format === aspectRatio ? `${format} (this video)` : format}
          </label>
        ))}
      </fieldset>
      <label className="ve-inline">
        <input type="checkbox" checked={ad.tightCuts} onChange={(e) => onChange({ ...ad, tightCuts: e.target.checked })} />
        Jump cuts: cut long pauses and the silence after each section
      </label>
      <p className="ve-notice" aria-live="polite">
        {adCredits(1, formats.length)} credits per section ({formats.length === 1 ? '1 format' : `${formats.length} formats`}: 2 for the
        first, 1 for each further one)
        {sections > 0
          ? `: ${adCredits(sections, formats.length)} credits for ${sections === 1 ? '1 section' : `${sections} sections`}.`
          : '.'}
      </p>
    </section>
  );
}
