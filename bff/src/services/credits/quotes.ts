import {
  CREDIT_VALUE_USD,
  LOW_BALANCE_THRESHOLD,
  UPGRADE_RECOMMENDATION_THRESHOLD,
  type CreditQuoteResponse,
  type CreditsResponse,
} from '@studio/contracts';
import type { Queryable } from '../../db/index.ts';

const roundTo = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
/** Credits in dollars at the credit value of spec 1 §9 (0.05 USD a credit). */
export const creditsToUsd = (credits: number) => roundTo(credits * CREDIT_VALUE_USD, 2);

/**
 * What a task costs, from the same database function a debit prices with (`quote_task_cost`,
 * behind `calculate_credits_for_task`): credits, their dollar value, the provider's raw cost and
 * the margin the multiplier leaves.
 */
export async function quoteTask(db: Queryable, taskType: string, modelName: string | null, quantity: number): Promise<CreditQuoteResponse> {
  const result = await db.raw<{ rows: { credits: number; raw_cost_usd: number; credit_multiplier: number }[] }>(
    'SELECT * FROM quote_task_cost(?, ?, ?)',
    [taskType, modelName, quantity],
  );
  const row = result.rows[0]!;
  return {
    taskType,
    modelName,
    quantity,
    credits: row.credits,
    dollarValue: creditsToUsd(row.credits),
    rawCostUsd: row.raw_cost_usd,
    marginPercent: roundTo((1 - 1 / row.credit_multiplier) * 100, 2),
  };
}

/**
 * spec 1 §9: warn at 50 credits or fewer, only without an active subscription; recommend an
 * upgrade at 10 or fewer, a top-up otherwise.
 */
export function lowBalanceAdvice(
  credits: number,
  hasActiveSubscription: boolean,
): Pick<CreditsResponse, 'lowBalanceWarning' | 'recommendation'> {
  const lowBalanceWarning = credits <= LOW_BALANCE_THRESHOLD && !hasActiveSubscription;
  return {
    lowBalanceWarning,
    recommendation: lowBalanceWarning ? (credits <= UPGRADE_RECOMMENDATION_THRESHOLD ? 'upgrade' : 'topup') : null,
  };
}
