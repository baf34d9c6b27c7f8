/**
 * Front-end benchmark (prints numbers, not a test).
 *
 * Starts its own studio on a free port with a throw-away DATA_DIR (as the e2e config does), then
 * drives Debian's Chromium and measures, each over several runs in fresh browser contexts (empty
 * HTTP cache), reporting the median:
 *   - landing page: JS transferred before `load` (gzip bytes on the wire; the bff gzips) and
 *     largest contentful paint; the landing is prerendered and its app loads after `load`, so also
 *     all JS once the app has taken the page over, and when that happened;
 *   - navigation into a remote route (`/app/subscription`, signed in), click → content visible:
 *       cold       the page module of mfe-account not fetched yet (the idle preload is held back;
 *                  the remote's entry is already loaded for the top bar's credits widget),
 *       preloaded  after the shell's idle preload fetched every exposed module.
 *     The click is a person's: the pointer rests on the link, then presses it for 60 ms. Also
 *     reported, without a target: Playwright's `click()`, which sends the move, the press and the
 *     release in the same millisecond, so the page handles the hover and the press after the
 *     click's timestamp, and adds its own hit-target listeners to the page's pointer events.
 * and prints them next to the targets with ratios. Stops the studio and the browser it started.
 *
 * Run: `npm run bench:frontend` (builds first) or `npm run bench`. Env: BENCH_RUNS (default 7);
 * BENCH_SMOKE=1 measures each once, to prove the bench still runs (`npm test` does; the numbers
 * mean nothing then).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SMOKE = process.env.BENCH_SMOKE === '1';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? (SMOKE ? 1 : 7)));
// preloadedMs: a preloaded screen opens within a frame or two; lcpMs: the landing's headline paints
// well inside a second on this machine's software raster.
const TARGETS = { initialJsKb: 150, lcpMs: 400, preloadedMs: 30 };

/** Debian's headless Chromium shell with the launch options of DESIGN §3 (the same as e2e/playwright.config.ts). */
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

// ---------------------------------------------------------------------------------------------
// The studio under test

interface Studio {
  baseUrl: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startStudio(): Promise<Studio> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Under the repository like the e2e data: the embedded PostgreSQL runs as `postgres`, which
  // must reach its folder (a mode-700 temp dir would not do).
  const dataDir = path.join('.data', `bench-${process.pid}-${randomBytes(3).toString('hex')}`);
  const stderr: string[] = [];
  // tsx directly (not through npm) so SIGTERM reaches the bff, which then stops its database.
  const child: ChildProcess = spawn(
    process.execPath,
    [createRequire(path.join(ROOT, 'bff', 'package.json')).resolve('tsx/cli'), 'src/main.ts'],
    {
      cwd: path.join(ROOT, 'bff'),
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), APP_URL: baseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    },
  );
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // One stop, however many callers (a signal and the normal end may both ask).
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timedOut = await Promise.race([exited.then(() => false), sleep(15_000).then(() => true)]);
        if (timedOut) {
          try {
            process.kill(-child.pid!, 'SIGKILL'); // the whole group: tsx, node, postgres
          } catch {
            // already gone
          }
          await exited;
        }
      }
      await rm(path.join(ROOT, dataDir), { recursive: true, force: true });
    })());

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the studio exited while starting:\n${stderr.join('')}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the studio did not answer /api/health within 120 s:\n${stderr.join('')}`);
    }
    await sleep(200);
  }
  return { baseUrl, stop };
}

// ---------------------------------------------------------------------------------------------
// Measurements

interface LandingRun {
  jsBytes: number;
  jsDecodedBytes: number;
  jsFiles: { name: string; bytes: number }[];
  lcpMs: number;
  lcpElement: string;
  /** Every script by the time the app has taken the prerendered page over (after `load`), gzip bytes. */
  appJsBytes: number;
  /** From navigation start until the app has taken the page over (its buttons answer at once). */
  hydratedMs: number;
}

/** One cold load of `/`: JS bytes on the wire before `load`, then the largest contentful paint. */
async function measureLanding(browser: Browser, baseUrl: string): Promise<LandingRun> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp?: { time: number; element: string } };
      new PerformanceObserver((list) => {
        const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
        const last = entries[entries.length - 1];
        if (!last) return;
        const el = last.element;
        w.__lcp = {
          time: last.startTime,
          element: el
            ? `${el.tagName.toLowerCase()}${el.getAttribute('class') ? `.${el.getAttribute('class')!.split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`
            : '?',
        };
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const scripts: { url: string; done: Promise<{ bytes: number; decoded: number }> }[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.resourceType() !== 'script') return;
      scripts.push({
        url: response.url(),
        done: response.finished().then(async () => ({
          bytes: (await request.sizes()).responseBodySize,
          decoded: (await response.body().catch(() => Buffer.alloc(0))).length,
        })),
      });
    });
    await page.goto('/', { waitUntil: 'load' });
    debug('landing loaded', scripts.length, 'scripts');
    const beforeLoad = [...scripts];
    const sizes = await Promise.all(beforeLoad.map((s) => s.done));
    // LCP settles once the page stops painting new, larger content; a short quiet period after load.
    await page.waitForFunction(() => (window as unknown as { __lcp?: unknown }).__lcp !== undefined);
    await sleep(300);
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: { time: number; element: string } }).__lcp);
    // The prerendered landing's app comes after `load`: how much, and when it has taken the page over.
    await page.waitForFunction(() => (window as unknown as { __studioHydrated?: boolean }).__studioHydrated === true);
    const hydratedMs = await page.evaluate(() => performance.now());
    const all = await Promise.all(scripts.map((s) => s.done));
    return {
      appJsBytes: all.reduce((n, s) => n + s.bytes, 0),
      hydratedMs,
      jsBytes: sizes.reduce((n, s) => n + s.bytes, 0),
      jsDecodedBytes: sizes.reduce((n, s) => n + s.decoded, 0),
      jsFiles: beforeLoad.map((s, i) => ({ name: new URL(s.url).pathname, bytes: sizes[i]!.bytes })),
      lcpMs: lcp.time,
      lcpElement: lcp.element,
    };
  } finally {
    await context.close();
  }
}

