import { Link } from 'react-router-dom';
import { AD_FORMATS, AppPaths, CAPTION_STYLE_LABELS, CAPTION_STYLES, type AdFormat } from '@studio/contracts';
import { useBrandKit } from '@studio/session/query';
import { adCredits, DEFAULT_MUSIC_VOLUME, formatsOf, type AdOptions } from './ad-options.ts';
import { useMusicTracks } from './api.ts';
import { CaptionPreview } from './CaptionPreview.tsx';

/**
 * The finished ad's options beside the video settings: a caption style, each shown live on the
 * first section's picture with its first words; music from the library, played here first; the
 * brand kit's end card; the formats made from the same sections, with what they cost; jump cuts.
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
      <MusicPicker ad={ad} onChange={onChange} />
      <EndCardToggle ad={ad} onChange={onChange} />
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

function MusicPicker({ ad, onChange }: { ad: AdOptions; onChange: (next: AdOptions) => void }) {
  const tracks = useMusicTracks();
  const chosen = tracks.data?.find((t) => t.id === ad.music?.trackId) ?? null;
  return (
    <div className="ve-music">
      <label className="ve-field">
        <span>Music</span>
        <select
          value={ad.music?.trackId ?? ''}
          disabled={!tracks.data}
          onChange={(e) =>
            onChange({
              ...ad,
              music: e.target.value ? { trackId: e.target.value, volume: ad.music?.volume ?? DEFAULT_MUSIC_VOLUME } : null,
            })
          }
        >
          <option value="">No music</option>
          {(tracks.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} · {t.mood}
            </option>
          ))}
        </select>
      </label>
      {tracks.isError ? <p className="ve-notice">The music library could not be loaded.</p> : null}
      {chosen && ad.music ? (
        <>
          {/* Instrumental music: there are no words to caption. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <audio src={chosen.previewUrl} controls preload="none" aria-label={`Play ${chosen.name}`} />
          <label className="ve-field">
            <span>Music volume: {Math.round(ad.music.volume * 100)}%</span>
            <input
              type="range"
              min={0}
              max={100}
              value={Math.round(ad.music.volume * 100)}
              onChange={(e) => onChange({ ...ad, music: { trackId: chosen.id, volume: Number(e.target.value) / 100 } })}
            />
          </label>
        </>
      ) : null}
      <p className="ve-notice">Simple beds the studio composes itself (synthesised, free to use in your ads); the voice stays on top.</p>
    </div>
  );
}

function EndCardToggle({ ad, onChange }: { ad: AdOptions; onChange: (next: AdOptions) => void }) {
  const kit = useBrandKit();
  const empty = kit.data ? kit.data.brandKit.updatedAt === null : false;
  return (
    <div className="ve-row">
      <label className="ve-inline">
        <input type="checkbox" checked={ad.endCard} onChange={(e) => onChange({ ...ad, endCard: e.target.checked })} />
        End card: your logo, colours and call to action for 2.5 s
      </label>
      {empty ? (
        <Link className="ve-link" to={AppPaths.products}>
          Set up your brand kit
        </Link>
      ) : null}
    </div>
  );
}
