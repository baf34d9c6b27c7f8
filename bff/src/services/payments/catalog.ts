import {
  RECOMMENDED_PLAN_USAGE_FACTOR,
  USAGE_ANALYTICS_DAYS,
  type CreditPackage,
  type PlanRecommendationResponse,
  type SubscriptionPlan,
} from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import { getCreditsUsedSince } from '../credits/reports.ts';

/** The public catalog (spec 1 §9): the active plans and credit packages, cheapest first. */

interface PlanRow {
  id: string;
  plan_name: string;
  plan_tier: string;
  monthly_credits: number;
  monthly_price_usd: number;
  annual_price_usd: number;
  stripe_monthly_price_id: string | null;
  stripe_annual_price_id: string | null;
  is_popular: boolean;
  includes_custom_training: boolean;
  features: string[];
}

const cents = (usd: number) => Math.round(usd * 100) / 100;

/** spec 1 §9: annual savings = 12 × monthly − annual, as an amount and a percentage of 12 × monthly. */
function toSubscriptionPlan(row: PlanRow): SubscriptionPlan {
  const yearAtMonthly = 12 * row.monthly_price_usd;
  const amount = cents(yearAtMonthly - row.annual_price_usd);
  return {
    id: row.id,
    plan_name: row.plan_name,
    plan_tier: row.plan_tier,
    monthly_credits: row.monthly_credits,
    monthly_price_usd: row.monthly_price_usd,
    annual_price_usd: row.annual_price_usd,
    stripe_monthly_price_id: row.stripe_monthly_price_id,
    stripe_annual_price_id: row.stripe_annual_price_id,
    is_popular: row.is_popular,
    features: row.features,
    includes_custom_training: row.includes_custom_training,
    annualSavings: { amount, percent: yearAtMonthly > 0 ? Math.round((amount / yearAtMonthly) * 1000) / 10 : 0 },
  };
}

/**
 * spec 1 §9: the cheapest plan whose monthly credits cover 1.5 × monthly usage (rounded up),
 * else the largest plan. `plans` come cheapest first.
 */
export function recommendPlan(plans: readonly SubscriptionPlan[], monthlyUsage: number): SubscriptionPlan | null {
  const needed = Math.ceil(RECOMMENDED_PLAN_USAGE_FACTOR * monthlyUsage);
  const covering = plans.find((p) => p.monthly_credits >= needed);
  if (covering) return covering;
  return plans.reduce<SubscriptionPlan | null>(
    (largest, p) => (!largest || p.monthly_credits > largest.monthly_credits ? p : largest),
    null,
  );
}

/** The active plans with their annual savings, cheapest first: the same for everyone, and no user's data is read. */
export async function listPlans(db: Db): Promise<SubscriptionPlan[]> {
  const rows: PlanRow[] = await db('subscription_plans')
    .where({ is_active: true })
    .orderBy([
      { column: 'monthly_price_usd', order: 'asc' },
      { column: 'monthly_credits', order: 'asc' },
    ]);
  return rows.map(toSubscriptionPlan);
}

/**
 * The user's last 30 days of usage and the plan recommended for it (spec 1 §9). Apart from
 * `listPlans`: adding up the usage is the slow part, and the plan cards must not wait for it.
 */
export async function recommendPlanFor(db: Db, userId: string): Promise<PlanRecommendationResponse> {
  const [plans, monthlyUsage] = await Promise.all([
    listPlans(db),
    getCreditsUsedSince(db, userId, new Date(Date.now() - USAGE_ANALYTICS_DAYS * 86_400_000)),
  ]);
  return { recommendedPlanId: recommendPlan(plans, monthlyUsage)?.id ?? null, monthlyUsage };
}

export async function listPackages(db: Db): Promise<CreditPackage[]> {
  const rows: CreditPackage[] = await db('credit_packages')
    .where({ is_active: true })
    .orderBy([
      { column: 'price_usd', order: 'asc' },
      { column: 'credits', order: 'asc' },
    ])
    .select('id', 'name', 'credits', 'price_usd', 'stripe_price_id');
  return rows;
}

/** The public catalog: active plans and credit packages, cheapest first; and a user's plan recommendation. */
export function createCatalogService({ db }: { db: Db }) {
  return {
    plans: () => listPlans(db),
    recommendation: (userId: string) => recommendPlanFor(db, userId),
    packages: () => listPackages(db),
  };
}
