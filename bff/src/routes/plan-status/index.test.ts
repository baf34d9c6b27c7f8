import { randomUUID } from 'node:crypto';
import { ApiRoutes } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planStatusNotice, signedInUser, startTestStudio, type TestStudio } from '../../../test/harness.ts';
import { applyTierChange } from '../../services/credits/tiers.ts';
import { debitCredits, grantCredits } from '../../services/credits/ledger.ts';
import { getPlanStatus, invalidatePlanStatus } from '../../services/plans/plan-status.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

const db = () => studio.deps.db;
const debit = (userId: string, credits: number) =>
  debitCredits(db(), { userId, credits, description: 'test', taskType: 'image', idempotencyKey: randomUUID() });

describe('GET /api/plan-status', () => {
  it('needs a session', async () => {
    expect((await studio.client().get(ApiRoutes.planStatus)).status).toBe(401);
  });

  it('lets a trial user with credits through (creating the profile on the way)', async () => {
    const { user, client } = await signedInUser(studio);
    const res = await client.get(ApiRoutes.planStatus);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ needsPlan: false, reason: 'trial_with_credits' });
    expect(await db()('profiles').where({ id: user.id })).toHaveLength(1);
  });

  it('asks a trial user with no credits left to choose a plan, as soon as the last credit is spent', async () => {
    const { user, client } = await signedInUser(studio);
    expect((await client.get(ApiRoutes.planStatus)).body.needsPlan).toBe(false);
    await debit(user.id, 20);
    expect((await client.get(ApiRoutes.planStatus)).body).toEqual({ needsPlan: true, reason: 'trial_no_credits' });
    await grantCredits(db(), { userId: user.id, type: 'TOPUP_CREDIT', credits: 100, description: 'pack', idempotencyKey: randomUUID() });
    expect((await client.get(ApiRoutes.planStatus)).body).toEqual({ needsPlan: false, reason: 'trial_with_credits' });
  });

  it('asks a non-trial user without an active subscription, not one with it', async () => {
    const { user, client } = await signedInUser(studio);
    await client.get(ApiRoutes.profile);
    await applyTierChange(db(), user.id, 'basic', randomUUID());
    expect((await client.get(ApiRoutes.planStatus)).body).toEqual({ needsPlan: true, reason: 'no_active_subscription' });

    const plan = await db()('subscription_plans').where({ plan_tier: 'growth' }).first();
    await db()('user_subscriptions').insert({ user_id: user.id, plan_id: plan.id, status: 'active' });
    invalidatePlanStatus(user.id); // what the payments code does after writing a subscription
    expect((await client.get(ApiRoutes.planStatus)).body).toEqual({ needsPlan: false, reason: 'active_subscription' });
  });

  it('caches the answer per user until a tier change or a ledger write invalidates it', async () => {
    const { user, client } = await signedInUser(studio);
    // The trial grant takes the balance above zero: its notice is heard before the answer is cached.
    const granted = planStatusNotice(studio, user.id);
    await client.get(ApiRoutes.profile);
    await granted;
    expect((await client.get(ApiRoutes.planStatus)).body).toEqual({ needsPlan: false, reason: 'trial_with_credits' });
    // A tier change, however it is made, is announced by the database.
    const changed = planStatusNotice(studio, user.id);
    await db()('profiles').where({ id: user.id }).update({ subscription_tier: 'free' });
    await changed;
    expect((await client.get(ApiRoutes.planStatus)).body).toEqual({ needsPlan: true, reason: 'no_active_subscription' });
    // A subscription written behind the service's back (the payments code announces its own): the cached answer stands.
    const plan = await db()('subscription_plans').where({ plan_tier: 'growth' }).first();
    await db()('user_subscriptions').insert({ user_id: user.id, plan_id: plan.id, status: 'active' });
    expect((await client.get(ApiRoutes.planStatus)).body).toEqual({ needsPlan: true, reason: 'no_active_subscription' });
    // Any ledger write through the credits service drops the cached answer.
    await debit(user.id, 1);
    expect((await client.get(ApiRoutes.planStatus)).body).toEqual({ needsPlan: false, reason: 'active_subscription' });
  });

  it('forgets the cached answer when another process writes the ledger (database notification)', async () => {
    const { user, client } = await signedInUser(studio);
    const heard = planStatusNotice(studio, user.id);
    await client.get(ApiRoutes.profile);
    await heard;
    expect((await client.get(ApiRoutes.planStatus)).body.reason).toBe('trial_with_credits');
    // A Temporal worker (or any other process) debits through SQL: this process's cache never sees
    // the call, but the balance reaching zero is announced.
    await db().raw('SELECT add_credit_transaction(?, ?, ?, ?, NULL, NULL, NULL, ?)', [
      user.id,
      'TASK_DEBIT',
      -20,
      'elsewhere',
      randomUUID(),
    ]);
    const started = Date.now();
    let reason = '';
    while (Date.now() - started < 5000 && reason !== 'trial_no_credits') {
      reason = (await client.get(ApiRoutes.planStatus)).body.reason;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(reason).toBe('trial_no_credits');
  });

  it('forces the paywall when the check fails, and does not cache the failure', async () => {
    const ghost = { id: randomUUID(), email: 'ghost@example.com' };
    let logged: unknown = null;
    expect(await getPlanStatus(db(), ghost, (e) => (logged = e))).toEqual({ needsPlan: true, reason: 'check_failed' });
    expect(logged).toBeTruthy();
    await db()('users').insert({ id: ghost.id, email: ghost.email });
    expect(await getPlanStatus(db(), ghost)).toEqual({ needsPlan: false, reason: 'trial_with_credits' });
  });

  it('is described in the OpenAPI document', async () => {
    const { body } = await studio.client().get(ApiRoutes.openapi);
    expect(body.paths[ApiRoutes.planStatus].get).toBeDefined();
  });
});
