/**
 * Prerenders the landing page into the built `index.html` (its first paint needs no JavaScript). Run
 * after the shell's production build:
 *   - renders the same tree the bootstrap hydrates (`<StrictMode><Suspense><LandingRoot/>`) to HTML,
 *     inside `#root`, with the base, shell and landing styles inline (the page is styled before any
 *     script; the scripts adopt the same sheets again, harmlessly);
 *   - replaces the entry's `<script defer>` with `boot.js` (hashed), which loads the entry after
 *     `load` on `/` (or on the first interaction) and at once on every other path, where CSS keeps
 *     the prerendered landing hidden until the app replaces it.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { baseCss } from '@studio/ui';
import { RouteLoading } from '../src/app/RouteLoading.tsx';
import { landingCss } from '../src/features/landing/landing-css.ts';
import LandingRoot from '../src/app/LandingRoot.tsx';
import { shellCss } from '../src/styles.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist');
const indexPath = path.join(dist, 'index.html');
const index = readFileSync(indexPath, 'utf8');

const entry = /<script defer="defer" src="([^"]+)"><\/script>|<script defer src="([^"]+)"><\/script>/.exec(index);
if (!entry) throw new Error('prerender-landing: no deferred entry script in dist/index.html (already prerendered?)');
const mainSrc = entry[1] ?? entry[2]!;

// The comment lines stay in the source; the page gets the code only.
const boot = readFileSync(path.join(here, 'boot.js'), 'utf8')
  .split('\n')
  .filter((line) => !line.startsWith('//'))
  .join('\n')
  .replace("'__MAIN__'", JSON.stringify(mainSrc));
const bootName = `assets/boot.${createHash('sha256').update(boot).digest('hex').slice(0, 10)}.js`;
writeFileSync(path.join(dist, bootName), boot);

const landing = renderToString(
  <StrictMode>
    <Suspense fallback={<RouteLoading />}>
      <LandingRoot />
    </Suspense>
  </StrictMode>,
);
// The prerendered landing shows only on `/`; elsewhere boot.js hides it, then removes it before the app starts.
const css = `${baseCss}\n${shellCss}\n${landingCss}\nhtml[data-elsewhere] #root>.ld{display:none}`;

const out = index
  .replace(entry[0], `<script src="/${bootName}"></script>`)
  .replace('</head>', `<style data-prerendered>${css}</style></head>`)
  .replace('<div id="root"></div>', `<div id="root">${landing}</div>`);
if (!out.includes(landing)) throw new Error('prerender-landing: no empty #root in dist/index.html');
writeFileSync(indexPath, out);
console.log(`prerendered the landing page (${(landing.length / 1024).toFixed(1)} KB of HTML), entry ${mainSrc} behind /${bootName}`);
