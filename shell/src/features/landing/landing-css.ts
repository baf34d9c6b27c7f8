/** Landing page styles (`ld-*`), on top of the design tokens. Mobile first; 360 px and up. */
export const landingCss = `
.ld{background:var(--st-paper);color:var(--st-ink);overflow-x:hidden}
.ld-wrap{width:min(1160px,100%);margin:0 auto;padding:0 1.25rem}
.ld-header{position:sticky;top:0;z-index:50;background:rgba(16,12,36,.86);backdrop-filter:saturate(1.4) blur(10px);border-bottom:1px solid rgba(255,255,255,.08)}
.ld-header-row{display:flex;align-items:center;gap:1rem;min-height:64px}
.ld-brand{text-decoration:none;display:inline-flex}
.ld-nav{display:none;gap:1.75rem;margin-left:1.5rem}
.ld-nav a{color:var(--st-on-night-muted);text-decoration:none;font-size:var(--st-text-sm);font-weight:600}
.ld-nav a:hover{color:#fff}
.ld-header-actions{margin-left:auto;display:flex;gap:.5rem}
.ld-btn-ghost-dark{background:transparent;color:var(--st-on-night);border-color:rgba(255,255,255,.28)}
.ld-btn-ghost-dark:hover{border-color:#fff}
.ld-header-cta{display:none}
.ld-hero{position:relative;background:radial-gradient(1200px 500px at 85% -10%,rgba(124,92,255,.55),transparent 60%),radial-gradient(700px 420px at -10% 110%,rgba(255,107,90,.28),transparent 60%),var(--st-night);color:var(--st-on-night);padding:3rem 0 3.5rem}
.ld-hero-grid{display:grid;gap:2.5rem;align-items:center}
.ld-eyebrow{display:inline-block;padding:.3rem .75rem;border:1px solid rgba(255,255,255,.2);border-radius:999px;font-size:var(--st-text-xs);font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--st-on-night-muted);margin-bottom:1.1rem}
.ld-hero h1{font-size:var(--st-text-4xl);font-weight:800;letter-spacing:-.035em;line-height:1.04;color:#fff}
.ld-grad{background:linear-gradient(92deg,#b9a8ff 0%,#ff9d8f 80%);-webkit-background-clip:text;background-clip:text;color:transparent}
.ld-lead{margin-top:1.25rem;font-size:var(--st-text-lg);color:var(--st-on-night-muted);max-width:36rem}
.ld-capture{margin-top:1.75rem;display:flex;flex-direction:column;gap:.6rem;max-width:30rem}
.ld-capture-input{min-height:52px;border-radius:var(--st-radius-lg);border:1px solid rgba(255,255,255,.24);background:rgba(255,255,255,.08);color:#fff;padding:0 1rem;font-size:var(--st-text-md)}
.ld-capture-input::placeholder{color:#a59fc8}
.ld-capture-input:focus{outline:none;border-color:#b9a8ff;box-shadow:0 0 0 3px rgba(185,168,255,.35)}
.ld-fineprint{margin-top:.9rem;font-size:var(--st-text-sm);color:var(--st-on-night-muted)}
.ld-inline-link{background:none;border:0;padding:0;color:#fff;font-weight:700;text-decoration:underline;text-underline-offset:3px;cursor:pointer}
.ld-hero-visual{position:relative}
.ld-hero-art{width:100%;height:auto;max-width:560px;margin:0 auto}
.ld-proof{background:var(--st-surface);border-bottom:1px solid var(--st-line)}
.ld-proof-grid{display:grid;grid-template-columns:repeat(2,1fr);gap:1.25rem;padding-top:1.5rem;padding-bottom:1.5rem}
.ld-proof-grid div{display:grid;gap:.15rem}
.ld-proof-grid strong{font-size:var(--st-text-xl);letter-spacing:-.02em}
.ld-proof-grid span{font-size:var(--st-text-sm);color:var(--st-muted)}
.ld-section{padding:4rem 0}
.ld-kicker{color:var(--st-accent-600);font-weight:700;font-size:var(--st-text-sm);letter-spacing:.04em;text-transform:uppercase;margin-bottom:.6rem}
.ld-h2{font-size:clamp(1.75rem,4vw,2.75rem);font-weight:800;letter-spacing:-.03em;max-width:40rem}
.ld-features{display:grid;gap:1rem;margin-top:2.25rem}
.ld-feature{background:var(--st-surface);border:1px solid var(--st-line);border-radius:var(--st-radius-xl);padding:1.5rem;box-shadow:var(--st-shadow-sm)}
.ld-feature h3{font-size:var(--st-text-xl);margin:1rem 0 .5rem}
.ld-feature p{color:var(--st-muted)}
.ld-feature ul{margin:1rem 0 0;padding:0;list-style:none;display:grid;gap:.4rem;font-size:var(--st-text-sm);color:var(--st-ink-soft)}
.ld-feature li{display:flex;gap:.5rem;align-items:baseline}
.ld-feature li::before{content:"";flex:none;width:.45rem;height:.45rem;border-radius:50%;background:var(--st-accent);transform:translateY(-.1rem)}
.ld-feature-icon{display:inline-grid;place-items:center;width:48px;height:48px;border-radius:14px;color:#fff}
.ld-icon-image{background:linear-gradient(135deg,#6d4aff,#9b84ff)}
.ld-icon-video{background:linear-gradient(135deg,#e8553f,#ff8f6b)}
.ld-icon-creator{background:linear-gradient(135deg,#0f8a66,#28b98b)}
.ld-icon-styles{background:linear-gradient(135deg,#b8389a,#e36bc2)}
.ld-icon-train{background:linear-gradient(135deg,#1f5fd1,#5a8cff)}
.ld-gallery-section{background:var(--st-sunken)}
.ld-gallery{list-style:none;margin:2rem 0 0;padding:0 1.25rem 1rem;display:flex;gap:1rem;overflow-x:auto;scroll-snap-type:x mandatory;align-items:flex-end}
.ld-tile{flex:none;position:relative;border-radius:var(--st-radius-lg);overflow:hidden;scroll-snap-align:start;box-shadow:var(--st-shadow-md);background:var(--st-surface)}
.ld-tile-9-16{width:180px}
.ld-tile-1-1{width:240px}
.ld-tile-4-5{width:220px}
.ld-tile-art{width:100%;height:auto}
.ld-tile-caption{position:absolute;left:.6rem;bottom:.6rem;right:.6rem;padding:.3rem .6rem;border-radius:999px;background:rgba(16,12,36,.8);color:#fff;font-size:var(--st-text-xs);font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ld-cta{display:grid;gap:1.5rem;align-items:center;background:linear-gradient(120deg,#2a1f66,#100c24 60%);color:var(--st-on-night);border-radius:var(--st-radius-xl);padding:2rem 1.5rem}
.ld-cta .ld-h2{color:#fff}
.ld-cta-copy{margin-top:.75rem;color:var(--st-on-night-muted);max-width:36rem}
.ld-footer{background:var(--st-night);color:var(--st-on-night-muted);padding:2rem 0}
.ld-footer-row{display:flex;flex-wrap:wrap;gap:1rem 2rem;align-items:center}
.ld-footer-links{display:flex;flex-wrap:wrap;gap:1.25rem}
.ld-footer-links a{color:var(--st-on-night);text-decoration:none;font-size:var(--st-text-sm)}
.ld-footer-links a:hover{text-decoration:underline}
.ld-copyright{font-size:var(--st-text-sm);margin-left:auto}
@media (min-width:640px){
  .ld-capture{flex-direction:row}
  .ld-capture-input{flex:1}
  .ld-header-cta{display:inline-flex}
  .ld-proof-grid{grid-template-columns:repeat(4,1fr)}
  .ld-features{grid-template-columns:repeat(2,1fr)}
  .ld-cta{grid-template-columns:1fr auto;padding:2.75rem}
}
@media (min-width:900px){
  .ld-nav{display:flex}
  .ld-hero{padding:5rem 0 5.5rem}
  .ld-hero-grid{grid-template-columns:1.05fr 1fr}
  .ld-features{grid-template-columns:repeat(6,1fr)}
  .ld-feature{grid-column:span 2}
  .ld-feature:nth-child(4),.ld-feature:nth-child(5){grid-column:span 3}
  .ld-gallery{padding-left:max(1.25rem,calc((100vw - 1160px)/2 + 1.25rem))}
  .ld-section{padding:5.5rem 0}
}
`;
