import { ApiRoutes, Messages } from '@studio/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, startTestStudio, type TestStudio } from '../../../test/harness.ts';
import { SLOW_DOWN_BASE_MS } from '../../middlewares/rate-limit.ts';
import { uniqueEmail } from './test-helpers.ts';

let studio: TestStudio;
beforeAll(async () => {
  // One trusted proxy: each test request says which client address it comes from.
  studio = await startTestStudio({ TRUST_PROXY: '1' });
});
afterAll(() => studio?.stop());
beforeEach(() => studio.deps.rateLimitStore.reset());

const stranger = '198.51.100.66';
const owner = '203.0.113.20';
const from = (ip: string) => ({ 'x-forwarded-for': ip });

const tooMany = { error: { code: 'rate_limited', message: Messages.tooManyRequests } };

describe('auth rate limits', () => {
  it('stops sign-in from one address after 10 failed attempts on an e-mail, even with the right password', async () => {
    const user = await createUser(studio);
    const client = studio.client();
    for (let i = 0; i < 10; i++)
      expect((await client.post(ApiRoutes.signin, { email: user.email, password: `wrong-${i}` }, from(stranger))).status).toBe(400);
    const limited = await client.post(ApiRoutes.signin, { email: user.email, password: user.password }, from(stranger));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(tooMany);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    // Another account from the same place is not affected.
    const other = await createUser(studio);
    expect((await client.post(ApiRoutes.signin, { email: other.email, password: other.password }, from(stranger))).status).toBe(200);
  });

  it('does not lock the owner out: a stranger’s failures leave the owner’s own address free', async () => {
    const user = await createUser(studio);
    for (let i = 0; i < 11; i++)
      await studio.client().post(ApiRoutes.signin, { email: user.email, password: `guess-${i}` }, from(stranger));
    expect((await studio.client().post(ApiRoutes.signin, { email: user.email, password: user.password }, from(owner))).status).toBe(200);
  });

  it('slows an e-mail down, never locks it, when failures come from many addresses', async () => {
    const user = await createUser(studio);
    for (let i = 0; i < 11; i++) {
      expect(
        (await studio.client().post(ApiRoutes.signin, { email: user.email, password: `guess-${i}` }, from(`198.51.100.${i + 10}`))).status,
      ).toBe(400);
    }
    const started = performance.now();
    expect((await studio.client().post(ApiRoutes.signin, { email: user.email, password: user.password }, from(owner))).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_DOWN_BASE_MS);
  });

  it('keeps counting across a restart: the counts live in the database', async () => {
    const user = await createUser(studio);
    for (let i = 0; i < 10; i++)
      await studio.client().post(ApiRoutes.signin, { email: user.email, password: `wrong-${i}` }, from(stranger));
    const rows = await studio.deps.db('rate_limit_counters').select('key', 'points as count');
    expect(rows.some((row) => row.count === 10)).toBe(true);
    // No e-mail address or IP is stored in clear.
    expect(JSON.stringify(rows)).not.toContain(user.email);
    expect(JSON.stringify(rows)).not.toContain(stranger);
  });

  it('does not count successful sign-ins', async () => {
    const user = await createUser(studio);
    for (let i = 0; i < 12; i++)
      expect((await studio.client().post(ApiRoutes.signin, { email: user.email, password: user.password })).status).toBe(200);
  });

  it('allows 5 sign-ups an hour per e-mail', async () => {
    const email = uniqueEmail();
    const client = studio.client();
    for (let i = 0; i < 5; i++)
      expect(
        (await client.post(ApiRoutes.signup, { email, password: 'squatter-pass-77', confirmPassword: 'squatter-pass-77' })).status,
      ).toBe(201);
    const limited = await client.post(ApiRoutes.signup, { email, password: 'squatter-pass-77', confirmPassword: 'squatter-pass-77' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(tooMany);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('allows 5 reset e-mails an hour per address, and 20 per IP', async () => {
    const email = uniqueEmail();
    const client = studio.client();
    for (let i = 0; i < 5; i++) expect((await client.post(ApiRoutes.recover, { email })).status).toBe(200);
    expect(await client.post(ApiRoutes.recover, { email })).toMatchObject({ status: 429, body: tooMany });
    for (let i = 0; i < 14; i++) expect((await client.post(ApiRoutes.recover, { email: uniqueEmail() })).status).toBe(200);
    expect(await client.post(ApiRoutes.recover, { email: uniqueEmail() })).toMatchObject({ status: 429, body: tooMany });
  });
});
