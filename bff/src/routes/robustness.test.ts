import { ApiRoutes, Messages } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestStudio, type TestClient, type TestStudio } from '../../test/harness.ts';

/**
 * "No 500 from user input": every route of the OpenAPI document, called by a signed-in user with
 * malformed bodies and query strings, answers a 4xx (or a success) in the one error shape.
 */
let studio: TestStudio;
let client: TestClient;
let userId: string;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  studio = await startTestStudio({ ADMIN_EMAILS: 'fuzz-admin@example.com' });
  let user: { id: string };
  ({ client, user } = await signedInUser(studio, { email: 'fuzz-admin@example.com' }));
  userId = user.id;
  const { body } = await client.get(ApiRoutes.openapi);
  routes = Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{\w+\}/g, 'not-a-uuid') })),
  );
});
afterAll(() => studio?.stop());

const BODIES: [string, string][] = [
  ['broken JSON', '{"email": '],
  ['a JSON array', '[1, 2, 3]'],
  ['a JSON string', '"hello"'],
  ['null', 'null'],
  ['wrong types', '{"email": 5, "password": ["x"], "credits": "many", "username": {"a": 1}, "amount": 1e309}'],
  [
    'NUL characters in text',
    JSON.stringify({
      email: 'a\u0000@example.com',
      username: 'ab\u0000c',
      full_name: 'x\u0000y',
      password: 'pass\u0000word',
      confirmPassword: 'pass\u0000word',
      token: 't\u0000',
    }),
  ],
  [
    'a huge string',
    JSON.stringify({ email: `${'a'.repeat(100_000)}@example.com`, username: 'é'.repeat(50_000), password: 'p'.repeat(50_000) }),
  ],
];

const QUERIES = [
  '?page=-1&days=abc&quantity=NaN&taskType=%00&username=%ff',
  '?page[]=1&days[x]=2&token=',
  '?quantity=1e400&modelName=' + 'm'.repeat(5000),
];

