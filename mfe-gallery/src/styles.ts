import { adoptStyles, ensureBaseStyles } from '@studio/ui';

/** Gallery styles (`ga-*`); adopted by every exposed module, once per document. */
const galleryCss = `
.ga-page{display:grid;gap:1.5rem;max-width:1400px;margin:0 auto}
.ga-h1{font-size:var(--st-text-3xl);letter-spacing:-.03em}
.ga-sub{color:var(--st-muted);margin-top:.35rem}
.ga-filter{display:none;gap:1rem;border:0;padding:0;margin:0}
.ga-filter label{display:inline-flex;align-items:center;gap:.4rem;min-height:44px;font-weight:600}
@media (max-width:767px){.ga-filter{display:flex}}
.ga-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.ga-empty{padding:3rem 1rem;text-align:center;color:var(--st-muted)}
`;

export function ensureGalleryStyles(): void {
  ensureBaseStyles();
  adoptStyles('studio-gallery', galleryCss);
}
