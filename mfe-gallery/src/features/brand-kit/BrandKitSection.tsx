import { useId, useState, type FormEvent } from 'react';
import { BRAND_CTA_TEXT_MAX, BRAND_FONTS, BrandKitMessages, type BrandKit } from '@studio/contracts';
import { errorText } from '@studio/session';
import { useBrandKit } from '@studio/session/query';
import { Banner, useBanner } from '@studio/ui';
import { useRemoveBrandLogo, useSaveBrandKit, useUploadBrandLogo } from './api.ts';
import {
  brandFontFaces,
  brandKitProblem,
  ctaCount,
  draftOf,
  fontFamilyOf,
  inkOn,
  LOGO_TYPES,
  logoFileProblem,
  type BrandKitDraft,
} from './brand-kit-form.ts';

const FAILED = 'That did not work. Please try again.';

/** Brand Assets → Brand kit: the logo, colours, font and call to action every finished ad closes with. */
export function BrandKitSection() {
  const kit = useBrandKit();
  return (
    <section className="st-card ga-brand-kit" aria-labelledby="ga-brand-kit-title">
      <style>{brandFontFaces()}</style>
      <header>
        <h2 id="ga-brand-kit-title" className="ga-h2">
          {BrandKitMessages.title}
        </h2>
        <p className="ga-sub">{BrandKitMessages.intro}</p>
      </header>
      {kit.isPending ? (
        <p className="ga-notice">Loading brand kit…</p>
      ) : kit.isError ? (
        <p className="ga-error" role="alert">
          {errorText(kit.error, FAILED)}
        </p>
      ) : (
        <div className="ga-brand-kit-body">
          <LogoField kit={kit.data.brandKit} />
          {/* The form starts from the kit as loaded; a logo uploaded meanwhile keeps what is being typed. */}
          <BrandKitForm kit={kit.data.brandKit} />
        </div>
      )}
    </section>
  );
}

function LogoField({ kit }: { kit: BrandKit }) {
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadBrandLogo();
  const removal = useRemoveBrandLogo();
  const failed = upload.error ?? removal.error;
  const error = problem ?? (failed ? errorText(failed, FAILED) : null);
  const busy = upload.isPending || removal.isPending;
  return (
    <div className="ga-brand-logo">
      <div className="ga-brand-logo-preview">
        {kit.logoUrl ? <img src={kit.logoUrl} alt="Your logo" /> : <span className="ga-notice">No logo yet</span>}
      </div>
      <div className="ga-card-actions">
        <label className="ga-slot">
          {upload.isPending ? 'Uploading…' : kit.logoUrl ? 'Replace logo' : 'Upload logo'}
          <input
            type="file"
            className="ga-visually-hidden"
            accept={LOGO_TYPES.join(',')}
            disabled={busy}
            aria-describedby="ga-brand-logo-hint"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              const refused = logoFileProblem(file);
              upload.reset();
              removal.reset();
              setProblem(refused);
              if (!refused) upload.mutate(file);
            }}
          />
        </label>
        {kit.logoUrl && (
          <button
            type="button"
            className="st-btn st-btn-secondary"
            disabled={busy}
            onClick={() => {
              setProblem(null);
              upload.reset();
              removal.mutate();
            }}
          >
            Remove logo
          </button>
        )}
      </div>
      <p id="ga-brand-logo-hint" className="ga-notice">
        PNG or WebP under 5 MB; a transparent background looks best.
      </p>
      {error && (
        <p className="ga-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function BrandKitForm({ kit }: { kit: BrandKit }) {
  const [draft, setDraft] = useState<BrandKitDraft>(() => draftOf(kit));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveBrandKit();
  const { banner, show, clear } = useBanner();
  const ids = useId();
  const set = (change: Partial<BrandKitDraft>) => setDraft((d) => ({ ...d, ...change }));
  const error = problem ?? (save.error ? errorText(save.error, FAILED) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clear();
    save.reset();
    const refused = brandKitProblem(draft);
    setProblem(refused);
    if (refused) return;
    save.mutate(draft, { onSuccess: () => show('success', BrandKitMessages.saved) });
  };

  return (
    // The studio names a problem in its own words (the server's), not the browser's bubble.
    <form className="ga-brand-kit-form" onSubmit={submit} aria-label="Brand kit settings" noValidate>
      <div className="ga-brand-colors">
        <label className="ga-brand-color">
          <span>Primary colour</span>
          <input type="color" value={draft.primaryColor} onChange={(e) => set({ primaryColor: e.target.value })} />
          <code aria-hidden="true">{draft.primaryColor}</code>
        </label>
        <label className="ga-brand-color">
          <span>Secondary colour</span>
          <input type="color" value={draft.secondaryColor} onChange={(e) => set({ secondaryColor: e.target.value })} />
          <code aria-hidden="true">{draft.secondaryColor}</code>
        </label>
      </div>
      <fieldset className="ga-brand-fonts">
        <legend>Font</legend>
        {BRAND_FONTS.map((font) => (
          <label key={font.id} className="ga-brand-font">
            <input
              type="radio"
              name={`${ids}-font`}
              value={font.id}
              checked={draft.fontId === font.id}
              onChange={() => set({ fontId: font.id })}
            />
            <span style={{ fontFamily: `"${fontFamilyOf(font.id)}", sans-serif` }}>{font.name}</span>
          </label>
        ))}
      </fieldset>
      {/* The counter sits outside the label: the field's name stays "Call to action". */}
      <div className="ga-grow">
        <label htmlFor={`${ids}-cta`}>Call to action</label>
        <input
          id={`${ids}-cta`}
          className="st-input"
          value={draft.ctaText}
          maxLength={BRAND_CTA_TEXT_MAX}
          placeholder="Shop now"
          aria-describedby={`${ids}-cta-count`}
          onChange={(e) => set({ ctaText: e.target.value })}
        />
        <span id={`${ids}-cta-count`} className="ga-notice" aria-live="polite">
          {ctaCount(draft.ctaText)}
        </span>
      </div>
      <label className="ga-grow">
        <span>Call to action link</span>
        <input
          className="st-input"
          type="url"
          inputMode="url"
          value={draft.ctaUrl}
          placeholder="https://your-store.com"
          onChange={(e) => set({ ctaUrl: e.target.value })}
        />
      </label>
      <div
        className="ga-brand-preview"
        aria-label="End card preview"
        role="img"
        style={{ background: draft.primaryColor, fontFamily: `"${fontFamilyOf(draft.fontId)}", sans-serif` }}
      >
        <span style={{ background: draft.secondaryColor, color: inkOn(draft.secondaryColor) }}>{draft.ctaText.trim() || 'Shop now'}</span>
      </div>
      <button type="submit" className="st-btn st-btn-primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save brand kit'}
      </button>
      {error && (
        <p className="ga-error" role="alert">
          {error}
        </p>
      )}
      <Banner message={banner} />
    </form>
  );
}
