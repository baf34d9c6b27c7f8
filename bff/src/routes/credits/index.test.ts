import { randomUUID } from 'node:crypto';
import {
  ApiRoutes,
  CREDIT_HISTORY_PAGE_SIZE,
  CREDIT_VALUE_USD,
  INITIAL_TRIAL_CREDITS,
  PLAN_LIMITS,
  TASK_CREDITS,
  TIER_CHANGE_CREDITS,
} from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestStudio, type TestClient, type TestStudio } from '../../../test/harness.ts';
import { AppError } from '../../errors.ts';
import { applyTierChange } from '../../services/credits/tiers.ts';
import { debitCredits, grantCredits } from '../../services/credits/ledger.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

const db = () => studio.deps.db;

/** A signed-in user whose profile (with the trial credits) exists. */
async function member() {
  const signed = await signedInUser(studio);
  await signed.client.get(ApiRoutes.profile);
  return signed;
}

const debit = (userId: string, credits: number, taskType = 'image') =>
  debitCredits(db(), { userId, credits, description: 'test', taskType, idempotencyKey: randomUUID() });
const grant = (userId: string, credits: number) =>
  grantCredits(db(), { userId, type: 'MANUAL_CREDIT', credits, description: 'test', idempotencyKey: randomUUID() });

async function subscribe(userId: string, tier = 'growth') {
  const plan = await db()('subscription_plans').where({ plan_tier: tier }).first();
  await db()('user_subscriptions').insert({ user_id: userId, plan_id: plan.id, status: 'active', billing_interval: 'month' });
  return plan as { id: string; plan_name: string; monthly_credits: number };
}

const ledgerSum = async (userId: string) =>
  Number((await db()('credit_transactions').where({ user_id: userId }).sum('amount as s').first())?.s ?? 0);

describe('GET /api/credits', () => {
  it('needs a session', async () => {
    expect((await studio.client().get(ApiRoutes.credits)).status).toBe(401);
  });

  it('shows the trial balance with a low-balance warning and a top-up recommendation', async () => {
    const { client } = await signedInUser(studio);
    const res = await client.get(ApiRoutes.credits);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      credits: INITIAL_TRIAL_CREDITS,
      resetDate: null,
      tier: 'trial',
      subscription: null,
      lowBalanceWarning: true,
      recommendation: 'topup',
      dollarValue: INITIAL_TRIAL_CREDITS * CREDIT_VALUE_USD,
    });
  });

  it('recommends an upgrade at 10 credits or fewer, and warns no more above 50', async () => {
    const { user, client } = await member();
    await debit(user.id, 10);
    expect((await client.get(ApiRoutes.credits)).body).toMatchObject({ credits: 10, lowBalanceWarning: true, recommendation: 'upgrade' });
    await grant(user.id, 40);
    expect((await client.get(ApiRoutes.credits)).body).toMatchObject({ credits: 50, lowBalanceWarning: true, recommendation: 'topup' });
    await grant(user.id, 1);
    expect((await client.get(ApiRoutes.credits)).body).toMatchObject({
      credits: 51,
      lowBalanceWarning: false,
      recommendation: null,
      dollarValue: 2.55,
    });
  });

  it('does not warn a user with an active subscription, and names the plan', async () => {
    const { user, client } = await member();
    const plan = await subscribe(user.id);
    await debit(user.id, 15);
    const res = await client.get(ApiRoutes.credits);
    expect(res.body).toMatchObject({
      credits: 5,
      lowBalanceWarning: false,
      recommendation: null,
      subscription: { status: 'active', plan_id: plan.id, subscription_plans: { plan_name: plan.plan_name, plan_tier: 'growth' } },
    });
  });
});

