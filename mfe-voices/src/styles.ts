import { adoptStyles, ensureBaseStyles } from '@studio/ui';

/** Voices styles (`vo-*`); adopted by every exposed module, once per document. */
const voicesCss = `
.vo-page{display:grid;gap:1.5rem;max-width:1200px;margin:0 auto}
.vo-h1{font-size:var(--st-text-3xl);letter-spacing:-.03em}
.vo-sub{color:var(--st-muted);margin-top:.35rem}
.vo-panel{display:grid;gap:1rem;padding:1.25rem;border-radius:16px;background:var(--st-surface,#fff);box-shadow:0 1px 4px rgba(0,0,0,.08)}
.vo-h2{font-size:var(--st-text-xl)}
.vo-row{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center}
.vo-picker{display:grid;gap:1rem}
.vo-group{display:grid;gap:.5rem;border:0;padding:0;margin:0}
.vo-group legend{font-weight:700;margin-bottom:.35rem;padding:0}
.vo-options{list-style:none;margin:0;padding:0;display:grid;gap:.5rem;grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}
.vo-option{display:flex;gap:.5rem;align-items:center;justify-content:space-between;padding:.5rem .75rem;border:1px solid var(--st-border,#ddd);border-radius:12px}
.vo-option[data-selected=true]{border-color:var(--st-accent,#5b3df5);box-shadow:0 0 0 2px var(--st-accent,#5b3df5) inset}
.vo-option label{display:flex;gap:.5rem;align-items:center;min-height:44px;cursor:pointer;flex:1;min-width:0;overflow-wrap:anywhere}
.vo-preview{flex:none;white-space:nowrap}
.vo-meta{display:block;font-size:.8rem;color:var(--st-muted)}
.vo-sliders{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fit,minmax(200px,1fr))}
.vo-slider{display:grid;gap:.25rem;font-weight:600}
.vo-slider output{font-weight:400;color:var(--st-muted)}
.vo-player{display:flex;gap:.75rem;align-items:center;flex-wrap:wrap}
.vo-player audio{max-width:100%}
.vo-list{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
.vo-item{display:flex;gap:.75rem;align-items:center;justify-content:space-between;flex-wrap:wrap;padding:.6rem .8rem;border-radius:12px;background:var(--st-sunken,#f6f6f8)}
.vo-empty{color:var(--st-muted)}
.vo-error{color:var(--st-danger,#b42318);font-weight:600}
.vo-success{color:var(--st-success,#067647);font-weight:600}
.vo-notice{color:var(--st-muted);font-size:.9rem}
.vo-form{display:grid;gap:1rem}
.vo-field{display:grid;gap:.35rem;font-weight:600}
.vo-textarea{width:100%;min-height:5rem;resize:vertical}
`;

export function ensureVoicesStyles(): void {
  ensureBaseStyles();
  adoptStyles('studio-voices', voicesCss);
}
