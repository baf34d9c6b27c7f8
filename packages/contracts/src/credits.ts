import { z } from 'zod';

export const TRANSACTION_TYPES = [
  'TASK_DEBIT',
  'TASK_REFUND',
  'MANUAL_CREDIT',
  'PLAN_MONTHLY_CREDIT',
  'TOPUP_CREDIT',
  'TRIAL_CREDIT',
  'TIER_CHANGE',
] as const;
export const TransactionType = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof TransactionType>;

/** Task types the pricing knows; any other name is priced by the generic fallback. */
export const TaskType = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9_]+$/, {
    error: 'Task type may only contain lowercase letters, numbers, and underscores',
  });

export const CreditSubscription = z.object({
  id: z.string(),
  status: z.string(),
  plan_id: z.string().nullable(),
  subscription_plans: z.object({ plan_name: z.string(), plan_tier: z.string() }).nullable(),
});

export const CreditsResponse = z.object({
  credits: z.number().int(),
  resetDate: z.string().nullable(),
  tier: z.string(),
  subscription: CreditSubscription.nullable(),
  lowBalanceWarning: z.boolean(),
  recommendation: z.enum(['upgrade', 'topup']).nullable(),
  dollarValue: z.number(),
});
export type CreditsResponse = z.infer<typeof CreditsResponse>;

export const CreditTransaction = z.object({
  id: z.string(),
  transaction_type: TransactionType,
  amount: z.number().int(),
  balance_after: z.number().int(),
  description: z.string().nullable(),
  task_type: z.string().nullable(),
  task_metadata: z.record(z.string(), z.unknown()).nullable(),
  raw_cost_usd: z.number().nullable(),
  created_at: z.string(),
});
export type CreditTransaction = z.infer<typeof CreditTransaction>;

export const CreditHistoryQuery = z.object({ page: z.coerce.number().int().min(1).max(100000).default(1) });
export const CreditHistoryResponse = z.object({
  transactions: z.array(CreditTransaction),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type CreditHistoryResponse = z.infer<typeof CreditHistoryResponse>;

export const CreditUsageQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const CreditUsageResponse = z.object({
  days: z.number().int(),
  totalUsed: z.number().int(),
  byDay: z.array(z.object({ date: z.string(), credits: z.number().int() })),
  byTaskType: z.array(z.object({ taskType: z.string(), credits: z.number().int(), count: z.number().int() })),
});
export type CreditUsageResponse = z.infer<typeof CreditUsageResponse>;

export const CreditQuoteQuery = z.object({
  taskType: TaskType,
  modelName: z.string().trim().max(128).optional(),
  quantity: z.coerce.number().positive().max(1_000_000).default(1),
});
export const CreditQuoteResponse = z.object({
  taskType: z.string(),
  modelName: z.string().nullable(),
  quantity: z.number(),
  credits: z.number().int(),
  dollarValue: z.number(),
  rawCostUsd: z.number(),
  marginPercent: z.number(),
});
export type CreditQuoteResponse = z.infer<typeof CreditQuoteResponse>;

export const CreditCheckRequest = z.object({ credits: z.number().int().min(0).max(10_000_000) });
export const CreditCheckResponse = z.object({ sufficient: z.boolean(), balance: z.number().int(), needed: z.number().int() });
export type CreditCheckResponse = z.infer<typeof CreditCheckResponse>;

export const PlanStatusResponse = z.object({
  needsPlan: z.boolean(),
  reason: z.enum(['trial_with_credits', 'trial_no_credits', 'active_subscription', 'no_active_subscription', 'check_failed']),
});
export type PlanStatusResponse = z.infer<typeof PlanStatusResponse>;

export const UsageLimitsResponse = z.object({
  tier: z.string(),
  limits: z.object({ credits: z.number(), storageGB: z.number(), videosPerMonth: z.number(), maxVideoLength: z.number() }),
  storageUsedBytes: z.number(),
  videosThisMonth: z.number().int(),
});
export type UsageLimitsResponse = z.infer<typeof UsageLimitsResponse>;

/** Admin: a user's balance and latest ledger rows. */
export const AdminUserCreditsResponse = z.object({
  userId: z.string(),
  email: z.string(),
  balance: z.number().int(),
  transactions: z.array(CreditTransaction),
});
export type AdminUserCreditsResponse = z.infer<typeof AdminUserCreditsResponse>;

/** Admin: a manual grant (MANUAL_CREDIT); the `Idempotency-Key` header makes a retry safe. */
export const AdminCreditGrantRequest = z.object({
  amount: z.number().int().min(1).max(1_000_000),
  description: z.string().trim().min(1).max(200),
});
export const AdminCreditGrantResponse = z.object({ transaction: CreditTransaction, balance: z.number().int() });
export type AdminCreditGrantResponse = z.infer<typeof AdminCreditGrantResponse>;
