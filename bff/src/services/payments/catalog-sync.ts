/**
 * One idempotent sync of the catalog's prices to the payment provider: each plan (monthly and
 * annual) and each credit package has a price found by its lookup key, created when missing, and
 * replaced (the lookup key moved to a new price) when its amount differs from the database. The
 * price ids are then written to the catalog, so they are never copied by hand.
 */
import type Stripe from 'stripe';
import type { Db } from '../../db/index.ts';

interface Wanted {
  lookupKey: string;
  product: { id: string; name: string };
  cents: number;
  interval: 'month' | 'year' | null;
  save: (priceId: string) => Promise<unknown>;
}

const cents = (usd: number) => Math.round(Number(usd) * 100);

async function wantedPrices(db: Db): Promise<Wanted[]> {
  const plans = await db('subscription_plans')
    .where({ is_active: true })
    .select<{ id: string; plan_tier: string; plan_name: string; monthly_price_usd: number; annual_price_usd: number }[]>('*');
  const packages = await db('credit_packages')
    .where({ is_active: true })
    .select<{ id: string; name: string; credits: number; price_usd: number }[]>('*');
  return [
    ...plans.flatMap((plan) => {
      const product = { id: `prod_studio_plan_${plan.plan_tier}`, name: `Studio ${plan.plan_name}` };
      return [
        {
          lookupKey: `studio_${plan.plan_tier}_monthly`,
          product,
          cents: cents(plan.monthly_price_usd),
          interval: 'month' as const,
          save: (id: string) => db('subscription_plans').where({ id: plan.id }).update({ stripe_monthly_price_id: id }),
        },
        {
          lookupKey: `studio_${plan.plan_tier}_annual`,
          product,
          cents: cents(plan.annual_price_usd),
          interval: 'year' as const,
          save: (id: string) => db('subscription_plans').where({ id: plan.id }).update({ stripe_annual_price_id: id }),
        },
      ];
    }),
    ...packages.map((pack) => ({
      lookupKey: `studio_pack_${pack.credits}`,
      product: { id: `prod_studio_pack_${pack.credits}`, name: `Studio ${pack.name} (${pack.credits} credits)` },
      cents: cents(pack.price_usd),
      interval: null,
      save: (id: string) => db('credit_packages').where({ id: pack.id }).update({ stripe_price_id: id }),
    })),
  ];
}

/** Finds or creates every price; answers how many were created. */
export async function syncCatalogPrices(db: Db, stripe: Stripe): Promise<{ created: number; total: number }> {
  const wanted = await wantedPrices(db);
  const existing = new Map<string, Stripe.Price>();
  for (let i = 0; i < wanted.length; i += 10) {
    const page = await stripe.prices.list({ lookup_keys: wanted.slice(i, i + 10).map((w) => w.lookupKey), active: true, limit: 10 });
    for (const price of page.data) if (price.lookup_key) existing.set(price.lookup_key, price);
  }
  let created = 0;
  for (const want of wanted) {
    let price = existing.get(want.lookupKey);
    const matches = price && price.unit_amount === want.cents && (price.recurring?.interval ?? null) === want.interval;
    if (!matches) {
      await stripe.products.retrieve(want.product.id).catch(() => stripe.products.create({ id: want.product.id, name: want.product.name }));
      price = await stripe.prices.create(
        {
          product: want.product.id,
          currency: 'usd',
          unit_amount: want.cents,
          lookup_key: want.lookupKey,
          transfer_lookup_key: true,
          ...(want.interval ? { recurring: { interval: want.interval } } : {}),
        },
        { idempotencyKey: `studio-price-${want.lookupKey}-${want.cents}` },
      );
      created++;
    }
    await want.save(price!.id);
  }
  return { created, total: wanted.length };
}
