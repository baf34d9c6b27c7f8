import { tokensCss } from './tokens.ts';

/** Reset, typography and the shared component classes (`st-*`). */
export const baseCss = `${tokensCss()}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--st-paper);color:var(--st-ink);font-family:var(--st-font-sans);font-size:var(--st-text-md);line-height:1.55;-webkit-font-smoothing:antialiased}
img,svg,video{display:block;max-width:100%}
button,input,select,textarea{font:inherit;color:inherit}
a{color:var(--st-accent-600)}
h1,h2,h3,h4{font-family:var(--st-font-display);line-height:1.15;letter-spacing:-0.02em;margin:0}
p{margin:0}
:focus-visible{outline:3px solid var(--st-accent);outline-offset:2px;border-radius:4px}
.st-visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.st-skip{position:absolute;left:-999px;top:8px;z-index:1000;background:var(--st-surface);padding:8px 12px;border-radius:8px}
.st-skip:focus{left:8px}

.st-btn{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:44px;padding:0 1.1rem;border-radius:var(--st-radius-md);border:1px solid transparent;font-weight:600;font-size:var(--st-text-sm);cursor:pointer;text-decoration:none;white-space:nowrap;transition:background .15s,border-color .15s,transform .05s}
.st-btn:active{transform:translateY(1px)}
.st-btn[disabled],.st-btn[aria-disabled=true]{cursor:not-allowed;opacity:.6;transform:none}
.st-btn-primary{background:var(--st-accent-600);color:#fff}
.st-btn-primary:hover:not([disabled]){background:var(--st-accent-700)}
.st-btn-secondary{background:var(--st-surface);color:var(--st-ink);border-color:var(--st-line-strong)}
.st-btn-secondary:hover:not([disabled]){border-color:var(--st-accent);color:var(--st-accent-700)}
.st-btn-ghost{background:transparent;color:var(--st-ink-soft)}
.st-btn-ghost:hover:not([disabled]){background:var(--st-sunken)}
.st-btn-lg{min-height:52px;padding:0 1.5rem;font-size:var(--st-text-md);border-radius:var(--st-radius-lg)}
.st-btn-block{width:100%}
.st-link-btn{background:none;border:0;padding:0;color:var(--st-accent-600);font-weight:600;cursor:pointer;text-decoration:underline;text-underline-offset:2px}

.st-field{display:grid;gap:.35rem}
.st-label{font-size:var(--st-text-sm);font-weight:600;color:var(--st-ink-soft)}
.st-input{width:100%;min-height:44px;padding:.6rem .8rem;border:1px solid var(--st-line-strong);border-radius:var(--st-radius-md);background:var(--st-surface);color:var(--st-ink)}
.st-input:focus{outline:none;border-color:var(--st-accent);box-shadow:0 0 0 3px var(--st-accent-soft)}
.st-input[aria-invalid=true]{border-color:var(--st-coral-ink)}
.st-hint{font-size:var(--st-text-xs);color:var(--st-muted)}

.st-alert{padding:.7rem .9rem;border-radius:var(--st-radius-md);font-size:var(--st-text-sm);border:1px solid}
.st-alert-error{background:var(--st-danger-soft);border-color:#f5c2bd;color:var(--st-coral-ink)}
.st-alert-success{background:var(--st-mint-soft);border-color:#b5e6d3;color:var(--st-mint-ink)}
.st-alert-warning{background:var(--st-amber-soft);border-color:#f3dca6;color:var(--st-amber-ink)}
.st-alert-info{background:var(--st-accent-soft);border-color:#d7ccff;color:var(--st-accent-700)}

.st-card{background:var(--st-surface);border:1px solid var(--st-line);border-radius:var(--st-radius-lg);box-shadow:var(--st-shadow-sm)}
.st-badge{display:inline-flex;align-items:center;gap:.25rem;padding:.1rem .55rem;border-radius:var(--st-radius-pill);font-size:var(--st-text-xs);font-weight:700;letter-spacing:.02em;background:var(--st-accent-soft);color:var(--st-accent-700)}
.st-badge-count{min-width:1.35rem;justify-content:center;background:var(--st-coral-ink);color:#fff}

.st-backdrop{position:fixed;inset:0;z-index:900;display:grid;place-items:center;padding:1rem;background:rgba(16,12,36,.55);backdrop-filter:blur(3px);animation:st-fade .15s ease-out}
.st-dialog{position:relative;width:min(100%,440px);max-height:calc(100dvh - 2rem);overflow:auto;background:var(--st-surface);border-radius:var(--st-radius-xl);box-shadow:var(--st-shadow-lg);padding:1.75rem}
.st-dialog-wide{width:min(100%,880px)}
.st-dialog-close{position:absolute;top:.75rem;right:.75rem;width:40px;height:40px;border-radius:50%;border:0;background:transparent;cursor:pointer;display:grid;place-items:center;color:var(--st-muted)}
.st-dialog-close:hover{background:var(--st-sunken);color:var(--st-ink)}
@keyframes st-fade{from{opacity:0}to{opacity:1}}
.st-dialog-actions{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:.6rem;margin-top:1.25rem}
.st-btn-danger{background:var(--st-coral-ink);color:#fff}
.st-btn-danger:hover:not([disabled]){background:#8f1d17}

.st-filedrop{position:relative;display:grid;justify-items:center;gap:.3rem;padding:1.4rem 1rem;border:2px dashed var(--st-line-strong);border-radius:var(--st-radius-lg);background:var(--st-sunken);color:var(--st-ink-soft);text-align:center;cursor:pointer;transition:border-color .15s,background .15s}
.st-filedrop:hover,.st-filedrop-over,.st-filedrop:focus-within{border-color:var(--st-accent);background:var(--st-accent-soft);color:var(--st-accent-700)}
.st-filedrop[aria-disabled=true]{cursor:not-allowed;opacity:.6}
.st-filedrop-label{font-weight:700;font-size:var(--st-text-sm)}
.st-filedrop-hint{font-size:var(--st-text-xs);color:var(--st-muted)}

.st-menu{position:relative;display:inline-block}
.st-menu-button{display:grid;place-items:center;width:36px;height:36px;border-radius:50%;border:1px solid var(--st-line-strong);background:var(--st-surface);color:var(--st-ink);font-size:1.2rem;line-height:1;cursor:pointer}
.st-menu-button:hover,.st-menu-button[aria-expanded=true]{border-color:var(--st-accent);color:var(--st-accent-700)}
/* Menus are placed by useFloatingMenu (fixed, kept on screen); above the sticky top bar and prompt bar, under the drawer and dialogs. */
.st-menu-list,.st-menu-panel{z-index:600;overflow-y:auto;box-sizing:border-box}
.st-menu-list{min-width:190px;margin:0;padding:.3rem;list-style:none;background:var(--st-surface);border:1px solid var(--st-line);border-radius:var(--st-radius-md);box-shadow:var(--st-shadow-lg)}
.st-menu-item{display:flex;align-items:center;gap:.4rem;width:100%;min-height:36px;padding:.35rem .7rem;border:0;border-radius:var(--st-radius-sm);background:none;text-align:left;font-size:var(--st-text-sm);cursor:pointer}
.st-menu-item:hover:not([disabled]),.st-menu-item:focus-visible{background:var(--st-accent-soft);color:var(--st-accent-700);outline:none}
.st-menu-item[disabled]{opacity:.5;cursor:not-allowed}
.st-menu-danger{color:var(--st-coral-ink)}
.st-spinner{width:22px;height:22px;border-radius:50%;border:3px solid var(--st-accent-soft);border-top-color:var(--st-accent-600);animation:st-spin .8s linear infinite}
@keyframes st-spin{to{transform:rotate(360deg)}}
.st-center{display:grid;place-items:center;gap:.75rem;min-height:40vh;padding:2rem;text-align:center}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation-duration:.01ms!important;animation-iteration-count:1!important;transition:none!important}}
`;
