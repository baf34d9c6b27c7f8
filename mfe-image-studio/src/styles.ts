import { adoptStyles, ensureBaseStyles } from '@studio/ui';

/** Image studio styles (`is-*`); adopted by every exposed module, once per document. */
const studioCss = `
.is-page{display:grid;grid-template-columns:minmax(0,1fr);gap:1.25rem;max-width:1200px;margin:0 auto}
.is-h1{font-size:var(--st-text-3xl);letter-spacing:-.03em}
.is-h2{font-size:var(--st-text-xl)}
.is-sub{color:var(--st-muted);margin-top:.35rem}
.is-layout{display:grid;gap:1.25rem;grid-template-columns:minmax(0,1fr) 340px;align-items:start}
@media (max-width:900px){.is-layout{grid-template-columns:1fr}}
.is-panel{display:grid;gap:.75rem;padding:1rem;border-radius:16px;background:var(--st-surface,#fff);box-shadow:0 1px 4px rgba(0,0,0,.08)}
.is-stage{position:relative;display:grid;place-items:center;min-height:360px;max-height:70vh;border-radius:16px;overflow:hidden;
  background:repeating-conic-gradient(#e9e9ee 0 25%,#f7f7f9 0 50%) 0 0/24px 24px}
.is-stage img{max-width:100%;max-height:70vh;object-fit:contain;display:block}
.is-compare{position:relative;display:inline-block;max-width:100%}
.is-compare img{display:block;max-height:70vh}
.is-compare .is-after{position:absolute;inset:0;width:100%;height:100%;object-fit:contain}
.is-busy{position:absolute;inset:0;display:grid;place-items:center;background:rgba(255,255,255,.65);font-weight:600}
.is-row{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center}
.is-tools{display:grid;gap:1rem}
.is-tool{display:grid;gap:.5rem;border:0;padding:0;margin:0}
.is-tool legend{font-weight:700;margin-bottom:.35rem;padding:0}
.is-cost{color:var(--st-muted);font-size:.85rem;font-weight:400}
.is-templates{display:grid;gap:.5rem;grid-template-columns:1fr 1fr}
.is-grid{list-style:none;margin:0;padding:0;display:grid;gap:.5rem;grid-template-columns:repeat(auto-fill,minmax(96px,1fr))}
.is-grid button{padding:0;border:2px solid transparent;border-radius:10px;overflow:hidden;background:none;cursor:pointer;width:100%;aspect-ratio:1}
.is-grid button[aria-pressed=true]{border-color:var(--st-accent,#5b3df5)}
.is-grid img{width:100%;height:100%;object-fit:cover;display:block}
.is-field{display:grid;gap:.35rem;font-weight:600}
.is-error{color:var(--st-danger,#b42318);font-weight:600}
.is-success{color:var(--st-success,#067647);font-weight:600}
.is-notice{color:var(--st-muted);font-size:.9rem}
.is-models{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
.is-model{display:flex;gap:1rem;align-items:flex-start;padding:.75rem;border-radius:12px;background:var(--st-sunken,#f6f6f8)}
.is-model img,.is-model-placeholder{width:120px;height:150px;object-fit:cover;border-radius:10px;background:#e4e4ea;flex:none}
.is-model-body{display:grid;gap:.4rem;flex:1}
.is-check{display:flex;gap:.4rem;align-items:center;min-height:44px}
.is-layout-even{grid-template-columns:repeat(2,minmax(0,1fr))}
@media (max-width:900px){.is-layout-even{grid-template-columns:minmax(0,1fr)}}
.is-chosen{max-height:220px;max-width:100%;object-fit:contain;border-radius:10px;justify-self:start}
.is-textarea{width:100%;resize:vertical}
.is-results{list-style:none;margin:0;padding:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(200px,1fr))}
.is-results img{width:100%;height:auto;border-radius:10px;display:block}
.is-steps{margin:0;padding-left:1.2rem;color:var(--st-muted);font-size:.9rem}
`;

export function ensureImageStudioStyles(): void {
  ensureBaseStyles();
  adoptStyles('studio-image-studio', studioCss);
}
