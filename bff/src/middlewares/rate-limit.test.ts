import type { AddressInfo } from 'node:net';
import { Messages } from '@studio/contracts';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errors.ts';
import { MemoryRateLimitStore, rateLimit } from './rate-limit.ts';

const store = new MemoryRateLimitStore();
let server: ReturnType<Koa['listen']>;
let base: string;

beforeAll(async () => {
  const app = new Koa();
  app.use(errorHandler);
  app.use(koaBody());
  const strict = rateLimit({ name: 'strict', store, rules: [{ by: 'email', max: 2, windowMs: 60_000 }, { by: 'ip', max: 4, windowMs: 60_000 }] });
  const lenient = rateLimit({ name: 'lenient', store, rules: [{ by: 'email', max: 2, windowMs: 200 }], countFailuresOnly: true });
  app.use(async (ctx, next) => {
    const body = ctx.request.body as { ok?: boolean };
    const respond = () => {
      ctx.status = body.ok ? 200 : 400;
      ctx.body = { ok: body.ok ?? false };
    };
    if (ctx.path === '/strict') return strict(ctx, async () => respond());
    if (ctx.path === '/lenient') return lenient(ctx, async () => respond());
    return next();
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, body: object) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('rateLimit', () => {
  it('answers 429 with the spec-style message and Retry-After once a per-e-mail limit is used up', async () => {
    store.reset();
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
    store.reset();
    for (let i = 0; i < 4; i++) expect((await post('/strict', { email: `ip${i}@example.com`, ok: true })).status).toBe(200);
    expect((await post('/strict', { email: 'fresh@example.com', ok: true })).status).toBe(429);
    expect((await post('/strict', {})).status).toBe(429);
  });

  it('with countFailuresOnly, counts only failed attempts, and the window ends', async () => {
    store.reset();
    for (let i = 0; i < 5; i++) expect((await post('/lenient', { email: 'c@example.com', ok: true })).status).toBe(200);
    expect((await post('/lenient', { email: 'c@example.com', ok: false })).status).toBe(400);
    expect((await post('/lenient', { email: 'c@example.com', ok: false })).status).toBe(400);
    expect((await post('/lenient', { email: 'c@example.com', ok: true })).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await post('/lenient', { email: 'c@example.com', ok: true })).status).toBe(200);
  });
});
