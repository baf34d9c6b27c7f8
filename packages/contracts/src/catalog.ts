import { z } from 'zod';

export const SubscriptionPlan = z.object({
  id: z.string(),
  plan_name: z.string(),
  plan_tier: z.string(),
  monthly_credits: z.number().int(),
  monthly_price_usd: z.number(),
  annual_price_usd: z.number(),
  stripe_monthly_price_id: z.string().nullable(),
  stripe_annual_price_id: z.string().nullable(),
  is_popular: z.boolean(),
  features: z.array(z.string()),
  includes_custom_training: z.boolean(),
  /** 12 × monthly − annual, and that as a percentage of 12 × monthly. */
  annualSavings: z.object({ amount: z.number(), percent: z.number() }),
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

/** The active plans, the same for everyone: cheap to answer, so the plan cards never wait on a user's usage. */
export const SubscriptionPlansResponse = z.object({ plans: z.array(SubscriptionPlan) });
export type SubscriptionPlansResponse = z.infer<typeof SubscriptionPlansResponse>;

/** The signed-in user's plan recommendation (spec 1 §9), asked apart from the plans: it adds up 30 days of usage. */
export const PlanRecommendationResponse = z.object({
  /** Cheapest plan covering 1.5 × the user's monthly usage, else the largest; null when there are no plans. */
  recommendedPlanId: z.string().nullable(),
  /** Credits used in the last 30 days (task debits net of refunds). */
  monthlyUsage: z.number().int(),
});
export type PlanRecommendationResponse = z.infer<typeof PlanRecommendationResponse>;

export const CreditPackage = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number().int(),
  price_usd: z.number(),
  stripe_price_id: z.string().nullable(),
});
export type CreditPackage = z.infer<typeof CreditPackage>;

export const CreditPackagesResponse = z.object({ packages: z.array(CreditPackage) });
export type CreditPackagesResponse = z.infer<typeof CreditPackagesResponse>;
