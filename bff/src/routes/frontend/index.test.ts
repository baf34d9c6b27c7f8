import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemotesConfigError, createFrontendMiddleware, safeJoin } from './index.ts';
import { parseRemotesList } from './remotes-config.ts';

let rootDir: string;

async function put(relative: string, content: string) {
  const file = path.join(rootDir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/** Starts a bare Koa app with the middleware (and a stand-in API route) on an ephemeral port. */
async function serve(remotes: string | undefined, production = false): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Koa();
  app.use(async (ctx, next) => {
    if (ctx.path === '/api/ping') ctx.body = { ok: true };
    else await next();
  });
  app.use(createFrontendMiddleware({ remotes, rootDir, production }));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

beforeAll(async () => {
  rootDir = await mkdtemp(path.join(tmpdir(), 'studio-frontend-'));
  await put('shell/dist/index.html', '<!doctype html><title>Studio</title><div id="root"></div>');
  await put('shell/dist/assets/main.0123456789.js', 'console.log("shell");'.repeat(100));
  await put('shell/dist/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await put('mfe-account/dist/mf-manifest.json', '{"id":"mfe_account"}');
  await put('mfe-account/dist/remoteEntry.js', 'var mfe_account;');
  await put('mfe-account/dist/assets/page.abcdef1234.js', 'export{}');
  await put('mfe-account/dist/assets/page.abcdef1234.js.map', '{"version":3,"sources":["src/secret.tsx"]}');
  await put('mfe-account/dist/mf-stats.json', '{"id":"mfe_account","metaData":{"buildInfo":{}}}');
  await put('shell/dist/assets/main.0123456789.js.map', '{"version":3,"sources":["src/main.tsx"]}');
  await put('secret.txt', 'do not serve');
  await put(
    'remotes.json',
    JSON.stringify({ remotes: [{ name: 'mfe_account', entry: 'https://cdn.example.com/account/mf-manifest.json' }] }),
  );
});

afterAll(async () => {
  await rm(rootDir, { recursive: true, force: true });
});

describe('remotes.json', () => {
  it('lists every locally built remote by default', async () => {
    const app = await serve(undefined);
    try {
      const res = await fetch(`${app.url}/remotes.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.json()).toEqual({ remotes: [{ name: 'mfe_account', entry: '/mfe/mfe-account/mf-manifest.json' }] });
    } finally {
      await app.close();
    }
  });

  it('takes name=url pairs, so a remote moves by configuration only', async () => {
    const app = await serve(' mfe_account=https://cdn.example.com/a/mf-manifest.json , mfe_voices=/mfe/mfe-voices/mf-manifest.json');
    try {
      expect(await (await fetch(`${app.url}/remotes.json`)).json()).toEqual({
        remotes: [
          { name: 'mfe_account', entry: 'https://cdn.example.com/a/mf-manifest.json' },
          { name: 'mfe_voices', entry: '/mfe/mfe-voices/mf-manifest.json' },
        ],
      });
    } finally {
      await app.close();
    }
  });

  it('lets the shell page load remotes from the origins configured', async () => {
    const app = await serve('mfe_account=https://cdn.example.com/a/mf-manifest.json');
    try {
      const csp = (await fetch(`${app.url}/app/subscription`)).headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.example\.com(;|$)/);
      expect(csp).toMatch(/connect-src 'self' https:\/\/cdn\.example\.com(;|$)/);
    } finally {
      await app.close();
    }
  });

  it('takes a JSON file path', async () => {
    const app = await serve('remotes.json');
    try {
      const body = (await (await fetch(`${app.url}/remotes.json`)).json()) as { remotes: { entry: string }[] };
      expect(body.remotes[0]?.entry).toBe('https://cdn.example.com/account/mf-manifest.json');
    } finally {
      await app.close();
    }
  });

  it('refuses a bad value at start, naming the variable', () => {
    expect(() => createFrontendMiddleware({ remotes: 'mfe_unknown=/x.json', rootDir })).toThrow(RemotesConfigError);
    expect(() => createFrontendMiddleware({ remotes: 'mfe_account=javascript:alert(1)', rootDir })).toThrow(/REMOTES/);
    expect(() => createFrontendMiddleware({ remotes: 'missing.json', rootDir })).toThrow(/REMOTES: cannot read/);
    expect(() => parseRemotesList('mfe_account=/a.json,mfe_account=/b.json')).toThrow(/twice/);
    expect(() => parseRemotesList('mfe_account')).toThrow(/name=url/);
  });
});

describe('static files', () => {
  it('serves the shell with index.html for client routes and long-lived hashed assets', async () => {
    const app = await serve(undefined);
    try {
      for (const route of ['/', '/app/subscription', '/auth/callback?error=x', '/privacy']) {
        const res = await fetch(`${app.url}${route}`);
        expect(res.status, route).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(await res.text()).toContain('<div id="root">');
      }
      const js = await fetch(`${app.url}/assets/main.0123456789.js`);
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(js.headers.get('content-encoding')).toBe('gzip');
      expect(await js.text()).toContain('console.log("shell")');
    } finally {
      await app.close();
    }
  });

  it('serves a file rewritten in place (a new build of a remote’s entry) as its new content, compressed', async () => {
    const app = await serve(undefined);
    const entry = () => fetch(`${app.url}/mfe/mfe-account/remoteEntry.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    try {
      await put('mfe-account/dist/remoteEntry.js', 'var mfe_account = "first build";'.repeat(64));
      for (let i = 0; i < 2; i++) {
        const res = await entry();
        expect(res.headers.get('content-encoding')).toBe('gzip');
        expect(await res.text()).toContain('first build');
      }
      await put('mfe-account/dist/remoteEntry.js', 'var mfe_account = "second build, longer";'.repeat(64));
      const rebuilt = await entry();
      expect(rebuilt.headers.get('content-encoding')).toBe('gzip');
      const text = await rebuilt.text();
      expect(text).toContain('second build, longer');
      expect(text).not.toContain('first build');
    } finally {
      await put('mfe-account/dist/remoteEntry.js', 'var mfe_account;');
      await app.close();
    }
  });

  it('answers 404, not HTML, for a missing asset', async () => {
    const app = await serve(undefined);
    try {
      const res = await fetch(`${app.url}/assets/missing.123456789a.js`);
      expect(res.status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('leaves /api to the API routes', async () => {
    const app = await serve(undefined);
    try {
      expect(await (await fetch(`${app.url}/api/ping`)).json()).toEqual({ ok: true });
      expect((await fetch(`${app.url}/api/nothing-here`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('serves remotes with CORS open and revalidated manifest and entry', async () => {
    const app = await serve(undefined);
    try {
      const manifest = await fetch(`${app.url}/mfe/mfe-account/mf-manifest.json`, { headers: { Origin: 'https://elsewhere.example' } });
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      const entry = await fetch(`${app.url}/mfe/mfe-account/remoteEntry.js`);
      expect(entry.headers.get('cache-control')).toBe('no-cache');
      expect(entry.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      const chunk = await fetch(`${app.url}/mfe/mfe-account/assets/page.abcdef1234.js`);
      expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const preflight = await fetch(`${app.url}/mfe/mfe-account/remoteEntry.js`, { method: 'OPTIONS' });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect((await fetch(`${app.url}/mfe/mfe-account/nope.js`)).status).toBe(404);
      expect((await fetch(`${app.url}/mfe/not-a-remote/mf-manifest.json`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('keeps source maps and mf-stats.json to development; production serves neither, but the manifest', async () => {
    const exposed = ['/assets/main.0123456789.js.map', '/mfe/mfe-account/assets/page.abcdef1234.js.map', '/mfe/mfe-account/mf-stats.json'];
    const dev = await serve(undefined);
    const prod = await serve(undefined, true);
    try {
      for (const file of exposed) expect((await fetch(`${dev.url}${file}`)).status, file).toBe(200);
      for (const file of [...exposed, '/assets/MAIN.0123456789.JS.MAP', '/mfe/mfe-account/mf-stats.json?x=1']) {
        const res = await fetch(`${prod.url}${file}`);
        expect(res.status, file).toBe(404);
        expect(await res.text()).not.toContain('sources');
      }
      expect((await fetch(`${prod.url}/mfe/mfe-account/mf-manifest.json`)).status).toBe(200);
      expect((await fetch(`${prod.url}/assets/main.0123456789.js`)).status).toBe(200);
    } finally {
      await dev.close();
      await prod.close();
    }
  });

  it('never serves a file outside the build folders', async () => {
    const app = await serve(undefined);
    try {
      for (const attack of [
        '/mfe/mfe-account/%2e%2e/%2e%2e/secret.txt',
        '/mfe/mfe-account/..%2f..%2fsecret.txt',
        '/%2e%2e/%2e%2e/secret.txt',
        '/..%2f..%2fsecret.txt',
        '/mfe/..%2fsecret.txt',
      ]) {
        const res = await fetch(`${app.url}${attack}`);
        expect(await res.text(), attack).not.toContain('do not serve');
      }
      expect((await fetch(`${app.url}/%00`)).status).toBe(400);
      expect(safeJoin('/srv/dist', '../secret.txt')).toBeNull();
      expect(safeJoin('/srv/dist', 'a/../../dist2/x')).toBeNull();
      expect(safeJoin('/srv/dist', 'a/b.js')).toBe('/srv/dist/a/b.js');
    } finally {
      await app.close();
    }
  });

  it('says the front end is not built when shell/dist is missing', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'studio-empty-'));
    const app = new Koa().use(createFrontendMiddleware({ remotes: undefined, rootDir: empty }));
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/app`);
      expect(res.status).toBe(503);
      const remotes = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/remotes.json`);
      expect(await remotes.json()).toEqual({ remotes: [] });
    } finally {
      await new Promise((r) => server.close(r));
      await rm(empty, { recursive: true, force: true });
    }
  });
});