describe('monthly credit reset', () => {
  it('grants the plan’s credits once, however many reads race, and moves the date a month ahead', async () => {
    const { user, client } = await member();
    const plan = await subscribe(user.id);
    const due = new Date(Date.now() - 3600_000);
    await db()('profiles').where({ id: user.id }).update({ credits_reset_date: due });

    const responses = await Promise.all(Array.from({ length: 20 }, () => client.get(ApiRoutes.credits)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const grants = await db()('credit_transactions').where({ user_id: user.id, transaction_type: 'PLAN_MONTHLY_CREDIT' });
    expect(grants).toHaveLength(1);
    expect(grants[0].amount).toBe(plan.monthly_credits);

    const after = (await client.get(ApiRoutes.credits)).body;
    expect(after.credits).toBe(INITIAL_TRIAL_CREDITS + plan.monthly_credits);
    const next = new Date(after.resetDate);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getUTCDate()).toBe(due.getUTCDate() > 28 ? next.getUTCDate() : due.getUTCDate());
    expect(next.getTime() - due.getTime()).toBeGreaterThanOrEqual(28 * 86_400_000);
    expect(await ledgerSum(user.id)).toBe(after.credits);
  });

  it('is applied by every credit read: profile, history and check', async () => {
    for (const read of [
      (c: TestClient) => c.get(ApiRoutes.profile).then((r) => r.body.profile.credits_remaining),
      (c: TestClient) => c.get(ApiRoutes.creditHistory).then((r) => r.body.transactions[0].balance_after),
      (c: TestClient) => c.post(ApiRoutes.creditCheck, { credits: 1 }).then((r) => r.body.balance),
    ]) {
      const { user, client } = await member();
      const plan = await subscribe(user.id, 'pro');
      await db()('profiles')
        .where({ id: user.id })
        .update({ credits_reset_date: new Date(Date.now() - 60_000) });
      expect(await read(client)).toBe(INITIAL_TRIAL_CREDITS + plan.monthly_credits);
    }
  });

  it('gives nothing without an active subscription', async () => {
    const { user, client } = await member();
    await db()('profiles')
      .where({ id: user.id })
      .update({ credits_reset_date: new Date(Date.now() - 86_400_000) });
    await db()('user_subscriptions').insert({ user_id: user.id, status: 'canceled' });
    expect((await client.get(ApiRoutes.credits)).body.credits).toBe(INITIAL_TRIAL_CREDITS);
    expect(await db()('credit_transactions').where({ user_id: user.id, transaction_type: 'PLAN_MONTHLY_CREDIT' })).toHaveLength(0);
  });

  it('gives nothing before the reset date', async () => {
    const { user, client } = await member();
    await subscribe(user.id);
    await db()('profiles')
      .where({ id: user.id })
      .update({ credits_reset_date: new Date(Date.now() + 86_400_000) });
    expect((await client.get(ApiRoutes.credits)).body.credits).toBe(INITIAL_TRIAL_CREDITS);
  });
});

describe('GET /api/credits/history', () => {
  it('pages the ledger 50 at a time, newest first', async () => {
    const { user, client } = await member();
    await grant(user.id, 100);
    for (let i = 0; i < 54; i++) await debit(user.id, 1);
    const first = await client.get(`${ApiRoutes.creditHistory}?page=1`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: CREDIT_HISTORY_PAGE_SIZE, total: 56, hasMore: true });
    expect(first.body.transactions).toHaveLength(50);
    expect(first.body.transactions[0]).toMatchObject({ transaction_type: 'TASK_DEBIT', amount: -1, balance_after: 66 });
    const times = first.body.transactions.map((t: { created_at: string }) => Date.parse(t.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const second = await client.get(`${ApiRoutes.creditHistory}?page=2`);
    expect(second.body).toMatchObject({ page: 2, total: 56, hasMore: false });
    expect(second.body.transactions).toHaveLength(6);
    expect(second.body.transactions.at(-1)).toMatchObject({ transaction_type: 'TRIAL_CREDIT', amount: 20 });
    expect((await client.get(ApiRoutes.creditHistory)).body.page).toBe(1);
  });

  it('answers 400 to a bad page', async () => {
    const { client } = await member();
    for (const page of ['0', '-1', 'abc', '1.5', '']) {
      expect((await client.get(`${ApiRoutes.creditHistory}?page=${page}`)).status, page).toBe(400);
    }
  });
});

describe('GET /api/credits/usage', () => {
  it('counts credits used (debits minus refunds) per UTC day, every day present, and per task type', async () => {
    const { user, client } = await member();
    await grant(user.id, 100);
    const img = await debit(user.id, 3, 'image');
    await debit(user.id, 4, 'video_section');
    await grantCredits(db(), {
      userId: user.id,
      type: 'TASK_REFUND',
      credits: 2,
      description: 'failed',
      taskType: 'video_section',
      idempotencyKey: randomUUID(),
    });
    const old = await debit(user.id, 5, 'voice');
    const ancient = await debit(user.id, 7, 'voice');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await db()('credit_transactions').where({ id: old.id }).update({ created_at: twoDaysAgo });
    await db()('credit_transactions')
      .where({ id: ancient.id })
      .update({ created_at: new Date(Date.now() - 40 * 86_400_000) });
    expect(img.amount).toBe(-3);

    const res = await client.get(`${ApiRoutes.creditUsage}?days=30`);
    expect(res.status).toBe(200);
    const { byDay, byTaskType, totalUsed, days } = res.body;
    expect(days).toBe(30);
    expect(byDay).toHaveLength(30);
    const dates = byDay.map((d: { date: string }) => d.date);
    expect(dates.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    for (let i = 1; i < dates.length; i++) expect(Date.parse(dates[i]) - Date.parse(dates[i - 1])).toBe(86_400_000);
    const on = (d: Date) => byDay.find((x: { date: string }) => x.date === d.toISOString().slice(0, 10))?.credits;
    expect(on(new Date())).toBe(3 + 4 - 2);
    expect(on(twoDaysAgo)).toBe(5);
    expect(byDay.filter((d: { credits: number }) => d.credits === 0)).toHaveLength(28);
    expect(totalUsed).toBe(10);
    expect(byTaskType).toEqual(
      expect.arrayContaining([
        { taskType: 'voice', credits: 5, count: 1 },
        { taskType: 'image', credits: 3, count: 1 },
        { taskType: 'video_section', credits: 2, count: 1 },
      ]),
    );
    expect(byTaskType).toHaveLength(3);

    const week = (await client.get(`${ApiRoutes.creditUsage}?days=1`)).body;
    expect(week.byDay).toHaveLength(1);
    expect(week.totalUsed).toBe(5);
    expect((await client.get(ApiRoutes.creditUsage)).body.days).toBe(30);
  });

  it('answers 400 to bad days', async () => {
    const { client } = await member();
    for (const days of ['0', '366', 'x', '2.5']) expect((await client.get(`${ApiRoutes.creditUsage}?days=${days}`)).status).toBe(400);
  });
});

describe('GET /api/credits/quote', () => {
  const quote = async (query: string) => {
    const { client } = await member();
    return client.get(`${ApiRoutes.creditQuote}?${query}`);
  };
  const calculate = async (task: string, model: string | null, quantity: number) =>
    (await db().raw('SELECT calculate_credits_for_task(?, ?, ?) AS c', [task, model, quantity])).rows[0].c as number;

  it('prices seeded tasks as spec 2 §9 says, with the numbers the debit uses', async () => {
    const image = await quote('taskType=image');
    expect(image.status).toBe(200);
    expect(image.body).toEqual({
      taskType: 'image',
      modelName: null,
      quantity: 1,
      credits: TASK_CREDITS.image,
      dollarValue: 0.05,
      rawCostUsd: 0.025,
      marginPercent: 50,
    });
    expect((await quote('taskType=voice')).body.credits).toBe(TASK_CREDITS.voice);
    expect((await quote('taskType=video_section')).body.credits).toBe(TASK_CREDITS.videoSection);
    const sections = (await quote('taskType=video_section&quantity=3')).body;
    expect(sections).toMatchObject({ credits: 6, dollarValue: 0.3, marginPercent: 50 });
    expect(sections.credits).toBe(await calculate('video_section', null, 3));
    expect((await quote('taskType=image&modelName=flux_krea&quantity=4')).body.credits).toBe(await calculate('image', 'flux_krea', 4));
  });

  it('uses the spec fallbacks without a pricing row, and a model’s own row when there is one', async () => {
    for (const [task, quantity] of [
      ['video', 2],
      ['video_with_audio', 1],
      ['lip_sync', 2],
      ['audio', 1001],
      ['upscale', 3],
    ] as const) {
      const body = (await quote(`taskType=${task}&quantity=${quantity}`)).body;
      expect(body.credits, task).toBe(await calculate(task, null, quantity));
      expect(body.marginPercent).toBe(50);
    }
    expect((await quote('taskType=video&quantity=2')).body.credits).toBe(64);
    await db()('task_pricing').insert({
      task_type: 'image',
      model_name: 'premium_model',
      base_cost_usd: 0.08,
      credit_multiplier: 2.5,
      unit: 'image',
    });
    const premium = (await quote('taskType=image&modelName=premium_model')).body;
    expect(premium).toMatchObject({ credits: 4, rawCostUsd: 0.08, marginPercent: 60, dollarValue: 0.2 });
    expect(premium.credits).toBe(await calculate('image', 'premium_model', 1));
  });

  it('answers 400 to bad parameters', async () => {
    for (const query of [
      '',
      'taskType=',
      'taskType=Bad Type',
      'taskType=image&quantity=0',
      'taskType=image&quantity=-2',
      'taskType=image&quantity=abc',
      'taskType=image&taskType=voice',
    ]) {
      const res = await quote(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });
});

describe('POST /api/credits/check', () => {
  it('tells whether the balance covers the credits', async () => {
    const { client } = await member();
    expect((await client.post(ApiRoutes.creditCheck, { credits: 20 })).body).toEqual({ sufficient: true, balance: 20, needed: 20 });
    expect((await client.post(ApiRoutes.creditCheck, { credits: 21 })).body).toEqual({ sufficient: false, balance: 20, needed: 21 });
  });

  it('answers 400 to bad input', async () => {
    const { client } = await member();
    for (const body of [{}, { credits: 'ten' }, { credits: -1 }, { credits: 1.5 }, null]) {
      expect((await client.post(ApiRoutes.creditCheck, body)).status).toBe(400);
    }
    const broken = await fetch(new URL(ApiRoutes.creditCheck, studio.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: client.cookieHeader, origin: client.origin },
      body: '{credits: 1',
    });
    expect(broken.status).toBe(400);
  });
});

describe('GET /api/usage/limits', () => {
  it('gives the tier’s limits and zero usage before assets exist', async () => {
    const { client } = await member();
    const res = await client.get(ApiRoutes.usageLimits);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tier: 'trial', limits: PLAN_LIMITS.free, storageUsedBytes: 0, videosThisMonth: 0 });
  });

  it('follows a tier change', async () => {
    const { user, client } = await member();
    await applyTierChange(db(), user.id, 'pro', `tier:${randomUUID()}`);
    expect((await client.get(ApiRoutes.usageLimits)).body).toMatchObject({ tier: 'pro', limits: PLAN_LIMITS.pro });
  });
});

describe('credits service', () => {
  it('refuses a debit beyond the balance with insufficient_credits and writes nothing', async () => {
    const { user } = await member();
    const error = await debit(user.id, 21).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 402, code: 'insufficient_credits' });
    expect(await ledgerSum(user.id)).toBe(20);
  });

  it('sets the balance to the tier’s credits on a tier change, once per key', async () => {
    const { user, client } = await member();
    const key = `tier:${randomUUID()}`;
    const first = await applyTierChange(db(), user.id, 'pro', key);
    expect(first.balance).toBe(TIER_CHANGE_CREDITS.pro);
    expect(first.transaction).toMatchObject({ transaction_type: 'TIER_CHANGE', amount: TIER_CHANGE_CREDITS.pro - 20 });
    await debit(user.id, 100);
    const again = await applyTierChange(db(), user.id, 'pro', key);
    expect(again.transaction?.id).toBe(first.transaction?.id);
    expect((await client.get(ApiRoutes.credits)).body).toMatchObject({ credits: TIER_CHANGE_CREDITS.pro - 100, tier: 'pro' });

    const down = await applyTierChange(db(), user.id, 'basic', `tier:${randomUUID()}`);
    expect(down.transaction?.amount).toBe(TIER_CHANGE_CREDITS.basic - (TIER_CHANGE_CREDITS.pro - 100));
    expect(await ledgerSum(user.id)).toBe(TIER_CHANGE_CREDITS.basic);
  });

  it('remembers a tier change that did not move the balance, so a replay cannot reset it later', async () => {
    const { user } = await member();
    await applyTierChange(db(), user.id, 'basic', `tier:${randomUUID()}`);
    const key = `tier:${randomUUID()}`;
    const same = await applyTierChange(db(), user.id, 'basic', key);
    expect(same.transaction).toMatchObject({ transaction_type: 'TIER_CHANGE', amount: 0 });
    await debit(user.id, 40);
    const replay = await applyTierChange(db(), user.id, 'basic', key);
    expect(replay.transaction.id).toBe(same.transaction.id);
    expect(replay.balance).toBe(TIER_CHANGE_CREDITS.basic - 40);
    expect(await ledgerSum(user.id)).toBe(TIER_CHANGE_CREDITS.basic - 40);
  });
});

describe('OpenAPI', () => {
  it('describes the credit routes', async () => {
    const { body } = await studio.client().get(ApiRoutes.openapi);
    for (const path of [ApiRoutes.credits, ApiRoutes.creditHistory, ApiRoutes.creditUsage, ApiRoutes.creditQuote, ApiRoutes.usageLimits]) {
      expect(body.paths[path]?.get, path).toBeDefined();
    }
    expect(body.paths[ApiRoutes.creditCheck].post.requestBody).toBeDefined();
  });
});
