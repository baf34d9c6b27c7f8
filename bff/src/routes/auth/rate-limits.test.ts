import { ApiRoutes, Messages } from '@studio/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, startTestStudio, type TestStudio } from '../../../test/harness.ts';
import { uniqueEmail } from './test-helpers.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());
beforeEach(() => studio.deps.rateLimitStore.reset());

const tooMany = { error: { code: 'rate_limited', message: Messages.tooManyRequests } };

describe('auth rate limits', () => {
  it('stops sign-in after 10 failed attempts on one e-mail, even with the right password', async () => {
    const user = await createUser(studio);
    const client = studio.client();
    for (let i = 0; i < 10; i++) expect((await client.post(ApiRoutes.signin, { email: user.email, password: `wrong-${i}` })).status).toBe(400);
    const limited = await client.post(ApiRoutes.signin, { email: user.email, password: user.password });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(tooMany);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    // Another account from the same place is not affected.
    const other = await createUser(studio);
    expect((await client.post(ApiRoutes.signin, { email: other.email, password: other.password })).status).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const user = await createUser(studio);
    for (let i = 0; i < 12; i++) expect((await studio.client().post(ApiRoutes.signin, { email: user.email, password: user.password })).status).toBe(200);
  });

  it('allows 5 sign-ups an hour per e-mail', async () => {
    const email = uniqueEmail();
    const client = studio.client();
    for (let i = 0; i < 5; i++) expect((await client.post(ApiRoutes.signup, { email, password: 'pw123456', confirmPassword: 'pw123456' })).status).toBe(201);
    const limited = await client.post(ApiRoutes.signup, { email, password: 'pw123456', confirmPassword: 'pw123456' });
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
