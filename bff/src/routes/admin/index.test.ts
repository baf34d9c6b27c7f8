import { randomUUID } from 'node:crypto';
import { ApiRoutes, Messages } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestStudio, type TestClient, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
let admin: TestClient;
beforeAll(async () => {
  studio = await startTestStudio({ ADMIN_EMAILS: 'boss@example.com' });
  admin = (await signedInUser(studio, { email: 'Boss@Example.com' })).client;
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