/** A confirmed, signed-in account (API only: sign-up, the dev outbox, the confirmation link). */
async function signedInState(browser: Browser, baseUrl: string): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  // Writes must show they come from the studio's own pages (CSRF), as a browser's do.
  const context = await browser.newContext({ baseURL: baseUrl, extraHTTPHeaders: { origin: new URL(baseUrl).origin } });
  try {
    const email = `bench-${Date.now().toString(36)}@example.com`;
    const password = 'bench-password-1';
    const signup = await context.request.post('/api/auth/signup', { data: { email, password, confirmPassword: password } });
    if (!signup.ok()) throw new Error(`sign-up failed: ${signup.status()} ${await signup.text()}`);
    const outbox = (await (await context.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      messages: { text: string }[];
    };
    const link = /https?:\/\/\S+\?token=[\w%.-]+/.exec(outbox.messages[0]?.text ?? '')?.[0];
    if (!link) throw new Error('no confirmation mail in the dev outbox');
    // The link's page confirms with the password and the token (a POST), which signs in.
    const token = new URL(link).searchParams.get('token');
    const confirmed = await context.request.post('/api/auth/confirm', { data: { token, password } });
    if (!confirmed.ok()) throw new Error(`confirming failed: ${confirmed.status()} ${await confirmed.text()}`);
    // A new account meets the welcome modal once: closed here, so it does not cover the pages measured.
    await context.request.patch('/api/profile', { data: { welcome_shown: true } });
    const session = await context.request.get('/api/auth/session');
    if (!session.ok()) throw new Error(`not signed in after confirming: ${session.status()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * One click from `/app/discover` (the top bar's credits widget, "Plans and credits") to the subscription
 * page's heading on screen, timed in the page: from the click event to the first animation frame
 * after the heading is in the DOM.
 */
async function measureRemoteNavigation(
  browser: Browser,
  baseUrl: string,
  state: Awaited<ReturnType<BrowserContext['storageState']>>,
  mode: 'cold' | 'preloaded',
  click: 'person' | 'playwright' = 'person',
): Promise<{ ms: number; accountRequests: number }> {
  const context = await browser.newContext({ baseURL: baseUrl, storageState: state, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    let accountRequests = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/mfe/mfe-account/')) accountRequests += 1;
    });
    if (mode === 'cold') {
      // Hold back the shell's idle preload so the page module is fetched on the click.
      await page.addInitScript(() => {
        window.requestIdleCallback = () => 0;
        window.cancelIdleCallback = () => {};
      });
    }
    await page.goto('/app/discover');
    debug(mode, 'discover loaded');
    // The top bar's credits widget comes from mfe-account: its entry is loaded in both modes.
    const link = page.getByRole('banner').getByRole('link', { name: /credits\. Plans and credits/ });
    await link.waitFor();
    if (mode === 'preloaded') await waitForPreload(page);
    else await page.waitForLoadState('networkidle');
    const requestsBefore = accountRequests;
    debug(mode, 'ready to click');

    await page.evaluate(ARM_NAVIGATION_TIMER);
    if (click === 'person') await clickAsAPerson(page, link);
    else await link.click();
    const ms = await page.evaluate(() => (window as unknown as { __nav: Promise<number> }).__nav);
    return { ms, accountRequests: accountRequests - requestsBefore };
  } finally {
    await context.close();
  }
}

/** The pointer moves onto the link and rests there, then presses it for 60 ms, as a person does. */
async function clickAsAPerson(page: Page, link: Locator): Promise<void> {
  const box = await link.boundingBox();
  if (!box) throw new Error('the link to click is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await sleep(150);
  await page.mouse.down();
  await sleep(60);
  await page.mouse.up();
}

/**
 * In-page timer, as source text: tsx compiles named inner functions with an `__name` helper that
 * does not exist in the page. From the click event to the first animation frame after the
 * heading is in the DOM and rendered; attributes are observed too, because React reveals a
 * suspended tree by changing its `style`, not by inserting it.
 */
const ARM_NAVIGATION_TIMER = `
window.__nav = new Promise(function (resolve) {
  document.addEventListener('click', function (event) {
    var clickedAt = event.timeStamp;
    function visible() {
      return Array.prototype.some.call(document.querySelectorAll('h1'), function (h) {
        return h.textContent === 'Plans & credits' && h.getClientRects().length > 0;
      });
    }
    function done() {
      requestAnimationFrame(function () { resolve(performance.now() - clickedAt); });
    }
    if (visible()) return done();
    var observer = new MutationObserver(function () {
      if (!visible()) return;
      observer.disconnect();
      done();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  }, { capture: true, once: true });
});
undefined; // evaluate() would otherwise wait for the promise, which only settles after the click
`;

/**
 * Waits until the shell's idle preload has fetched mfe-account's modules: the network is quiet
 * (the report's "requests on the click: preloaded 0" confirms nothing was left to fetch).
 */
async function waitForPreload(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

// ---------------------------------------------------------------------------------------------
// Report

const debug = (...args: unknown[]) => process.env.BENCH_DEBUG && console.error('[bench]', ...args);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const kb = (bytes: number) => bytes / 1024;

function row(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
}

async function main(): Promise<void> {
  console.log(`frontend bench: starting a studio, ${RUNS} runs per measurement…`);
  const studio = await startStudio();
  let browser: Browser | null = null;
  let stoppingAll: Promise<void> | null = null;
  const stopAll = () =>
    (stoppingAll ??= (async () => {
      await browser?.close().catch(() => undefined);
      await studio.stop();
    })());
  const onSignal = () => void stopAll().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    browser = await chromium.launch(LAUNCH);
    // One warm-up load: the bff's first requests pay for module loading in the server itself.
    await measureLanding(browser, studio.baseUrl);

    const landing: LandingRun[] = [];
    for (let i = 0; i < RUNS; i++) landing.push(await measureLanding(browser, studio.baseUrl));
    const state = await signedInState(browser, studio.baseUrl);
    debug('signed in');
    const cold: { ms: number; accountRequests: number }[] = [];
    const preloaded: { ms: number; accountRequests: number }[] = [];
    const preloadedAtOnce: { ms: number; accountRequests: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      cold.push(await measureRemoteNavigation(browser, studio.baseUrl, state, 'cold'));
      preloaded.push(await measureRemoteNavigation(browser, studio.baseUrl, state, 'preloaded'));
      preloadedAtOnce.push(await measureRemoteNavigation(browser, studio.baseUrl, state, 'preloaded', 'playwright'));
    }

    const js = median(landing.map((r) => r.jsBytes));
    const jsDecoded = median(landing.map((r) => r.jsDecodedBytes));
    const lcp = median(landing.map((r) => r.lcpMs));
    const coldMs = median(cold.map((r) => r.ms));
    const preMs = median(preloaded.map((r) => r.ms));
    const range = (xs: number[], digits = 0) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

    const widths = [44, 12, 16, 10, 12];
    console.log('');
    console.log(row(['measure (median)', 'value', 'range', 'target', 'vs target'], widths));
    console.log(row(['-'.repeat(44), '-'.repeat(12), '-'.repeat(16), '-'.repeat(10), '-'.repeat(12)], widths));
    console.log(
      row(
        [
          'landing: initial JS, gzip on the wire',
          `${kb(js).toFixed(1)} KB`,
          range(
            landing.map((r) => kb(r.jsBytes)),
            1,
          ),
          `≤ ${TARGETS.initialJsKb} KB`,
          `${(kb(js) / TARGETS.initialJsKb).toFixed(2)}×`,
        ],
        widths,
      ),
    );
    console.log(row(['landing: initial JS, uncompressed', `${kb(jsDecoded).toFixed(1)} KB`, '', '', ''], widths));
    const appJs = median(landing.map((r) => r.appJsBytes));
    const hydrated = median(landing.map((r) => r.hydratedMs));
    console.log(row(['landing: all JS once the app is up, gzip', `${kb(appJs).toFixed(1)} KB`, '', '', ''], widths));
    console.log(
      row(
        ['landing: app up (after load), from start', `${hydrated.toFixed(0)} ms`, range(landing.map((r) => r.hydratedMs)), '', ''],
        widths,
      ),
    );
    console.log(
      row(
        [
          'landing: largest contentful paint',
          `${lcp.toFixed(0)} ms`,
          range(landing.map((r) => r.lcpMs)),
          `≤ ${TARGETS.lcpMs} ms`,
          `${(lcp / TARGETS.lcpMs).toFixed(2)}×`,
        ],
        widths,
      ),
    );
    console.log(
      row(
        [
          'remote route, cold: click → content',
          `${coldMs.toFixed(0)} ms`,
          range(cold.map((r) => r.ms)),
          '',
          `${(coldMs / preMs).toFixed(1)}× preloaded`,
        ],
        widths,
      ),
    );
    // Both preloaded clicks: median and range in tenths of a millisecond; only the person's has a target.
    const clickRow = (label: string, ms: number[], target: boolean) => {
      const value = median(ms);
      return row(
        [
          label,
          `${value.toFixed(1)} ms`,
          range(ms, 1),
          target ? `≤ ${TARGETS.preloadedMs} ms` : '',
          target ? `${(value / TARGETS.preloadedMs).toFixed(2)}×` : '',
        ],
        widths,
      );
    };
    console.log(
      clickRow(
        'remote route, preloaded: click → content',
        preloaded.map((r) => r.ms),
        true,
      ),
    );
    console.log(
      clickRow(
        "  the same with Playwright's click()",
        preloadedAtOnce.map((r) => r.ms),
        false,
      ),
    );
    console.log('');
    const files = landing[0]!.jsFiles.sort((a, b) => b.bytes - a.bytes);
    console.log(
      `landing JS before load (${files.length} files): ${files.map((f) => `${path.basename(f.name)} ${kb(f.bytes).toFixed(1)} KB`).join(', ')}`,
    );
    console.log(`LCP element: ${landing[0]!.lcpElement}`);
    console.log(
      `mfe-account requests on the click: cold ${median(cold.map((r) => r.accountRequests))}, preloaded ${median(preloaded.map((r) => r.accountRequests))} (median)`,
    );
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await stopAll();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
