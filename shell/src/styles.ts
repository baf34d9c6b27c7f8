/** Shell styles (`sh-*`): frame, sidebar, menus, auth, legal and fallbacks. */
export const shellCss = `
.sh-muted{color:var(--st-muted)}
.sh-auth-form{display:grid;gap:1rem}
.sh-auth-forgot{justify-self:start;font-size:var(--st-text-sm)}
.sh-auth-or{display:flex;align-items:center;gap:.75rem;margin:1.1rem 0;color:var(--st-muted);font-size:var(--st-text-sm)}
.sh-auth-or::before,.sh-auth-or::after{content:"";flex:1;height:1px;background:var(--st-line)}
.sh-auth-switch{margin-top:1.1rem;text-align:center;font-size:var(--st-text-sm);color:var(--st-muted)}
.sh-callback-title{font-size:var(--st-text-2xl)}
.sh-narrow-page{min-height:100dvh;display:grid;place-items:center;padding:1.25rem;background:radial-gradient(800px 400px at 80% 0%,var(--st-accent-soft),transparent 70%),var(--st-paper)}
.sh-narrow-card{width:min(100%,420px);padding:2rem;display:grid;gap:1.25rem}
.sh-page-title{font-size:var(--st-text-2xl)}
.sh-signin-prompt h1{font-size:var(--st-text-2xl)}

.sh-legal-header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:1rem;padding:1rem 1.25rem;border-bottom:1px solid var(--st-line);background:var(--st-surface)}
.sh-legal-header a{text-decoration:none}
.sh-legal-header nav{display:flex;gap:1.25rem;font-size:var(--st-text-sm);font-weight:600}
.sh-legal-body{width:min(760px,100%);margin:0 auto;padding:2.5rem 1.25rem 4rem;display:grid;gap:1rem}
.sh-legal-body h1{font-size:var(--st-text-3xl)}
.sh-legal-body h2{font-size:var(--st-text-xl);margin-top:1rem}
.sh-legal-body ul{margin:0;padding-left:1.25rem;display:grid;gap:.5rem}

.sh-frame{display:grid;grid-template-columns:1fr;min-height:100dvh}
/* The closed drawer is also invisible, so keyboard and screen-reader users do not walk through links they cannot see. */
.sh-sidebar{position:fixed;inset:0 auto 0 0;z-index:800;width:min(300px,86vw);background:var(--st-surface);border-right:1px solid var(--st-line);display:flex;flex-direction:column;padding:1rem .75rem;overflow-y:auto;transform:translateX(-105%);visibility:hidden;transition:transform .2s ease,visibility 0s linear .2s}
.sh-frame-drawer-open .sh-sidebar{transform:none;visibility:visible;transition:transform .2s ease;box-shadow:var(--st-shadow-lg)}
.sh-drawer-backdrop{position:fixed;inset:0;z-index:790;background:rgba(16,12,36,.45)}
.sh-sidebar-top{display:flex;align-items:center;justify-content:space-between;padding:0 .5rem .75rem}
.sh-sidebar-brand{text-decoration:none}
.sh-collapse-btn{display:none;width:32px;height:32px;border-radius:8px;border:1px solid var(--st-line);background:var(--st-surface);cursor:pointer;place-items:center;color:var(--st-muted)}
.sh-nav{display:grid;gap:1rem;flex:1}
.sh-nav ul{list-style:none;margin:0;padding:0;display:grid;gap:2px}
.sh-nav-title{padding:0 .75rem;margin-bottom:.25rem;font-size:var(--st-text-xs);font-weight:700;text-transform:uppercase;letter-spacing:.06em;color:var(--st-muted)}
.sh-nav-link{display:flex;align-items:center;gap:.7rem;min-height:40px;padding:0 .75rem;border-radius:var(--st-radius-md);color:var(--st-ink-soft);text-decoration:none;font-weight:600;font-size:var(--st-text-sm)}
.sh-nav-link:hover{background:var(--st-sunken);color:var(--st-ink)}
.sh-nav-active{background:var(--st-accent-soft);color:var(--st-accent-700)}
.sh-nav-link .st-badge{margin-left:auto}
.sh-admin-toggle{display:flex;align-items:center;justify-content:space-between;gap:.5rem;margin-top:1rem;padding:.75rem;border-radius:var(--st-radius-md);background:var(--st-sunken);font-size:var(--st-text-sm);font-weight:600}
.sh-switch{position:relative;width:44px;height:26px;border-radius:999px;border:0;background:var(--st-line-strong);cursor:pointer;padding:0}
.sh-switch span{position:absolute;top:3px;left:3px;width:20px;height:20px;border-radius:50%;background:#fff;box-shadow:var(--st-shadow-sm);transition:transform .15s}
.sh-switch[aria-checked=true]{background:var(--st-accent-600)}
.sh-switch[aria-checked=true] span{transform:translateX(18px)}
.sh-main{min-width:0;display:flex;flex-direction:column}
.sh-topbar{position:sticky;top:0;z-index:100;display:flex;align-items:center;gap:.75rem;min-height:60px;padding:0 1rem;background:rgba(251,250,255,.92);backdrop-filter:blur(8px);border-bottom:1px solid var(--st-line)}
.sh-hamburger{width:44px;height:44px;border-radius:10px;border:1px solid var(--st-line);background:var(--st-surface);display:grid;place-items:center;cursor:pointer}
.sh-topbar-title{font-weight:700;font-size:var(--st-text-lg);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.sh-topbar-actions{margin-left:auto;display:flex;align-items:center;gap:.75rem}
.sh-credits-skeleton{display:inline-block;width:88px;height:32px;border-radius:999px;background:var(--st-sunken)}
.sh-content{flex:1;padding:1.25rem;min-width:0}
.sh-public{min-height:100vh;display:flex;flex-direction:column}
.sh-public-top{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:.75rem 1.25rem;border-bottom:1px solid var(--st-line)}
.sh-content:focus{outline:none}
.sh-plan-gate{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem 1rem;justify-content:space-between;margin:1rem 1.25rem 0;padding:.85rem 1rem;border-radius:var(--st-radius-lg);background:var(--st-amber-soft);border:1px solid #f3dca6;color:var(--st-amber-ink)}
.sh-frame-banner{margin:1rem 1.25rem 0}

.sh-usermenu{position:relative}
.sh-avatar-btn{width:40px;height:40px;border-radius:50%;border:2px solid var(--st-surface);box-shadow:0 0 0 1px var(--st-line-strong);background:linear-gradient(135deg,#6d4aff,#ff6b5a);color:#fff;font-weight:800;cursor:pointer;padding:0;overflow:hidden;display:grid;place-items:center}
.sh-avatar-btn img{width:100%;height:100%;object-fit:cover}
.sh-usermenu-panel{position:absolute;right:0;top:calc(100% + .5rem);width:min(340px,calc(100vw - 1.5rem));background:var(--st-surface);border:1px solid var(--st-line);border-radius:var(--st-radius-lg);box-shadow:var(--st-shadow-lg);padding:1rem;display:grid;gap:.9rem;z-index:700}
.sh-usermenu-head{display:grid;gap:.1rem;font-size:var(--st-text-sm);overflow-wrap:anywhere}
.sh-usermenu-actions{display:grid;gap:2px;border-top:1px solid var(--st-line);padding-top:.6rem}
.sh-usermenu-item{display:flex;align-items:center;min-height:40px;padding:0 .6rem;border-radius:8px;border:0;background:none;text-align:left;font-weight:600;font-size:var(--st-text-sm);color:var(--st-ink);text-decoration:none;cursor:pointer}
.sh-usermenu-item:hover:not([disabled]){background:var(--st-sunken)}
.sh-usermenu-item[disabled]{color:var(--st-muted);cursor:not-allowed}
.sh-usermenu-note{margin:-4px .6rem .25rem;font-size:var(--st-text-xs);color:var(--st-muted)}
.sh-usermenu-signout{color:var(--st-coral-ink)}
.sh-remote-inline{display:inline-flex;align-items:center;gap:.4rem;font-size:var(--st-text-sm);color:var(--st-muted)}

.sh-unavailable{max-width:560px;margin:3rem auto;padding:2rem;text-align:center;display:grid;justify-items:center;gap:.9rem;background:var(--st-surface);border:1px solid var(--st-line);border-radius:var(--st-radius-xl)}
.sh-unavailable h2{font-size:var(--st-text-2xl)}
.sh-unavailable p{color:var(--st-muted)}
.sh-fullscreen{min-height:100dvh;background:var(--st-sunken)}
.sh-fullscreen>main{padding:1rem}

@media (min-width:768px){
  /* The sidebar sticks to the window, so below it the column itself paints its background and edge: down a long page,
     in a full-page capture or in print, where the sticky sidebar is one window high. */
  .sh-frame{--sh-column:248px;grid-template-columns:var(--sh-column) 1fr;background:linear-gradient(to right,var(--st-surface) calc(var(--sh-column) - 1px),var(--st-line) 0 var(--sh-column),transparent 0)}
  .sh-frame-collapsed{--sh-column:76px}
  .sh-sidebar{position:sticky;top:0;height:100vh;height:100dvh;width:auto;transform:none;visibility:visible;transition:none;box-shadow:none}
  .sh-drawer-backdrop,.sh-hamburger{display:none}
  .sh-collapse-btn{display:grid}
  .sh-frame-collapsed .sh-sidebar-top{flex-direction:column;gap:.75rem;padding:0 0 .75rem}
  .sh-frame-collapsed .sh-sidebar-brand span{font-size:0!important;gap:0!important}
  .sh-frame-collapsed .sh-nav-label,.sh-frame-collapsed .sh-nav-title,.sh-frame-collapsed .sh-admin-toggle span#admin-view-label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)}
  .sh-frame-collapsed .sh-nav-link{justify-content:center;padding:0;position:relative}
  .sh-frame-collapsed .sh-nav-link .st-badge{position:absolute;top:2px;right:6px;margin:0}
  .sh-frame-collapsed .sh-admin-toggle{justify-content:center;padding:.5rem 0}
  .sh-content{padding:1.75rem 2rem}
}
`;
