import { randomUUID } from 'node:crypto';
import { ANNUAL_DISCOUNT, ApiRoutes, type SubscriptionPlan } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestStudio, type TestStudio } from '../../../test/harness.ts';
import { debitCredits, grantCredits } from '../../services/credits/ledger.ts';
import { recommendPlan } from '../../services/payments/catalog.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

const db = () => studio.deps.db;

/** A signed-in user who has used `credits` in the last 30 days. */
async function userWithUsage(credits: number) {
  const signed = await signedInUser(studio);
  await signed.client.get(ApiRoutes.profile);
  if (credits > 0) {
    const userId = signed.user.id;
    await grantCredits(db(), { userId, type: 'MANUAL_CREDIT', credits, description: 'test', idempotencyKey: randomUUID() });
    await debitCredits(db(), { userId, credits, description: 'test', taskType: 'image', idempotencyKey: randomUUID() });
  }
  return signed;
}

describe('GET /api/subscription-plans', () => {
  it('lists active plans cheapest first, with annual prices at 20% off and the savings computed', async () => {
    const res = await studio.client().get(ApiRoutes.subscriptionPlans);
    expect(res.status).toBe(200);
    const plans: SubscriptionPlan[] = res.body.plans;
    expect(plans.map((p) => p.plan_tier)).toEqual(['growth', 'pro']);
    for (const plan of plans) {
      const year = 12 * plan.monthly_price_usd;
      expect(plan.annual_price_usd).toBeCloseTo(year * (1 - ANNUAL_DISCOUNT), 2);
      expect(plan.annualSavings.amount).toBeCloseTo(year - plan.annual_price_usd, 2);
      expect(plan.annualSavings.percent).toBe(20);
      expect(plan.stripe_monthly_price_id).toBeTruthy();
      expect(plan.stripe_annual_price_id).toBeTruthy();
      expect(plan.features.length).toBeGreaterThan(0);
    }
    const [growth, pro] = plans;
    expect(growth).toMatchObject({ is_popular: true, includes_custom_training: false });
    expect(pro).toMatchObject({ is_popular: false, includes_custom_training: true });
    expect(growth!.monthly_price_usd).toBeLessThan(pro!.monthly_price_usd);
    // The same list for everyone: no user's usage rides on it.
    expect(Object.keys(res.body)).toEqual(['plans']);
  });

  it('answers a signed-in user at once while their usage is still being added up; the recommendation follows on its own', async () => {
    const { client } = await userWithUsage(500);
    // Usage held back: the credit transactions are locked, as a long ledger write would hold them.
    const hold = await db().transaction();
    try {
      await hold.raw('LOCK TABLE credit_transactions IN ACCESS EXCLUSIVE MODE');
      const recommendation = client.get(ApiRoutes.planRecommendation);
      const answered = await Promise.race([
        client.get(ApiRoutes.subscriptionPlans),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000)),
      ]);
      expect(answered).not.toBe('waited');
      expect(answered).toMatchObject({ status: 200 });
      expect((answered as Awaited<typeof recommendation>).body.plans.map((p: SubscriptionPlan) => p.plan_tier)).toEqual(['growth', 'pro']);
      const early = await Promise.race([
        recommendation.then(() => 'answered'),
        new Promise((resolve) => setTimeout(() => resolve('held'), 200)),
      ]);
      expect(early).toBe('held');
      await hold.rollback();
      const { status, body } = await recommendation;
      expect(status).toBe(200);
      expect(body.monthlyUsage).toBe(500);
    } finally {
      if (!hold.isCompleted()) await hold.rollback();
    }
  });

  it('hides inactive plans', async () => {
    await db()('subscription_plans').insert({
      plan_name: 'Legacy',
      plan_tier: 'legacy',
      monthly_credits: 10,
      monthly_price_usd: 1,
      annual_price_usd: 9.6,
      is_active: false,
    });
    const tiers = (await studio.client().get(ApiRoutes.subscriptionPlans)).body.plans.map((p: SubscriptionPlan) => p.plan_tier);
    expect(tiers).not.toContain('legacy');
  });
});

