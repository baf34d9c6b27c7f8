import { ANNUAL_DISCOUNT, CREDIT_VALUE_USD, DEFAULT_MARKUP, STUDIO_OPERATIONS, TASK_CREDITS } from '@studio/contracts';
import type { Knex } from 'knex';

const annualPrice = (monthly: number) => Math.round(12 * monthly * (1 - ANNUAL_DISCOUNT) * 100) / 100;

const plans = [
  {
    plan_name: 'Growth',
    plan_tier: 'growth',
    monthly_credits: 600,
    monthly_price_usd: 29,
    is_popular: true,
    includes_custom_training: false,
    features: ['600 credits every month', 'Images, voices and UGC videos', 'Community styles', 'Commercial use'],
  },
  {
    plan_name: 'Pro',
    plan_tier: 'pro',
    monthly_credits: 2000,
    monthly_price_usd: 79,
    is_popular: false,
    includes_custom_training: true,
    // Custom model training is shown from includes_custom_training, not listed here again.
    features: ['2,000 credits every month', 'Everything in Growth', 'Priority generation'],
  },
];

const packages = [
  { name: 'Starter pack', credits: 100, price_usd: 5 },
  { name: 'Creator pack', credits: 500, price_usd: 22 },
  { name: 'Studio pack', credits: 1200, price_usd: 49 },
];

/** Base cost that, at the default markup, makes a task cost `credits` credits per unit. */
const baseCostFor = (credits: number) => (credits * CREDIT_VALUE_USD) / DEFAULT_MARKUP;

const pricing = [
  { task_type: 'image', unit: 'image', base_cost_usd: baseCostFor(TASK_CREDITS.image) },
  { task_type: 'voice', unit: 'generation', base_cost_usd: baseCostFor(TASK_CREDITS.voice) },
  { task_type: 'video_section', unit: 'section', base_cost_usd: baseCostFor(TASK_CREDITS.videoSection) },
  { task_type: 'upscale', unit: 'image', base_cost_usd: baseCostFor(TASK_CREDITS.upscale) },
  { task_type: 'describe', unit: 'image', base_cost_usd: baseCostFor(TASK_CREDITS.describe) },
  { task_type: 'training', unit: 'model', base_cost_usd: baseCostFor(TASK_CREDITS.training) },
  { task_type: 'music', unit: 'track', base_cost_usd: baseCostFor(TASK_CREDITS.music) },
  // Product Studio steps; its upscale is the gallery's upscale, priced above.
  ...[...new Set(Object.values(STUDIO_OPERATIONS).map((op) => op.taskType))]
    .filter((taskType) => taskType !== 'upscale')
    .map((task_type) => ({
      task_type,
      unit: 'image',
      base_cost_usd: baseCostFor(TASK_CREDITS.studioStep),
    })),
];

/**
 * Catalog rows every studio needs; safe to run on every start (upserts by natural key). The
 * payment provider's price ids are not seeded: the price sync finds or creates them by lookup key
 * and writes them here (`services/payments/catalog-sync.ts`).
 */
export async function seedCatalog(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('subscription_plans')
      .insert(
        plans.map((p) => ({
          ...p,
          annual_price_usd: annualPrice(p.monthly_price_usd),
          features: JSON.stringify(p.features),
        })),
      )
      .onConflict('plan_tier')
      .merge([
        'plan_name',
        'monthly_credits',
        'monthly_price_usd',
        'annual_price_usd',
        'is_popular',
        'includes_custom_training',
        'features',
      ]);
    await trx('credit_packages').insert(packages).onConflict('name').merge(['credits', 'price_usd']);
    for (const row of pricing) {
      const existing = await trx('task_pricing').where({ task_type: row.task_type, is_active: true }).whereNull('model_name').first();
      if (!existing) await trx('task_pricing').insert({ ...row, credit_multiplier: DEFAULT_MARKUP });
    }
  });
}
