import { adoptStyles, ensureBaseStyles } from '@studio/ui';

/** Account styles (`ac-*`); adopted by every exposed module, once per document. */
const accountCss = `
.ac-page{display:grid;gap:1.5rem;max-width:1100px;margin:0 auto;grid-template-columns:minmax(0,1fr)}
.ac-h1{font-size:var(--st-text-3xl);letter-spacing:-.03em}
.ac-h2{font-size:var(--st-text-xl)}
.ac-sub{color:var(--st-muted);margin-top:.35rem}
.ac-grid-3{display:grid;gap:1rem}
.ac-stat{padding:1.25rem;display:grid;gap:.25rem}
.ac-stat-label{font-size:var(--st-text-sm);color:var(--st-muted);font-weight:600}
.ac-stat-value{font-size:var(--st-text-2xl);font-weight:800;letter-spacing:-.02em}
.ac-section{display:grid;gap:1rem;grid-template-columns:minmax(0,1fr)}
.ac-section-head{display:flex;flex-wrap:wrap;align-items:end;justify-content:space-between;gap:.75rem}
.ac-toggle{display:inline-flex;padding:4px;border-radius:999px;background:var(--st-sunken);border:1px solid var(--st-line)}
.ac-toggle button{min-height:36px;padding:0 1rem;border-radius:999px;border:0;background:transparent;font-weight:700;font-size:var(--st-text-sm);cursor:pointer;color:var(--st-ink-soft);display:inline-flex;align-items:center;gap:.4rem}
.ac-toggle button[aria-pressed=true]{background:var(--st-surface);color:var(--st-ink);box-shadow:var(--st-shadow-sm)}
.ac-save{color:var(--st-mint-ink);background:var(--st-mint-soft);border-radius:999px;padding:.05rem .45rem;font-size:var(--st-text-xs)}
.ac-plans{display:grid;gap:1rem}
.ac-plan{position:relative;padding:1.5rem;display:grid;gap:.9rem;align-content:start}
.ac-plan-popular{border:2px solid var(--st-accent);box-shadow:var(--st-shadow-md)}
.ac-plan-badges{display:flex;gap:.4rem;flex-wrap:wrap;min-height:1.4rem}
.ac-plan-name{font-size:var(--st-text-xl)}
.ac-price{display:flex;align-items:baseline;gap:.35rem}
.ac-price strong{font-size:var(--st-text-3xl);letter-spacing:-.03em}
.ac-plan ul{margin:0;padding:0;list-style:none;display:grid;gap:.45rem;font-size:var(--st-text-sm)}
.ac-plan li{display:flex;gap:.5rem}
.ac-plan li svg{flex:none;color:var(--st-mint-ink);margin-top:.2rem}
.ac-note{font-size:var(--st-text-xs);color:var(--st-muted)}
.ac-packages{display:grid;gap:.75rem}
.ac-package{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:1rem 1.25rem}
.ac-package>div{min-width:0}
.ac-table-wrap{overflow-x:auto}
.ac-table{width:100%;border-collapse:collapse;font-size:var(--st-text-sm)}
.ac-preview{display:grid;grid-template-columns:auto auto;justify-content:space-between;gap:.35rem 1.5rem;margin:.25rem 0 .75rem}
.ac-preview dt{color:var(--st-muted)}
.ac-preview dd{margin:0;font-weight:600;text-align:right}
.ac-table th{text-align:left;color:var(--st-muted);font-weight:600;padding:.6rem .75rem;border-bottom:1px solid var(--st-line);white-space:nowrap}
.ac-table td{padding:.65rem .75rem;border-bottom:1px solid var(--st-line);vertical-align:top}
.ac-amount-plus{color:var(--st-mint-ink);font-weight:700}
.ac-amount-minus{color:var(--st-coral-ink);font-weight:700}
.ac-pager{display:flex;align-items:center;gap:.75rem;justify-content:flex-end;font-size:var(--st-text-sm)}
.ac-credits-pill{display:inline-flex;align-items:center;gap:.4rem;min-height:36px;padding:0 .8rem;border-radius:999px;background:var(--st-surface);border:1px solid var(--st-line);font-weight:700;font-size:var(--st-text-sm);color:var(--st-ink);text-decoration:none;white-space:nowrap}
.ac-credits-pill:hover{border-color:var(--st-accent)}
.ac-credits-card{display:grid;gap:.2rem;padding:.85rem 1rem;border-radius:var(--st-radius-md);background:var(--st-sunken)}
.ac-menu{display:grid;gap:1rem}
.ac-avatar-row{display:flex;align-items:center;gap:.85rem}
.ac-avatar{width:56px;height:56px;border-radius:50%;object-fit:cover;background:linear-gradient(135deg,#6d4aff,#ff6b5a);display:grid;place-items:center;color:#fff;font-weight:800;font-size:1.25rem;flex:none}
.ac-status{font-size:var(--st-text-xs);min-height:1.1rem}
.ac-status-ok{color:var(--st-mint-ink)}
.ac-status-bad{color:var(--st-coral-ink)}
.ac-chart-wrap{min-width:0}
.ac-chart{display:block;max-width:100%;height:auto}
.ac-chart text{font-size:11px;fill:var(--st-muted)}
.ac-meter{height:10px;border-radius:999px;background:var(--st-sunken);overflow:hidden}
.ac-meter span{display:block;height:100%;border-radius:999px;background:linear-gradient(90deg,var(--st-accent-600),#a38bff)}
.ac-task-row{display:grid;grid-template-columns:minmax(90px,auto) 1fr auto;gap:.75rem;align-items:center;font-size:var(--st-text-sm)}
.ac-card-pad{padding:1.25rem}
@media (min-width:720px){
  .ac-grid-3{grid-template-columns:repeat(3,1fr)}
  .ac-plans{grid-template-columns:repeat(auto-fit,minmax(260px,1fr))}
  .ac-packages{grid-template-columns:repeat(auto-fit,minmax(240px,1fr))}
}
`;

export function ensureAccountStyles(): void {
  ensureBaseStyles();
  adoptStyles('studio-account', accountCss);
}
