import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  AD_FORMATS,
  AppPaths,
  CAPTION_STYLE_LABELS,
  CAPTION_STYLES,
  Messages,
  MUSIC_COMPOSE_SECONDS,
  type AdFormat,
} from '@studio/contracts';
import { errorText } from '@studio/session';
import { useBrandKit } from '@studio/session/query';
import { adCredits, DEFAULT_MUSIC_VOLUME, formatsOf, type AdOptions } from './ad-options.ts';
import { useComposeMusic, useMusicCompose, useMusicTracks } from './api.ts';
import { CaptionPreview } from './CaptionPreview.tsx';

/**
 * The finished ad's options beside the video settings: a caption style, each shown live on the
 * first section's picture with its first words; music from the library (or composed from a prompt
 * where the hosted music model is configured), played here first; the
 * brand kit's end card; the formats made from the same sections, with what they cost; jump cuts.
 */
export function AdPanel({
  ad,
  onChange,
  aspectRatio,
  image,
  words,
  sections,
  reused = 0,
}: {
  ad: AdOptions;
  onChange: (next: AdOptions) => void;
  aspectRatio: string;
  /** The first section's picture and script words, for the previews. */
  image: string | null;
  words: string[];
  /** Sections that would be rendered (and charged). */
  sections: number;
  /** Sections Generate reuses instead (free). */
  reused?: number;
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
          ? `: ${adCredits(sections, formats.length)} credits for ${sections === 1 ? '1 section' : `${sections} sections`}`
          : ''}
        {reused > 0 ? `${sections > 0 ? ';' : ':'} ${reused === 1 ? '1 section' : `${reused} sections`} reused, free.` : '.'}
      </p>
    </section>
  );
}

function MusicPicker({ ad, onChange }: { ad: AdOptions; onChange: (next: AdOptions) => void }) {
  const tracks = useMusicTracks();
  const volume = ad.music?.volume ?? DEFAULT_MUSIC_VOLUME;
  const bed = tracks.data?.find((t) => t.id === ad.music?.trackId) ?? null;
  const own = ad.music?.audioUrl === undefined ? null : ad.music;
  const preview = bed ? { url: bed.previewUrl, name: bed.name } : own ? { url: own.audioUrl, name: own.name } : null;
  return (
    <div className="ve-music">
      <label className="ve-field">
        <span>Music</span>
        <select
          value={own ? OWN_MUSIC : (ad.music?.trackId ?? '')}
          disabled={!tracks.data}
          onChange={(e) =>
            e.target.value !== OWN_MUSIC && onChange({ ...ad, music: e.target.value ? { trackId: e.target.value, volume } : null })
          }
        >
          <option value="">No music</option>
          {(tracks.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} · {t.mood}
            </option>
          ))}
          {own ? <option value={OWN_MUSIC}>Yours: {own.name}</option> : null}
        </select>
      </label>
      {tracks.isError ? <p className="ve-notice">The music library could not be loaded.</p> : null}
      {preview && ad.music ? (
        <>
          {/* Instrumental music: there are no words to caption. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <audio src={preview.url} controls preload="none" aria-label={`Play ${preview.name}`} />
          <label className="ve-field">
            <span>Music volume: {Math.round(volume * 100)}%</span>
            <input
              type="range"
              min={0}
              max={100}
              value={Math.round(volume * 100)}
              onChange={(e) => onChange({ ...ad, music: { ...ad.music!, volume: Number(e.target.value) / 100 } })}
            />
          </label>
        </>
      ) : null}
      <p className="ve-notice">Simple beds the studio composes itself (synthesised, free to use in your ads); the voice stays on top.</p>
      <ComposeMusic onComposed={(audioUrl, name) => onChange({ ...ad, music: { audioUrl, name, volume } })} />
    </div>
  );
}

/** The select's value for the user's own music. */
const OWN_MUSIC = 'own';

/** Music from a prompt, where the hosted music model is configured: composed, charged, and chosen for the ad. */
function ComposeMusic({ onComposed }: { onComposed: (audioUrl: string, name: string) => void }) {
  const info = useMusicCompose();
  const compose = useComposeMusic();
  const [prompt, setPrompt] = useState('');
  const [seconds, setSeconds] = useState<number>(MUSIC_COMPOSE_SECONDS.default);
  if (!info.data?.available) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    compose.mutate({ prompt, durationS: seconds }, { onSuccess: (made) => onComposed(made.audioUrl, prompt.trim()) });
  };
  return (
    <form className="ve-compose" aria-label="Compose music from a prompt" onSubmit={submit}>
      <label className="ve-field">
        <span>Or describe the music</span>
        <input
          value={prompt}
          maxLength={300}
          placeholder="upbeat summer pop, claps, no vocals"
          onChange={(e) => setPrompt(e.target.value)}
        />
      </label>
      <div className="ve-row">
        <label className="ve-inline">
          Length
          <select value={seconds} onChange={(e) => setSeconds(Number(e.target.value))}>
            {[15, 30, 60].map((s) => (
              <option key={s} value={s}>
                {s} s
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="st-btn st-btn-secondary" disabled={compose.isPending || prompt.trim().length < 3}>
          {compose.isPending ? 'Composing…' : `Compose (${info.data.credits} credits)`}
        </button>
      </div>
      {compose.isError ? (
        <p className="ve-error" role="alert">
          {errorText(compose.error, Messages.failedToComposeMusic)}
        </p>
      ) : null}
    </form>
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
