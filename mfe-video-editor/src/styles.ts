import { adoptStyles, ensureBaseStyles } from '@studio/ui';

/** Video editor styles (`ve-*`); adopted by every exposed module, once per document. */
const editorCss = `
.ve-editor{display:grid;gap:1.5rem;grid-template-columns:minmax(0,1fr) 360px;align-items:start;max-width:1400px;margin:0 auto;padding:1rem}
@media (max-width:1024px){.ve-editor{grid-template-columns:1fr}}
.ve-editor-main,.ve-editor-side{display:grid;gap:1rem}
.ve-editor-head{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;flex-wrap:wrap}
.ve-h1{font-size:var(--st-text-3xl);letter-spacing:-.03em}
.ve-h2{font-size:var(--st-text-xl)}
.ve-h3{font-size:var(--st-text-lg,1.1rem)}
.ve-panel{display:grid;gap:1rem;padding:1.25rem;border-radius:16px;background:var(--st-surface,#fff);box-shadow:0 1px 4px rgba(0,0,0,.08)}
.ve-section{display:grid;gap:1rem;padding:1.25rem;border-radius:16px;background:var(--st-surface,#fff);box-shadow:0 1px 4px rgba(0,0,0,.08)}
.ve-section-head{display:flex;justify-content:space-between;align-items:center;gap:.5rem}
.ve-section-body{display:grid;gap:1rem;grid-template-columns:220px minmax(0,1fr)}
@media (max-width:640px){.ve-section-body{grid-template-columns:1fr}}
.ve-section-media,.ve-section-fields{display:grid;gap:.75rem;align-content:start}
.ve-name{font:inherit;font-weight:700;font-size:var(--st-text-lg,1.1rem);background:none;border:0;padding:.25rem .4rem;border-radius:8px;cursor:text;min-height:44px}
.ve-name:hover{background:var(--st-sunken,#f6f6f8)}
.ve-name-input{font:inherit;font-weight:700;min-height:44px}
.ve-drop{display:grid;place-items:center;aspect-ratio:9/16;border:2px dashed var(--st-border,#ccc);border-radius:12px;text-align:center;padding:.75rem;cursor:pointer;overflow:hidden;color:var(--st-muted)}
.ve-drop[data-over=true]{border-color:var(--st-accent,#5b3df5)}
.ve-drop-img{width:100%;height:100%;object-fit:cover}
.ve-picker summary{cursor:pointer;font-weight:600;min-height:44px;display:flex;align-items:center}
.ve-picker-grid{display:grid;grid-template-columns:repeat(3,1fr);gap:.4rem;max-height:320px;overflow:auto}
@media (max-width:640px){.ve-picker-grid{grid-template-columns:repeat(2,1fr)}}
.ve-picker-item{padding:0;border:0;border-radius:8px;overflow:hidden;cursor:pointer;aspect-ratio:9/16;background:var(--st-sunken,#f6f6f8)}
.ve-picker-item img{width:100%;height:100%;object-fit:cover}
.ve-field{display:grid;gap:.35rem;font-weight:600}
.ve-textarea{width:100%;min-height:4.5rem;resize:vertical;font:inherit}
.ve-shot{display:grid;gap:.5rem}
.ve-card-field{display:grid;gap:.4rem;padding:.6rem;border:1px dashed var(--st-line-strong,#bbb);border-radius:10px}
.ve-card-thumb{width:48px;height:48px;object-fit:contain;border-radius:8px;background:#fff}
.ve-toggle{display:flex;gap:1rem;border:0;padding:0;margin:0;flex-wrap:wrap}
.ve-toggle label,.ve-inline{display:flex;gap:.4rem;align-items:center;min-height:44px}
.ve-block{display:grid;gap:.5rem;padding:.75rem;border-radius:12px;background:var(--st-sunken,#f6f6f8)}
.ve-row{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center}
.ve-badge{font-size:.8rem;font-weight:700;padding:.2rem .55rem;border-radius:999px;background:#e6e6ee}
.ve-badge[data-status=approved],.ve-badge[data-status=COMPLETED]{background:#d1fadf;color:#05603a}
.ve-badge[data-status=generated],.ve-badge[data-status=RUNNING]{background:#fef0c7;color:#93370d}
.ve-badge[data-status=rejected],.ve-badge[data-status=FAILED],.ve-badge[data-status=TIMED_OUT]{background:#fee4e2;color:#912018}
.ve-meta{color:var(--st-muted);font-size:.9rem}
.ve-voice{display:grid;gap:.5rem}
.ve-voice-line{margin:0;flex:1 1 16rem}
.ve-voice-line span{white-space:nowrap}
.ve-voice-panel{display:grid;gap:.75rem;padding:.75rem;border-radius:12px;border:1px solid var(--st-line,#e4e4ea)}
.ve-notice{color:var(--st-muted);font-size:.85rem}
.ve-formats{list-style:none;margin:0;padding:0}
.ve-music{display:grid;gap:.5rem}
.ve-music audio{width:100%}
.ve-link{color:var(--st-accent,#5b3df5);font-weight:600;text-decoration:underline;min-height:44px;display:inline-flex;align-items:center}
.ve-caption-styles{display:flex;gap:.5rem;flex-wrap:wrap;border:0;padding:0;margin:0}
.ve-caption-style{display:grid;gap:.3rem;justify-items:center;font-size:.8rem;font-weight:600;cursor:pointer;padding:.3rem;border-radius:10px;border:2px solid transparent}
.ve-caption-style[data-checked=true]{border-color:var(--st-accent,#5b3df5)}
.ve-caption-style input{position:absolute;opacity:0;width:1px;height:1px}
.ve-caption-style:has(input:focus-visible){outline:2px solid var(--st-accent,#5b3df5);outline-offset:2px}
.ve-caption-preview{position:relative;display:block;overflow:hidden;border-radius:8px;background:linear-gradient(160deg,#8a9bb0,#3d4a5c)}
.ve-caption-preview img{width:100%;height:100%;object-fit:cover}
.ve-caption-preview-text{position:absolute;left:6%;right:6%;text-align:center;font-family:'DejaVu Sans',system-ui,sans-serif;font-weight:800;line-height:1.15;paint-order:stroke fill;width:fit-content;margin:0 auto}
.ve-caption-preview-text[data-pop=true]{animation:ve-pop .25s ease-out}
@keyframes ve-pop{from{transform:scale(1.1)}to{transform:scale(1)}}
.ve-notice-box{display:grid;gap:.5rem;padding:.75rem;border-radius:12px;background:var(--st-sunken,#f6f6f8)}
.ve-error{color:var(--st-danger,#b42318);font-weight:600}
.ve-empty{color:var(--st-muted)}
.ve-recent{display:grid;gap:.25rem;margin:0;padding:0;list-style:none}
.ve-recent-link{display:grid;gap:.125rem;padding:.5rem .75rem;border-radius:10px;color:inherit;text-decoration:none}
.ve-recent-link:hover,.ve-recent-link:focus-visible{background:var(--st-sunken,#f6f6f8)}
.ve-recent-link[aria-current=page]{background:var(--st-sunken,#f6f6f8);box-shadow:inset 3px 0 0 var(--st-accent,#4f46e5)}
.ve-recent-title{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ve-save-state{color:var(--st-muted);font-size:.85rem}
.ve-generate{justify-self:start;min-width:14rem}
.ve-progress{display:grid;grid-template-columns:minmax(8rem,auto) 1fr 3rem;gap:.5rem;align-items:center}
.ve-progress progress{width:100%;height:.75rem}
.ve-progress-value{text-align:right;font-variant-numeric:tabular-nums}
.ve-results{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
.ve-result{display:grid;gap:.5rem;padding:.75rem;border-radius:12px;background:var(--st-sunken,#f6f6f8)}
.ve-result-head{display:flex;justify-content:space-between;gap:.5rem;align-items:center}
.ve-result-video{max-height:320px;max-width:100%;border-radius:8px;background:#000}
.ve-final{display:grid;gap:.5rem;justify-items:start}
.ve-final-video{max-height:480px;max-width:100%;border-radius:12px;background:#000}
.ve-hint{color:var(--st-muted);font-size:.9rem}
.ve-hooks{display:grid;gap:1rem;padding:1rem;border-left:4px solid var(--st-accent,#5b3df5);border-radius:12px;background:var(--st-sunken,#f6f6f8)}
.ve-price{margin:0}
.ve-badge[data-status=REUSED]{background:#e0eaff;color:#1d3a8a}
.ve-variants-box{display:grid;gap:.5rem}
.ve-variants{list-style:none;margin:0;padding:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(200px,1fr))}
.ve-variant{display:grid;gap:.5rem;align-content:start;padding:.75rem;border-radius:12px;background:var(--st-sunken,#f6f6f8)}
.ve-variant-video{width:100%;max-height:420px;border-radius:8px;background:#000}
.ve-refunded{color:var(--st-success,#067647);font-weight:600}
.ve-crash{max-width:560px;margin:3rem auto}
.ve-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

export function ensureEditorStyles(): void {
  ensureBaseStyles();
  adoptStyles('studio-video-editor', editorCss);
}
