import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startTestStudio, type TestStudio } from '../../../test/harness.ts';
import { syncCatalogPrices } from './catalog-sync.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
}, 120_000);
afterAll(() => studio?.stop());

describe('payments without keys', () => {
  it('runs on the local Stripe emulator, with the catalog’s prices found or created there by lookup key at start', async () => {
    const payments = studio.deps.payments!;
    expect(payments.emulator).not.toBeNull();
    const growth = await studio.deps.db('subscription_plans').where({ plan_tier: 'growth' }).first();
    expect(growth.stripe_monthly_price_id).toMatch(/^price_/);
    const price = await payments.stripe.prices.retrieve(growth.stripe_monthly_price_id);
    expect(price).toMatchObject({ lookup_key: 'studio_growth_monthly', unit_amount: 2900, recurring: { interval: 'month' } });
    const packs = await studio.deps.db('credit_packages').orderBy('credits');
    expect(packs.every((p: { stripe_price_id: string | null }) => p.stripe_price_id?.startsWith('price_'))).toBe(true);
  });

  it('syncs again without creating anything, and moves a lookup key to a new price when the amount changes', async () => {
    const { db } = studio.deps;
    const { stripe } = studio.deps.payments!;
    const before = await db('subscription_plans').where({ plan_tier: 'growth' }).first();
    expect(await syncCatalogPrices(db, stripe)).toMatchObject({ created: 0 });
    expect((await db('subscription_plans').where({ plan_tier: 'growth' }).first()).stripe_monthly_price_id).toBe(
      before.stripe_monthly_price_id,
    );

    await db('subscription_plans').where({ plan_tier: 'growth' }).update({ monthly_price_usd: 35 });
    expect(await syncCatalogPrices(db, stripe)).toMatchObject({ created: 1 });
    const after = await db('subscription_plans').where({ plan_tier: 'growth' }).first();
    expect(after.stripe_monthly_price_id).not.toBe(before.stripe_monthly_price_id);
    expect(after.stripe_annual_price_id).toBe(before.stripe_annual_price_id);
    const found = await stripe.prices.list({ lookup_keys: ['studio_growth_monthly'] });
    expect(found.data.map((p) => [p.id, p.unit_amount])).toEqual([[after.stripe_monthly_price_id, 3500]]);
  });

  it('takes Stripe’s keys only as a pair', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_x',
    });
  });
});
