import { randomUUID } from 'node:crypto';
import { ADMIN_DAILY_GRANT_CREDITS, ApiRoutes, Messages } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestStudio, type TestClient, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
let admin: TestClient;
let adminId: string;
beforeAll(async () => {
  studio = await startTestStudio({ ADMIN_EMAILS: 'boss@example.com,deputy@example.com' });
  const boss = await signedInUser(studio, { email: 'Boss@Example.com' });
  admin = boss.client;
  adminId = boss.user.id;
});
afterAll(() => studio?.stop());

const creditsPath = (userId: string) => `/api/admin/users/${userId}/credits`;

describe('admin credits', () => {
  it('refuses non-admins with 403 "Admin access denied", and visitors with 401', async () => {
    const { user, client } = await signedInUser(studio);
    for (const res of [
      await client.get(creditsPath(user.id)),
      await client.post(creditsPath(user.id), { amount: 100, description: 'self-service' }, { 'idempotency-key': 'k1' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'forbidden', message: Messages.adminAccessDenied });
    }
    expect((await client.get(ApiRoutes.credits)).body.credits).toBe(20);
    expect((await studio.client().get(creditsPath(user.id))).status).toBe(401);
  });

  it('shows an admin a user’s balance and ledger, and grants credits once per Idempotency-Key', async () => {
    const { user, client } = await signedInUser(studio);
    await client.get(ApiRoutes.profile);

    const missingKey = await admin.post(creditsPath(user.id), { amount: 30, description: 'goodwill' });
    expect(missingKey.status).toBe(400);

    const grants = await Promise.all(
      Array.from({ length: 3 }, () =>
        admin.post(creditsPath(user.id), { amount: 30, description: 'goodwill' }, { 'idempotency-key': 'ticket-42' }),
      ),
    );
    expect(grants.map((g) => g.status)).toEqual([200, 200, 200]);
    expect(new Set(grants.map((g) => g.body.transaction.id)).size).toBe(1);
    expect(grants[0]!.body.transaction).toMatchObject({ transaction_type: 'MANUAL_CREDIT', amount: 30, description: 'goodwill' });
    expect(grants.map((g) => g.body.balance)).toEqual([50, 50, 50]);

    const view = await admin.get(creditsPath(user.id));
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ userId: user.id, email: user.email, balance: 50 });
    expect(view.body.transactions.map((t: { transaction_type: string }) => t.transaction_type)).toEqual(['MANUAL_CREDIT', 'TRIAL_CREDIT']);
    expect((await client.get(ApiRoutes.credits)).body.credits).toBe(50);
  });

  it('records each grant in the admins’ audit trail once, with the admin who made it', async () => {
    const { user } = await signedInUser(studio);
    const key = randomUUID();
    const first = await admin.post(
      creditsPath(user.id),
      { amount: 25, description: 'refund of a failed order' },
      { 'idempotency-key': key },
    );
    expect(first.status).toBe(200);
    expect(
      (await admin.post(creditsPath(user.id), { amount: 25, description: 'refund of a failed order' }, { 'idempotency-key': key })).status,
    ).toBe(200);
    const audit = await studio.deps.db('admin_audit').whereRaw("details->>'userId' = ?", [user.id]).select('admin_id', 'action', 'details');
    expect(audit).toEqual([
      { admin_id: adminId, action: 'credit_grant', details: { userId: user.id, credits: 25, transactionId: first.body.transaction.id } },
    ]);
  });

  it(`lets an admin grant at most ${ADMIN_DAILY_GRANT_CREDITS} credits a UTC day, over all users; past it nothing is granted`, async () => {
    const deputy = await signedInUser(studio, { email: 'deputy@example.com' });
    const [first, second] = [await signedInUser(studio), await signedInUser(studio)];
    const grant = (userId: string, amount: number, key = randomUUID()) =>
      deputy.client.post(creditsPath(userId), { amount, description: 'goodwill' }, { 'idempotency-key': key });
    // What the deputy granted yesterday does not count today.
    await studio.deps.db('admin_audit').insert({
      admin_id: deputy.user.id,
      action: 'credit_grant',
      details: JSON.stringify({ userId: first.user.id, credits: ADMIN_DAILY_GRANT_CREDITS }),
      created_at: studio.deps.db.raw("date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 second'"),
    });

    // Three at once that together pass the cap: only two are granted.
    const big = ADMIN_DAILY_GRANT_CREDITS * 0.4;
    const racing = await Promise.all([grant(first.user.id, big), grant(second.user.id, big), grant(first.user.id, big)]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 403]);
    const refused = racing.find((r) => r.status === 403)!;
    expect(refused.body.error).toEqual({
      code: 'forbidden',
      message: Messages.adminDailyGrantLimit,
      details: { limit: ADMIN_DAILY_GRANT_CREDITS, remaining: ADMIN_DAILY_GRANT_CREDITS - 2 * big },
    });

    const last = randomUUID();
    expect((await grant(second.user.id, ADMIN_DAILY_GRANT_CREDITS - 2 * big, last)).status).toBe(200);
    const over = await grant(second.user.id, 1);
    expect(over.status).toBe(403);
    expect(over.body.error.message).toBe(Messages.adminDailyGrantLimit);
    // A retry of a grant already made answers it again; it is not a new grant.
    expect((await grant(second.user.id, ADMIN_DAILY_GRANT_CREDITS - 2 * big, last)).status).toBe(200);

    const balance = async (client: TestClient) => (await client.get(ApiRoutes.credits)).body.credits as number;
    expect((await balance(first.client)) + (await balance(second.client))).toBe(2 * 20 + ADMIN_DAILY_GRANT_CREDITS);
    // Another admin's day is their own.
    expect(
      (await admin.post(creditsPath(first.user.id), { amount: 5, description: 'goodwill' }, { 'idempotency-key': randomUUID() })).status,
    ).toBe(200);
  });

  it('answers 400 to bad grants and 404 to unknown users', async () => {
    const { user } = await signedInUser(studio);
    for (const body of [
      { amount: 0, description: 'x' },
      { amount: -5, description: 'x' },
      { amount: 1.5, description: 'x' },
      { amount: 5 },
      { amount: '5', description: 'x' },
    ]) {
      expect((await admin.post(creditsPath(user.id), body, { 'idempotency-key': randomUUID() })).status).toBe(400);
    }
    expect((await admin.get(creditsPath(randomUUID()))).status).toBe(404);
    expect((await admin.get(creditsPath('not-a-uuid'))).status).toBe(404);
  });

  it('is described in the OpenAPI document', async () => {
    const { body } = await studio.client().get(ApiRoutes.openapi);
    expect(Object.keys(body.paths['/api/admin/users/{id}/credits'])).toEqual(expect.arrayContaining(['get', 'post']));
  });
});
