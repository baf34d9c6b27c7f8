import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseJsonBodies } from '../middlewares/body.ts';
import { errorHandler } from '../middlewares/errors.ts';
import { route } from './route.ts';

/** Routes whose handlers never parse: whatever they answer is what `route()` handed them. */
const Greeting = z.object({
  name: z.string({ error: 'A name is required' }).trim().min(1, { error: 'A name is required' }),
  times: z.number().int().min(1).default(1),
});
const Page = z.object({ page: z.coerce.number().int().min(1, { error: 'Pages start at 1' }).default(1) });
const Params = z.object({ id: z.string().regex(/^\d+$/, { error: 'Not a number' }).transform(Number) });
const Fields = z.object({ title: z.string({ error: 'A title is required' }) });

let server: ReturnType<Koa['listen']>;
let base: string;
const seen: { handlerRan: number; upload: number } = { handlerRan: 0, upload: 0 };

beforeAll(async () => {
  const router = new Router();
  route(
    router,
    { method: 'post', path: '/api/greetings/:id', summary: 'test', params: Params, query: Page, body: Greeting, responses: { 200: 'ok' } },
    async (ctx, input) => {
      seen.handlerRan += 1;
      ctx.body = input;
    },
  );
  route(
    router,
    { method: 'post', path: '/api/private', summary: 'test', auth: 'user', body: Greeting, responses: { 200: 'ok' } },
    (ctx) => {
      ctx.body = { reached: true };
    },
  );
  route(
    router,
    { method: 'post', path: '/api/uploads', summary: 'test', multipart: { file: 'a file' }, fields: Fields, responses: { 200: 'ok' } },
    // Stands in for the upload gate: `route()` reads the fields it accepted.
    async (ctx, next) => {
      seen.upload += 1;
      (ctx.state as { upload?: unknown }).upload = { fields: ctx.get('x-fields') ? JSON.parse(ctx.get('x-fields')) : {}, files: {} };
      await next();
    },
    (ctx, { fields }) => {
      ctx.body = { title: fields.title };
    },
  );
  const app = new Koa();
  app.use(errorHandler);
  app.use(parseJsonBodies({ limit: '1mb' }));
  app.use(router.routes());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

describe('route() parses what a route declares', () => {
  it('refuses a bad body, query or path param with the 400 the error middleware gives zod errors, before the handler runs', async () => {
    const before = seen.handlerRan;
    expect(await post('/api/greetings/7', { name: '   ' })).toEqual({
      status: 400,
      body: { error: { code: 'invalid_request', message: 'A name is required', details: { field: 'name' } } },
    });
    expect(await post('/api/greetings/7')).toEqual({
      status: 400,
      body: { error: { code: 'invalid_request', message: 'A name is required', details: { field: 'name' } } },
    });
    expect((await post('/api/greetings/7?page=0', { name: 'Ada' })).body.error).toEqual({
      code: 'invalid_request',
      message: 'Pages start at 1',
      details: { field: 'page' },
    });
    expect((await post('/api/greetings/seven', { name: 'Ada' })).body.error).toEqual({
      code: 'invalid_request',
      message: 'Not a number',
      details: { field: 'id' },
    });
    expect(seen.handlerRan).toBe(before);
  });

  it('hands the handler the parsed values: trimmed, coerced, defaults applied, unknown keys stripped', async () => {
    const res = await post('/api/greetings/42?page=3', { name: '  Ada ', admin: true });
    expect(res).toEqual({
      status: 200,
      body: { body: { name: 'Ada', times: 1 }, query: { page: 3 }, params: { id: 42 } },
    });
  });

  it('runs the auth guard first: a visitor learns nothing about the body a private route takes', async () => {
    expect(await post('/api/private', { name: 5 })).toMatchObject({ status: 401, body: { error: { code: 'unauthenticated' } } });
  });

  it('parses multipart fields once the gate before the handler has accepted them', async () => {
    const uploads = seen.upload;
    expect(await post('/api/uploads', undefined, { 'x-fields': JSON.stringify({ title: 'Mug', other: 'x' }) })).toEqual({
      status: 200,
      body: { title: 'Mug' },
    });
    expect(await post('/api/uploads')).toEqual({
      status: 400,
      body: { error: { code: 'invalid_request', message: 'A title is required', details: { field: 'title' } } },
    });
    expect(seen.upload).toBe(uploads + 2);
  });
});
