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
.ga-grid{display:grid;gap:12px;align-items:start}
.ga-column{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.ga-card{position:relative;background:var(--st-surface,#fff);border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.ga-card img{display:block;width:100%;height:auto;background:#eee;border-radius:12px 12px 0 0}
.ga-card-foot{display:flex;align-items:center;gap:.5rem;padding:.5rem .5rem .5rem 0;min-height:2.5rem}
.ga-prompt{flex:1;min-width:0;font-size:.85rem;color:var(--st-muted);padding-left:.75rem;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.ga-card-actions{display:flex;gap:.5rem;margin-left:auto}
.ga-footer{text-align:center;color:var(--st-muted);padding:1rem}
.ga-skeletons{display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:12px}
.ga-skeleton{position:relative;overflow:hidden;aspect-ratio:3/4;border-radius:12px;background:#eee}
.ga-skeleton::after{content:"";position:absolute;inset:0;background:linear-gradient(90deg,transparent,rgba(255,255,255,.6),transparent);transform:translateX(-100%);animation:ga-shimmer 1.2s infinite linear}
@keyframes ga-shimmer{to{transform:translateX(100%)}}
@media (prefers-reduced-motion:reduce){.ga-skeleton::after{animation:none}}
.ga-images-page{display:flex;flex-direction:column;min-height:calc(100dvh - 7rem)}
.ga-promptbar-dock{margin-top:auto;padding-top:1rem}
@media (min-width:768px){.ga-promptbar-dock{position:sticky;bottom:0;z-index:5;padding-bottom:.75rem;background:linear-gradient(to top,var(--st-paper,#f6f6f4) 70%,transparent)}}
.ga-guide-link{font-size:.9rem;margin-left:auto}
.ga-guide h2{margin-top:1.5rem}
.ga-guide ul{padding-left:1.25rem;line-height:1.6}
.ga-promptbar{display:grid;gap:.75rem;padding:1rem;border-radius:16px;background:var(--st-surface,#fff);box-shadow:0 1px 4px rgba(0,0,0,.1)}
.ga-prompt-input{width:100%;resize:vertical;min-height:3.5rem}
.ga-promptbar-row{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center}
.ga-slot{display:inline-flex;align-items:center;min-height:44px;padding:0 1rem;border:1px dashed var(--st-border,#bbb);border-radius:10px;cursor:pointer;font-weight:600}
.ga-slot:focus-within{outline:2px solid var(--st-focus,#2563eb);outline-offset:2px}
.ga-notice{color:var(--st-muted);font-size:.9rem}
.ga-error{color:var(--st-danger,#b42318);font-weight:600}
.ga-success{color:var(--st-success,#067647);font-weight:600}
.ga-jobs-filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end;padding:1rem;border-radius:16px;background:var(--st-surface,#fff);box-shadow:0 1px 3px rgba(0,0,0,.08)}
.ga-jobs-field{display:grid;gap:.3rem;font-weight:600;font-size:.9rem}
.ga-jobs-field input,.ga-jobs-field select{min-height:44px;min-width:10rem}
.ga-jobs-scroll{overflow-x:auto;border-radius:12px;background:var(--st-surface,#fff);box-shadow:0 1px 3px rgba(0,0,0,.08)}
.ga-jobs-table{width:100%;border-collapse:collapse;font-size:.9rem}
.ga-jobs-table caption{text-align:left;font-weight:700;padding:.5rem 0}
.ga-jobs-table th,.ga-jobs-table td{padding:.5rem .75rem;text-align:left;border-bottom:1px solid var(--st-line,#e4e4ea);vertical-align:top}
.ga-jobs-table th{font-weight:700}
.ga-jobs-open{font:inherit;font-family:ui-monospace,monospace;color:var(--st-accent-600,#5b3df5);background:none;border:0;padding:.25rem 0;min-height:44px;cursor:pointer;text-decoration:underline}
.ga-jobs-status{font-weight:700;text-transform:capitalize}
.ga-jobs-status[data-status=FAILED],.ga-jobs-status[data-status=TIMED_OUT]{color:var(--st-danger,#b42318)}
.ga-jobs-status[data-status=COMPLETED]{color:var(--st-success,#067647)}
.ga-jobs-step{color:var(--st-muted)}
.ga-jobs-more{justify-self:center}
.ga-job{display:grid;gap:1rem}
.ga-job{min-width:0}
.ga-job-facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.35rem 1rem;margin:0}
.ga-job-facts dt{font-weight:700}
.ga-job-facts dd{margin:0;overflow-wrap:anywhere}
.ga-job-h3{font-size:1rem}
.ga-open{position:relative;display:block;width:100%;padding:0;border:0;background:none;cursor:zoom-in}
.ga-open:focus-visible{outline:3px solid var(--st-focus,#2563eb);outline-offset:-3px}
.ga-overlay{position:absolute;top:.5rem;left:.5rem;right:.5rem;display:flex;justify-content:space-between;align-items:flex-start;pointer-events:none}
.ga-overlay>*{pointer-events:auto}
.ga-select{display:inline-flex;align-items:center;justify-content:center;width:32px;height:32px;border-radius:8px;background:rgba(255,255,255,.9)}
.ga-select input{width:18px;height:18px}
.ga-play{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);display:grid;place-items:center;width:48px;height:48px;border-radius:50%;background:rgba(0,0,0,.55);color:#fff;font-size:1.2rem;pointer-events:none}
.ga-featured{background:#111;color:#fff}
.ga-formats{background:rgba(17,17,17,.78);color:#fff}
.ga-viewer-formats{display:flex;gap:.5rem;flex-wrap:wrap;justify-content:center;padding:.5rem}
.ga-viewer-formats [aria-pressed=true]{background:var(--st-ink,#111);border-color:var(--st-ink,#111);color:#fff}
.ga-viewer-part{display:contents}
.ga-feature-toggle{min-height:32px;border:1px solid var(--st-line-strong,#bbb);background:rgba(255,255,255,.92);color:var(--st-ink,#111);cursor:pointer}
.ga-feature-toggle[aria-pressed=true]{background:var(--st-ink,#111);border-color:var(--st-ink,#111);color:#fff}
.ga-selection{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap;padding:.75rem 1rem;border-radius:12px;background:var(--st-surface,#fff);box-shadow:0 1px 3px rgba(0,0,0,.08)}
.ga-viewer{display:grid;gap:1.25rem;grid-template-columns:minmax(0,3fr) minmax(260px,2fr)}
@media (max-width:767px){.ga-viewer{grid-template-columns:1fr}}
.ga-viewer-media{margin:0;display:grid;place-items:center;background:#f3f3f3;border-radius:12px;min-height:200px}
.ga-viewer-media img,.ga-viewer-media video{max-width:100%;max-height:70vh;width:auto;height:auto;border-radius:12px}
.ga-viewer-info{display:grid;gap:1rem;align-content:start}
.ga-facts{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0}
.ga-facts dt{font-weight:600;color:var(--st-muted)}
.ga-facts dd{margin:0;overflow-wrap:anywhere}
.ga-tags{display:flex;gap:.35rem;flex-wrap:wrap}
.ga-tag{border:0;cursor:pointer}
.ga-local{background:#fff4e5;color:#7a4100}
.ga-viewer-actions{display:flex;gap:.5rem;flex-wrap:wrap}
.ga-animate{display:grid;gap:.5rem}
.ga-animate summary{cursor:pointer;font-weight:600;min-height:44px;display:flex;align-items:center}
.ga-field{display:grid;gap:.25rem;font-weight:600}
.ga-character{display:grid;gap:.35rem;font-weight:600}
.ga-menu{position:relative}
.ga-menu>summary{list-style:none}
.ga-menu>summary::-webkit-details-marker{display:none}
.ga-menu-panel{min-width:240px;display:grid;gap:.4rem;padding:.75rem;margin:0;border:1px solid var(--st-border,#ddd);border-radius:12px;background:var(--st-surface,#fff);box-shadow:0 8px 24px rgba(0,0,0,.15)}
.ga-menu-panel fieldset{display:grid;gap:.4rem;border:0;padding:0;margin:0;min-width:0}
.ga-menu-panel legend{font-weight:700;padding:0}
.ga-check{display:flex;gap:.5rem;align-items:center;min-height:32px}
.ga-debug{font-size:.8rem;background:#111;color:#e5e5e5;border-radius:10px;padding:.75rem;overflow:auto;max-height:240px}
.ga-describe{display:grid;gap:1rem}
.ga-welcome{display:grid;gap:1rem}
.ga-welcome-slot{min-height:160px;justify-content:center}
.ga-welcome-results{list-style:none;display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.5rem;padding:0;margin:0}
.ga-welcome-results img{display:block;width:100%;height:auto;border-radius:10px}
.ga-describe-preview{max-width:100%;max-height:260px;border-radius:10px;justify-self:start}
.ga-h2{font-size:var(--st-text-xl,1.25rem);letter-spacing:-.02em;margin:0}
.ga-grow{flex:1 1 16rem;display:grid}
.ga-style-section{display:grid;gap:.75rem}
.ga-styles{list-style:none;margin:0;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}
.ga-styles img{aspect-ratio:4/5;object-fit:cover}
.ga-style-body{display:grid;gap:.4rem;padding:.75rem}
.ga-swatches{display:flex;gap:4px}
.ga-swatches span{width:18px;height:18px;border-radius:50%;box-shadow:inset 0 0 0 1px rgba(0,0,0,.15)}
.ga-products-forms{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));align-items:start}
.ga-products-form{display:grid;gap:.75rem;padding:1rem}
.ga-products{list-style:none;margin:0;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(300px,1fr))}
.ga-product{display:grid;gap:.5rem;padding:1rem}
.ga-make-ad{display:grid;gap:.5rem}
.ga-make-ad>label{display:grid;gap:.25rem;font-size:.875rem}
.ga-presenter{display:grid;gap:.5rem;border:0;padding:0;margin:0;min-width:0;font-size:.875rem}
.ga-presenter legend{font-weight:600;padding:0;margin-bottom:.25rem}
.ga-presenter .ga-pick-grid{max-height:15rem;overflow:auto;padding:4px}
.ga-make-ad textarea{resize:vertical;min-height:4.5rem;font:inherit}
.ga-pick-grid{list-style:none;margin:0;padding:0;display:grid;gap:8px;grid-template-columns:repeat(auto-fill,minmax(84px,1fr))}
.ga-pick{position:relative;display:block;cursor:pointer;border-radius:10px;overflow:hidden;outline-offset:2px}
.ga-pick input{position:absolute;top:6px;left:6px;width:20px;height:20px}
.ga-pick:has(input:checked){outline:3px solid var(--st-focus,#2563eb)}
.ga-pick img,.ga-product-photo img{display:block;width:100%;aspect-ratio:4/5;object-fit:cover;background:#eee;border-radius:10px}
.ga-product-photo{position:relative}
.ga-photo-remove{position:absolute;top:4px;right:4px;min-height:32px;min-width:32px;padding:0}
.ga-product-pick{padding:0;border:0;background:none;cursor:pointer;border-radius:10px;overflow:hidden}
.ga-product-pick:focus-visible{outline:3px solid var(--st-focus,#2563eb)}
.ga-brand-kit{display:grid;gap:1rem;padding:1rem}
.ga-brand-kit-body{display:grid;gap:1.5rem;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));align-items:start}
.ga-brand-logo{display:grid;gap:.75rem}
.ga-brand-logo-preview{display:grid;place-items:center;min-height:140px;border-radius:12px;background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px;padding:1rem}
.ga-brand-logo-preview img{max-width:100%;max-height:120px;object-fit:contain}
.ga-brand-kit-form{display:grid;gap:1rem}
.ga-brand-colors{display:flex;flex-wrap:wrap;gap:1rem}
.ga-brand-color{display:flex;align-items:center;gap:.5rem;font-weight:600}
.ga-brand-color input{width:48px;height:44px;padding:0;border:1px solid var(--st-border,#bbb);border-radius:8px;background:none;cursor:pointer}
.ga-brand-fonts{display:grid;gap:.5rem;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));border:0;margin:0;padding:0}
.ga-brand-fonts legend{font-weight:600;margin-bottom:.5rem}
.ga-brand-font{display:flex;align-items:center;gap:.5rem;min-height:44px;padding:0 .75rem;border:1px solid var(--st-border,#ddd);border-radius:10px;cursor:pointer;font-size:1.15rem}
.ga-brand-font:has(input:checked){outline:3px solid var(--st-focus,#2563eb)}
.ga-brand-preview{display:grid;place-items:center;min-height:120px;border-radius:12px;padding:1rem}
.ga-brand-preview span{padding:.6rem 1.4rem;border-radius:999px;font-size:1.2rem;font-weight:700;max-width:100%;overflow-wrap:anywhere;text-align:center}
`;

export function ensureGalleryStyles(): void {
  ensureBaseStyles();
  adoptStyles('studio-gallery', galleryCss);
}
