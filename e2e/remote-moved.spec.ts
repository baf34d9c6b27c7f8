/**
 * Runtime composition (DESIGN §2.1): a remote moves to another origin — a CDN, another host — by
 * changing configuration only. The shell is not rebuilt and the studio not restarted: the next
 * page load reads the new location from /remotes.json and loads mfe-account from there (CORS).
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LOCAL_REMOTES, REMOTES_FILE } from './playwright.config.ts';
import { signUpAndConfirm } from './support/studio.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ACCOUNT_DIST = path.join(ROOT, 'mfe-account', 'dist');
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.css': 'text/css',
};

/** A stand-in CDN on another origin serving mfe-account's build, with CORS open like a CDN's. */
async function startCdn(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const file = path.join(ACCOUNT_DIST, path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://cdn').pathname)));
      const found = file.startsWith(ACCOUNT_DIST + path.sep) && (await fs.stat(file).catch(() => null))?.isFile();
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
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('mfe-account moved to another origin by configuration: loaded from there, no rebuild, no restart', async ({ page, request }) => {
  const cdn = await startCdn();
  const remotesFile = path.join(ROOT, REMOTES_FILE);
  try {
    await fs.writeFile(
      remotesFile,
      JSON.stringify({
        remotes: [
          { name: 'mfe_account', entry: `${cdn.origin}/mf-manifest.json` },
          ...LOCAL_REMOTES.remotes.filter((r) => r.name !== 'mfe_account'),
        ],
      }),
    );
    const fromCdn: string[] = [];
    const fromStudio: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(cdn.origin)) fromCdn.push(r.url());
      else if (r.url().includes('/mfe/mfe-account/')) fromStudio.push(r.url());
    });

    await signUpAndConfirm(page, request, { tag: 'moved' });
    await page.goto('/app/subscription');
    await expect(page.getByRole('heading', { name: 'Credit history' })).toBeVisible();
    expect(fromCdn).toEqual(expect.arrayContaining([`${cdn.origin}/mf-manifest.json`, `${cdn.origin}/remoteEntry.js`]));
    expect(fromStudio).toEqual([]);
  } finally {
    await fs.writeFile(remotesFile, JSON.stringify(LOCAL_REMOTES));
    await cdn.close();
  }
});