describe('GET /api/subscription-plans/recommendation', () => {
  it('recommends the cheapest plan covering 1.5 × the user’s monthly usage, else the largest', async () => {
    const plans: SubscriptionPlan[] = (await studio.client().get(ApiRoutes.subscriptionPlans)).body.plans;
    const byTier = Object.fromEntries(plans.map((p) => [p.plan_tier, p.id]));
    const recommendation = async (usage: number) => {
      const { client } = await userWithUsage(usage);
      const { body } = await client.get(ApiRoutes.planRecommendation);
      expect(body.monthlyUsage).toBe(usage);
      return body.recommendedPlanId;
    };
    expect(await recommendation(0)).toBe(byTier.growth);
    expect(await recommendation(400)).toBe(byTier.growth); // 1.5 × 400 = 600 credits: Growth covers it exactly
    expect(await recommendation(401)).toBe(byTier.pro); // 602 needed
    expect(await recommendation(1500)).toBe(byTier.pro); // 2250 needed: nothing covers it, the largest plan
  });

  it('counts only the last 30 days of use, net of refunds', async () => {
    const { user, client } = await userWithUsage(500);
    await db()('credit_transactions')
      .where({ user_id: user.id, transaction_type: 'TASK_DEBIT' })
      .update({ created_at: new Date(Date.now() - 31 * 86_400_000) });
    expect((await client.get(ApiRoutes.planRecommendation)).body.monthlyUsage).toBe(0);
  });

  it('is the caller’s own: a visitor is asked to sign in', async () => {
    expect((await studio.client().get(ApiRoutes.planRecommendation)).status).toBe(401);
  });
});

describe('recommendPlan', () => {
  const plan = (id: string, monthly_credits: number): SubscriptionPlan => ({
    id,
    plan_name: id,
    plan_tier: id,
    monthly_credits,
    monthly_price_usd: 0,
    annual_price_usd: 0,
    stripe_monthly_price_id: null,
    stripe_annual_price_id: null,
    is_popular: false,
    features: [],
    includes_custom_training: false,
    annualSavings: { amount: 0, percent: 0 },
  });
  // Cheapest first, but the middle plan holds the most credits.
  const plans = [plan('small', 100), plan('big', 5000), plan('pricey', 3000)];

  it('picks the cheapest covering plan, rounding the need up', () => {
    expect(recommendPlan(plans, 66)?.id).toBe('small'); // 99
    expect(recommendPlan(plans, 67)?.id).toBe('big'); // 100.5 → 101
  });

  it('falls back to the plan with the most credits', () => {
    expect(recommendPlan(plans, 4000)?.id).toBe('big');
    expect(recommendPlan([], 10)).toBeNull();
  });
});

describe('GET /api/credit-packages', () => {
  it('lists active packages, cheapest first', async () => {
    await db()('credit_packages').insert({ name: 'Retired pack', credits: 50, price_usd: 1, is_active: false });
    const res = await studio.client().get(ApiRoutes.creditPackages);
    expect(res.status).toBe(200);
    const prices = res.body.packages.map((p: { price_usd: number }) => p.price_usd);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(res.body.packages.length).toBeGreaterThanOrEqual(2);
    expect(res.body.packages.map((p: { name: string }) => p.name)).not.toContain('Retired pack');
    expect(res.body.packages[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      credits: expect.any(Number),
      price_usd: expect.any(Number),
      stripe_price_id: expect.any(String),
    });
  });
});

describe('OpenAPI', () => {
  it('describes the catalog routes', async () => {
    const { body } = await studio.client().get(ApiRoutes.openapi);
    expect(body.paths[ApiRoutes.subscriptionPlans].get).toBeDefined();
    expect(body.paths[ApiRoutes.planRecommendation].get).toBeDefined();
    expect(body.paths[ApiRoutes.creditPackages].get).toBeDefined();
  });
});
