/**
 * Runtime composition (DESIGN §2.1): a remote moves to another origin — a CDN, another host — by
 * changing configuration only. The shell is not rebuilt and the studio not restarted: the next
 * page load reads the new location from /remotes.json and loads the remote from there (CORS). A
 * remote is built on its own (`npm run build -w <remote>`, README "Ship one remote"), so its `dist/`
 * alone is what a team ships.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LOCAL_REMOTES, remotesFileOf } from './playwright.config.ts';
import { signUpAndConfirm } from './support/studio.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.css': 'text/css',
};

/** A stand-in CDN on another origin serving one remote's build, with CORS open like a CDN's. */
async function startCdn(folder: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const dist = path.join(ROOT, folder, 'dist');
  const server = http.createServer((req, res) => {
    void (async () => {
      const file = path.join(dist, path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://cdn').pathname)));
      const found = file.startsWith(dist + path.sep) && (await fs.stat(file).catch(() => null))?.isFile();
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (!found) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Closed with its connections: the page may still hold one open (the idle preload's), and
  // `close()` alone waits for it.
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { origin: `http://127.0.0.1:${port}`, close };
}

/**
 * Serves `folder`'s build from another origin for the studio (the REMOTES file, re-read on every
 * request), runs `visit`, and holds that the remote came from there and nothing from the studio's own
 * copy; then puts the studio back.
 */
async function fromAnotherOrigin(page: Page, name: string, folder: string, visit: () => Promise<void>) {
  const cdn = await startCdn(folder);
  const remotesFile = path.join(ROOT, remotesFileOf(Number(new URL(test.info().project.use.baseURL!).port)));
  try {
    await fs.writeFile(
      remotesFile,
      JSON.stringify({
        remotes: [{ name, entry: `${cdn.origin}/mf-manifest.json` }, ...LOCAL_REMOTES.remotes.filter((r) => r.name !== name)],
      }),
    );
    const fromCdn: string[] = [];
    const fromStudio: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(cdn.origin)) fromCdn.push(r.url());
      else if (r.url().includes(`/mfe/${folder}/`)) fromStudio.push(r.url());
    });
    await visit();
    expect(fromCdn).toEqual(expect.arrayContaining([`${cdn.origin}/mf-manifest.json`, `${cdn.origin}/remoteEntry.js`]));
    expect(fromStudio).toEqual([]);
  } finally {
    await fs.writeFile(remotesFile, JSON.stringify(LOCAL_REMOTES));
    await cdn.close();
  }
}

test('mfe-account moved to another origin by configuration: loaded from there, no rebuild, no restart', async ({ page, request }) => {
  await fromAnotherOrigin(page, 'mfe_account', 'mfe-account', async () => {
    await signUpAndConfirm(page, request, { tag: 'moved', at: '/app/subscription' });
    await expect(page.getByRole('heading', { name: 'Credit history' })).toBeVisible();
  });
});

// On the real engine's studio (the `global-media` project), so that it runs beside the test above,
// which rewrites the other studio's REMOTES file.
test(
  'mfe-voices shipped alone to another origin: its page, and its voice picker inside the video editor (another remote)',
  { tag: '@media-studio' },
  async ({ page, request }) => {
    await fromAnotherOrigin(page, 'mfe_voices', 'mfe-voices', async () => {
      await signUpAndConfirm(page, request, { tag: 'moved-voices', at: '/app/voices' });
      await expect(page.getByRole('heading', { name: 'Voices', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Preview UGC Excited' })).toBeVisible();
      // mfe-video-editor renders mfe-voices' picker: it comes from the new origin too.
      await page.goto('/app/editor');
      await page.getByRole('button', { name: 'Change voice of Section 1' }).click();
      await expect(page.getByRole('radio', { name: /^UGC2/ })).toBeChecked();
    });
  },
);
