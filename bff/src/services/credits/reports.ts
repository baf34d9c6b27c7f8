import { CREDIT_HISTORY_PAGE_SIZE, type CreditHistoryResponse, type CreditsResponse, type CreditUsageResponse } from '@studio/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { findActiveSubscription } from '../plans/subscriptions.ts';
import { toCreditTransaction, type LedgerRow } from './ledger.ts';
import { creditsToUsd, lowBalanceAdvice } from './quotes.ts';
import { readProfileWithReset } from './tiers.ts';

/** The credits widget: balance after any due monthly reset, subscription and advice. */
export async function getCreditSummary(db: Db, user: { id: string; email: string }): Promise<CreditsResponse> {
  const profile = await readProfileWithReset(db, user);
  const subscription = await findActiveSubscription(db, user.id);
  return {
    credits: profile.credits_remaining,
    resetDate: profile.credits_reset_date ? new Date(profile.credits_reset_date).toISOString() : null,
    tier: profile.subscription_tier,
    subscription,
    ...lowBalanceAdvice(profile.credits_remaining, subscription !== null),
    dollarValue: creditsToUsd(profile.credits_remaining),
  };
}

/** The balance after any due monthly reset (creates the profile on first read). */
export async function getBalance(db: Db, user: { id: string; email: string }): Promise<number> {
  return (await readProfileWithReset(db, user)).credits_remaining;
}

/** One page (50, newest first) of the user's ledger. */
export async function getCreditHistory(db: Db, userId: string, page: number): Promise<CreditHistoryResponse> {
  const pageSize = CREDIT_HISTORY_PAGE_SIZE;
  const [rows, countRow] = await Promise.all([
    db('credit_transactions')
      .where({ user_id: userId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db('credit_transactions').where({ user_id: userId }).count<{ n: number }[]>('* as n').first(),
  ]);
  const total = countRow?.n ?? 0;
  return {
    transactions: (rows as LedgerRow[]).map(toCreditTransaction),
    page,
    pageSize,
    total,
    hasMore: page * pageSize < total,
  };
}

/** Credits used (task debits minus their refunds) since `since`. */
export async function getCreditsUsedSince(db: Queryable, userId: string, since: Date): Promise<number> {
  const row = await db('credit_transactions')
    .where({ user_id: userId })
    .whereIn('transaction_type', ['TASK_DEBIT', 'TASK_REFUND'])
    .where('created_at', '>=', since)
    .first(db.raw('coalesce(-sum(amount), 0)::int AS used'));
  return Math.max(0, (row as { used: number } | undefined)?.used ?? 0);
}

/**
 * Usage analytics: credits used per UTC day over the last `days` days (every day present,
 * zero-filled, oldest first) and per task type. Used = task debits minus refunds.
 */
export async function getCreditUsage(db: Db, userId: string, days: number): Promise<CreditUsageResponse> {
  const usage = `transaction_type IN ('TASK_DEBIT', 'TASK_REFUND')`;
  const start = db.raw(`((now() AT TIME ZONE 'UTC')::date - (?::int - 1))`, [days]);
  const byDay = await db.raw<{ rows: { date: string; credits: number }[] }>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(-sum(ct.amount), 0)::int AS credits
       FROM generate_series(?, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
       LEFT JOIN credit_transactions ct
         ON ct.user_id = ? AND ct.${usage} AND (ct.created_at AT TIME ZONE 'UTC')::date = d.day::date
      GROUP BY d.day ORDER BY d.day`,
    [start, userId],
  );
  const byTaskType = await db.raw<{ rows: { taskType: string; credits: number; count: number }[] }>(
    `SELECT coalesce(task_type, 'other') AS "taskType",
            (-sum(amount))::int AS credits,
            count(*) FILTER (WHERE transaction_type = 'TASK_DEBIT' AND amount < 0)::int AS count
       FROM credit_transactions
      WHERE user_id = ? AND ${usage} AND created_at >= (?::timestamp AT TIME ZONE 'UTC')
      GROUP BY 1 ORDER BY credits DESC, 1`,
    [userId, start],
  );
  const dayRows = byDay.rows.map((r) => ({ date: r.date, credits: Math.max(0, r.credits) }));
  return {
    days,
    totalUsed: dayRows.reduce((sum, r) => sum + r.credits, 0),
    byDay: dayRows,
    byTaskType: byTaskType.rows.map((r) => ({ ...r, credits: Math.max(0, r.credits) })),
  };
}
