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

export const SubscriptionPlansResponse = z.object({
  plans: z.array(SubscriptionPlan),
  /** Cheapest plan covering 1.5 × the user's monthly usage, else the largest; null for visitors. */
  recommendedPlanId: z.string().nullable(),
  monthlyUsage: z.number().int().nullable(),
});
export type SubscriptionPlansResponse = z.infer<typeof SubscriptionPlansResponse>;

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