/** Ids a loose pattern (36 of hex digits and dashes) lets through, and PostgreSQL refuses as a uuid. */
const MALFORMED_IDS = ['------------------------------------', 'a'.repeat(36), '0-'.repeat(18), 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaa-'];
/** Query parameters that name a row. */
const ID_QUERY_NAMES = ['jobId', 'characterId', 'assetId', 'productId', 'modelId', 'voiceId', 'userId', 'id'];
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const VALID_ID = '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f';
/** Cursors of each shape the studio writes, holding a date or an id PostgreSQL refuses. */
const MALFORMED_CURSORS = [
  ...['99999-01-01T00:00:00.000Z', '+099999-01-01T00:00:00.000Z', '2024-13-45', '2024-13-45T00:00:00.000Z', '2024-02-30T10:00:00Z'].flatMap(
    (at) => [base64url({ createdAt: at, id: VALID_ID }), base64url([at, VALID_ID])],
  ),
  ...MALFORMED_IDS.flatMap((id) => [base64url({ createdAt: '2024-01-01T00:00:00.000Z', id }), base64url(['2024-01-01T00:00:00.000Z', id])]),
];

describe('user input never causes a 500', () => {
  it('holds for malformed bodies on every state-changing route', async () => {
    // Signing out or deleting the account would end the session the other calls need.
    const changing = routes.filter((r) => r.method !== 'GET' && r.path !== ApiRoutes.account && r.path !== ApiRoutes.signout);
    expect(changing.length).toBeGreaterThan(8);
    for (const { method, path } of changing) {
      const empty = await client.request(method, path, undefined, { 'content-type': 'application/json' });
      expect(empty.status, `${method} ${path} without a body`).toBeLessThan(500);
      for (const [label, body] of BODIES) {
        const raw = await fetch(new URL(path, studio.url), {
          method,
          headers: { 'content-type': 'application/json', origin: new URL(studio.url).origin, cookie: client.cookieHeader },
          body,
        });
        expect(raw.status, `${method} ${path} with ${label}`).toBeLessThan(500);
        if (raw.status >= 400) {
          const answer = (await raw.json()) as { error?: { message?: unknown } };
          expect(answer.error?.message, `${method} ${path} with ${label}`).toEqual(expect.any(String));
        }
      }
    }
    // Every call above ran signed in, so it reached the route's own validation.
    expect((await client.get(ApiRoutes.session)).body.user).not.toBeNull();
  });

  it('answers a NUL character in a text field with a clear 400', async () => {
    const res = await client.patch(ApiRoutes.profile, { full_name: 'Ada\u0000Lovelace' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', message: Messages.nulCharacter });
  });

  it('answers a body with a bad Content-Encoding with a clear 400 on every state-changing route', async () => {
    for (const { method, path } of routes.filter((r) => r.method !== 'GET')) {
      for (const [encoding, body] of [
        ['bogus', '{}'],
        ['gzip', 'not gzip at all'],
        ['deflate', '{"a":1}'],
        ['br', 'nope'],
      ] as const) {
        const raw = await fetch(new URL(path, studio.url), {
          method,
          headers: {
            'content-type': 'application/json',
            'content-encoding': encoding,
            origin: new URL(studio.url).origin,
            cookie: client.cookieHeader,
          },
          body,
        });
        const label = `${method} ${path} with Content-Encoding: ${encoding}`;
        expect(raw.status, label).toBeLessThan(500);
        if (raw.status >= 400 && raw.status !== 401 && raw.status !== 403 && raw.status !== 429) {
          expect(raw.status, label).toBe(400);
          expect(((await raw.json()) as { error: { message: string } }).error.message, label).toBe(Messages.contentEncodingUnsupported);
        }
      }
    }
  });

  it('answers a malformed id or cursor with a 4xx on every route', async () => {
    const documented = Object.entries((await client.get(ApiRoutes.openapi)).body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
    );
    const withParams = documented.filter((r) => /\{\w+\}/.test(r.path));
    expect(withParams.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const id of MALFORMED_IDS) {
      for (const { method, path } of withParams) {
        const url = path.replace(/\{\w+\}/g, encodeURIComponent(id));
        const res = await client.request(method, url, method === 'GET' ? undefined : {}, { 'content-type': 'application/json' });
        if (res.status >= 500) failures.push(`${method} ${url}: ${res.status}`);
      }
      for (const { path } of documented.filter((r) => r.method === 'GET' && !/\{\w+\}/.test(r.path))) {
        const query = ID_QUERY_NAMES.map((name) => `${name}=${encodeURIComponent(id)}`).join('&');
        const res = await client.get(`${path}?${query}`);
        if (res.status >= 500) failures.push(`GET ${path}?${query}: ${res.status}`);
      }
    }
    for (const cursor of MALFORMED_CURSORS) {
      for (const { path } of documented.filter((r) => r.method === 'GET' && !/\{\w+\}/.test(r.path))) {
        const res = await client.get(`${path}?cursor=${encodeURIComponent(cursor)}`);
        if (res.status >= 500) failures.push(`GET ${path}?cursor=${cursor}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a malformed id or cursor date with a 400 invalid_request that says so', async () => {
    const dashes = MALFORMED_IDS[0]!;
    const calls: [string, string, string][] = [
      ['GET', `${ApiRoutes.jobStatus}/${dashes}`, Messages.invalidId],
      ['POST', `${ApiRoutes.jobs}/${dashes}/cancel`, Messages.invalidId],
      ['DELETE', `${ApiRoutes.userAssets}/${dashes}`, Messages.invalidId],
      ['POST', `${ApiRoutes.characters}/${dashes}/assets/${dashes}`, Messages.invalidId],
      ['DELETE', `${ApiRoutes.savedVoices}/${dashes}`, Messages.invalidId],
      ['PATCH', `${ApiRoutes.voiceProfiles}/${dashes}`, Messages.invalidId],
      ['POST', `/api/admin/jobs/${dashes}/cancel`, Messages.invalidId],
      [
        'GET',
        `${ApiRoutes.userAssets}/${userId}?cursor=${base64url({ createdAt: '99999-01-01T00:00:00.000Z', id: VALID_ID })}`,
        Messages.invalidCursor,
      ],
      ['GET', `${ApiRoutes.userAssets}/${userId}?cursor=${base64url({ createdAt: '2024-13-45', id: VALID_ID })}`, Messages.invalidCursor],
      ['GET', `/api/admin/jobs?cursor=${base64url(['2024-02-30T10:00:00Z', VALID_ID])}`, Messages.invalidCursor],
      ['GET', `/api/admin/jobs?cursor=${base64url(['2024-01-01T00:00:00.000Z', dashes])}`, Messages.invalidCursor],
    ];
    for (const [method, url, message] of calls) {
      const res = await client.request(method, url, method === 'GET' ? undefined : {});
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(res.body.error, `${method} ${url}`).toMatchObject({ code: 'invalid_request', message });
    }
    // A well-formed id of nothing is still "not found".
    expect((await client.get(`${ApiRoutes.jobStatus}/${VALID_ID}`)).status).toBe(404);
  });

  it('holds for odd query strings on every read', async () => {
    for (const { path } of routes.filter((r) => r.method === 'GET')) {
      for (const query of QUERIES) {
        const res = await client.get(path + query);
        expect(res.status, `GET ${path}${query.slice(0, 40)}`).toBeLessThan(500);
      }
    }
  });
});
