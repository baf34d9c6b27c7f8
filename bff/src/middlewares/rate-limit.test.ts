import type { AddressInfo } from 'node:net';
import { Messages } from '@studio/contracts';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../test/harness.ts';
import { errorHandler } from './errors.ts';
import { PostgresRateLimitStore, rateLimit, SLOW_DOWN_BASE_MS, type RateLimitStore } from './rate-limit.ts';

let studio: TestStudio;
let store: RateLimitStore;
let server: ReturnType<Koa['listen']>;
let base: string;

/** A small app whose routes answer 200 or 400 as the body asks, behind limits with small numbers. */
function limitedApp(routeStore: RateLimitStore): Koa {
  const app = new Koa();
  app.proxy = true;
  app.use(errorHandler);
  app.use(koaBody());
  const limits: Record<string, Koa.Middleware> = {
    '/strict': rateLimit({
      name: 'strict',
      store: routeStore,
      rules: [
        { by: 'email', max: 2, windowMs: 60_000 },
        { by: 'ip', max: 4, windowMs: 60_000 },
      ],
    }),
    '/lenient': rateLimit({ name: 'lenient', store: routeStore, rules: [{ by: 'email', max: 2, windowMs: 300 }], countFailuresOnly: true }),
    '/pair': rateLimit({ name: 'pair', store: routeStore, rules: [{ by: 'email-ip', max: 2, windowMs: 60_000 }], countFailuresOnly: true }),
    '/slow': rateLimit({ name: 'slow', store: routeStore, rules: [{ by: 'ip', slowDownAfter: 2, max: 4, windowMs: 60_000 }] }),
  };
  app.use(async (ctx, next) => {
    const body = ctx.request.body as { ok?: boolean };
    const limit = limits[ctx.path];
    if (!limit) return next();
    return limit(ctx, async () => {
      ctx.status = body.ok ? 200 : 400;
      ctx.body = { ok: body.ok ?? false };
    });
  });
  return app;
}

beforeAll(async () => {
  studio = await startTestStudio();
  store = new PostgresRateLimitStore(studio.deps.db);
  server = limitedApp(store).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await studio?.stop();
});
beforeEach(() => store.reset());

const post = (path: string, body: object, ip = '203.0.113.1') =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

describe('rateLimit', () => {
  it('answers 429 with the spec-style message and Retry-After once a per-e-mail limit is used up', async () => {
    expect((await post('/strict', { email: 'A@example.com', ok: true })).status).toBe(200);
    expect((await post('/strict', { email: 'a@example.com ', ok: true })).status).toBe(200);
    const limited = await post('/strict', { email: 'a@example.com', ok: true });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: { code: 'rate_limited', message: Messages.tooManyRequests } });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is still served…
    expect((await post('/strict', { email: 'b@example.com', ok: true })).status).toBe(200);
  });

  it('limits per IP whatever the e-mail', async () => {
    for (let i = 0; i < 4; i++) expect((await post('/strict', { email: `ip${i}@example.com`, ok: true })).status).toBe(200);
    expect((await post('/strict', { email: 'fresh@example.com', ok: true })).status).toBe(429);
    expect((await post('/strict', {})).status).toBe(429);
    expect((await post('/strict', { ok: true }, '203.0.113.2')).status).toBe(200);
  });

  it('with countFailuresOnly, counts only failed attempts, and the window ends', async () => {
    for (let i = 0; i < 5; i++) expect((await post('/lenient', { email: 'c@example.com', ok: true })).status).toBe(200);
    expect((await post('/lenient', { email: 'c@example.com', ok: false })).status).toBe(400);
    expect((await post('/lenient', { email: 'c@example.com', ok: false })).status).toBe(400);
    expect((await post('/lenient', { email: 'c@example.com', ok: true })).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await post('/lenient', { email: 'c@example.com', ok: true })).status).toBe(200);
  });

  it('counts an (e-mail, IP) pair: failures from one address do not lock the e-mail elsewhere', async () => {
    for (let i = 0; i < 2; i++) expect((await post('/pair', { email: 'd@example.com' }, '198.51.100.7')).status).toBe(400);
    expect((await post('/pair', { email: 'd@example.com', ok: true }, '198.51.100.7')).status).toBe(429);
    expect((await post('/pair', { email: 'd@example.com', ok: true }, '203.0.113.9')).status).toBe(200);
  });

  it('slows answers down past the threshold, then refuses a flood', async () => {
    const timed = async () => {
      const started = performance.now();
      const response = await post('/slow', {});
      return { status: response.status, ms: performance.now() - started };
    };
    expect((await timed()).status).toBe(400);
    expect((await timed()).status).toBe(400);
    const third = await timed();
    expect(third.status).toBe(400);
    expect(third.ms).toBeGreaterThanOrEqual(SLOW_DOWN_BASE_MS);
    const fourth = await timed();
    expect(fourth.ms).toBeGreaterThanOrEqual(2 * SLOW_DOWN_BASE_MS);
    expect((await timed()).status).toBe(429);
  });

  it('keeps counts in PostgreSQL: another process (or a restarted one) sees them', async () => {
    for (let i = 0; i < 2; i++) expect((await post('/strict', { email: 'e@example.com', ok: true })).status).toBe(200);
    const secondProcess = limitedApp(new PostgresRateLimitStore(studio.deps.db)).listen(0, '127.0.0.1');
    await new Promise((resolve) => secondProcess.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(secondProcess.address() as AddressInfo).port}/strict`;
      const limited = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'e@example.com', ok: true }),
      });
      expect(limited.status).toBe(429);
    } finally {
      await new Promise<void>((resolve) => secondProcess.close(() => resolve()));
    }
  });

  it('counts concurrent attempts exactly, per e-mail and per address', async () => {
    // Each counter on its own (with both, which of two refusals comes first depends on arrival order).
    const sameEmail = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('/strict', { email: 'f@example.com', ok: true }, `192.0.2.${60 + i}`)),
    );
    expect(sameEmail.filter((a) => a.status === 200)).toHaveLength(2);
    const sameAddress = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('/strict', { email: `g${i}@example.com`, ok: true }, '192.0.2.50')),
    );
    expect(sameAddress.filter((a) => a.status === 200)).toHaveLength(4);
  });
});
