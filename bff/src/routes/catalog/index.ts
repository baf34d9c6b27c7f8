import Router from '@koa/router';
import {
  ApiRoutes,
  CreditPackagesResponse,
  RECOMMENDED_PLAN_USAGE_FACTOR,
  SubscriptionPlansResponse,
  USAGE_ANALYTICS_DAYS,
  type CreditPackage,
  type SubscriptionPlan,
} from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { route } from '../route.ts';
import { getCreditsUsedSince } from '../../services/credits/reports.ts';

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

/** The public catalog: plans and credit packages, active ones, cheapest first. */
export function catalogRoutes({ db }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.subscriptionPlans,
      summary: 'Active plans, cheapest first, with annual savings; for a signed-in user, the recommended plan',
      auth: 'none',
      responses: { 200: SubscriptionPlansResponse },
    },
    async (ctx) => {
      const rows: PlanRow[] = await db('subscription_plans')
        .where({ is_active: true })
        .orderBy([
          { column: 'monthly_price_usd', order: 'asc' },
          { column: 'monthly_credits', order: 'asc' },
        ]);
      const plans = rows.map(toSubscriptionPlan);
      const user = ctx.state.session?.kind === 'user' ? ctx.state.user : undefined;
      let monthlyUsage: number | null = null;
      let recommendedPlanId: string | null = null;
      if (user) {
        monthlyUsage = await getCreditsUsedSince(db, user.id, new Date(Date.now() - USAGE_ANALYTICS_DAYS * 86_400_000));
        recommendedPlanId = recommendPlan(plans, monthlyUsage)?.id ?? null;
      }
      ctx.body = { plans, recommendedPlanId, monthlyUsage } satisfies SubscriptionPlansResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.creditPackages,
      summary: 'Active top-up credit packages, cheapest first',
      auth: 'none',
      responses: { 200: CreditPackagesResponse },
    },
    async (ctx) => {
      const rows: CreditPackage[] = await db('credit_packages')
        .where({ is_active: true })
        .orderBy([
          { column: 'price_usd', order: 'asc' },
          { column: 'credits', order: 'asc' },
        ])
        .select('id', 'name', 'credits', 'price_usd', 'stripe_price_id');
      ctx.body = { packages: rows } satisfies CreditPackagesResponse;
    },
  );

  return router;
}
