import {
  CREDIT_HISTORY_PAGE_SIZE,
  CREDIT_VALUE_USD,
  LOW_BALANCE_THRESHOLD,
  TIER_CHANGE_CREDITS,
  UPGRADE_RECOMMENDATION_THRESHOLD,
  type CreditHistoryResponse,
  type CreditQuoteResponse,
  type CreditsResponse,
  type CreditTransaction,
  type CreditUsageResponse,
  type SubscriptionTierName,
  type TransactionType,
} from '@studio/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { DbErrorCodes, insufficientCredits, isDbError, notFound } from '../../errors.ts';
import { storageUsedBytes } from '../assets/store.ts';
import { invalidatePlanStatus } from '../plans/plan-status.ts';
import { findActiveSubscription } from '../plans/subscriptions.ts';
import { getOrCreateProfileRow, type ProfileRow } from '../profiles.ts';

const roundTo = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
/** Credits in dollars at the credit value of spec 1 §9 (0.05 USD a credit). */
export const creditsToUsd = (credits: number) => roundTo(credits * CREDIT_VALUE_USD, 2);

// ---------------------------------------------------------------- ledger writes

interface LedgerRow {
  id: string;
  user_id: string;
  transaction_type: TransactionType;
  amount: number;
  balance_after: number;
  description: string | null;
  task_type: string | null;
  task_metadata: Record<string, unknown> | null;
  raw_cost_usd: number | null;
  idempotency_key: string;
  created_at: Date;
}

export function toCreditTransaction(row: LedgerRow): CreditTransaction {
  return {
    id: row.id,
    transaction_type: row.transaction_type,
    amount: row.amount,
    balance_after: row.balance_after,
    description: row.description,
    task_type: row.task_type,
    task_metadata: row.task_metadata,
    raw_cost_usd: row.raw_cost_usd,
    created_at: new Date(row.created_at).toISOString(),
  };
}

interface LedgerEntry {
  userId: string;
  type: TransactionType;
  /** Signed: negative for debits. */
  amount: number;
  description: string;
  taskType?: string | null;
  taskMetadata?: Record<string, unknown> | null;
  rawCostUsd?: number | null;
  /** Repeating a key applies the change once and returns the first row. */
  idempotencyKey: string;
}

/** The one door to the ledger: `add_credit_transaction`, then the plan-status cache is told. */
async function writeLedger(db: Queryable, entry: LedgerEntry): Promise<CreditTransaction> {
  try {
    const result = await db.raw<{ rows: LedgerRow[] }>('SELECT * FROM add_credit_transaction(?, ?, ?, ?, ?, ?, ?, ?)', [
      entry.userId,
      entry.type,
      entry.amount,
      entry.description,
      entry.taskType ?? null,
      entry.taskMetadata ? JSON.stringify(entry.taskMetadata) : null,
      entry.rawCostUsd ?? null,
      entry.idempotencyKey,
    ]);
    return toCreditTransaction(result.rows[0]!);
  } catch (error) {
    // spec 1 §5: credits never go below zero; the database refuses and writes nothing.
    // The refusal says what the request needed, so the upgrade dialog can say how many more (spec 2 §6).
    if (isDbError(error, DbErrorCodes.insufficientCredits)) throw insufficientCredits(undefined, { creditsNeeded: -entry.amount });
    if (isDbError(error, DbErrorCodes.profileNotFound)) throw notFound();
    throw error;
  } finally {
    invalidatePlanStatus(entry.userId);
  }
}

export interface DebitRequest {
  userId: string;
  /** Credits to take (positive). */
  credits: number;
  description: string;
  taskType?: string | null;
  taskMetadata?: Record<string, unknown> | null;
  rawCostUsd?: number | null;
  idempotencyKey: string;
}

/** Takes credits for a task (TASK_DEBIT); throws `insufficientCredits()` and writes nothing when the balance is short. */
export function debitCredits(db: Queryable, request: DebitRequest): Promise<CreditTransaction> {
  return writeLedger(db, { ...request, type: 'TASK_DEBIT', amount: -request.credits });
}

export interface GrantRequest {
  userId: string;
  type: Exclude<TransactionType, 'TASK_DEBIT' | 'TIER_CHANGE'>;
  /** Credits to add (positive). */
  credits: number;
  description: string;
  taskType?: string | null;
  taskMetadata?: Record<string, unknown> | null;
  idempotencyKey: string;
}

/** Adds credits (refund, manual, monthly plan, top-up, trial), once per idempotency key. */
export function grantCredits(db: Queryable, request: GrantRequest): Promise<CreditTransaction> {
  return writeLedger(db, { ...request, amount: request.credits });
}

/**
 * Quotes a task and debits exactly the quoted credits, so what a caller was shown is what is
 * charged. The quote's raw cost and multiplier are kept on the ledger row.
 */
export async function debitForTask(
  db: Queryable,
  request: {
    userId: string;
    taskType: string;
    modelName?: string | null;
    quantity?: number;
    description: string;
    idempotencyKey: string;
    taskMetadata?: Record<string, unknown>;
  },
): Promise<{ transaction: CreditTransaction; quote: CreditQuoteResponse }> {
  const quote = await quoteTask(db, request.taskType, request.modelName ?? null, request.quantity ?? 1);
  const transaction = await debitCredits(db, {
    userId: request.userId,
    credits: quote.credits,
    description: request.description,
    taskType: request.taskType,
    taskMetadata: { ...request.taskMetadata, model_name: quote.modelName, quantity: quote.quantity },
    rawCostUsd: quote.rawCostUsd,
    idempotencyKey: request.idempotencyKey,
  });
  return { transaction, quote };
}

/**
 * spec 1 §9: a tier change sets the balance to the tier's credits. Written as a TIER_CHANGE row
 * carrying the difference, so the balance still equals the ledger sum. A repeated key changes
 * nothing; a row is written even when the difference is 0, so the key is remembered.
 */
export async function applyTierChange(
  db: Db,
  userId: string,
  tier: Exclude<SubscriptionTierName, 'trial'>,
  idempotencyKey: string,
): Promise<{ balance: number; transaction: CreditTransaction }> {
  return db
    .transaction(async (trx) => {
      const profile = await trx('profiles').where({ id: userId }).forUpdate().first('credits_remaining');
      if (!profile) throw notFound();
      const existing = await trx('credit_transactions').where({ user_id: userId, idempotency_key: idempotencyKey }).first();
      if (existing) return { balance: profile.credits_remaining as number, transaction: toCreditTransaction(existing) };
      const transaction = await writeLedger(trx, {
        userId,
        type: 'TIER_CHANGE',
        amount: TIER_CHANGE_CREDITS[tier] - (profile.credits_remaining as number),
        description: `Plan changed to ${tier}`,
        taskMetadata: { tier },
        idempotencyKey,
      });
      await trx('profiles').where({ id: userId }).update({ subscription_tier: tier, updated_at: trx.fn.now() });
      return { balance: TIER_CHANGE_CREDITS[tier], transaction };
    })
    .finally(() => invalidatePlanStatus(userId));
}

// ---------------------------------------------------------------- reads

/**
 * spec 1 §4 monthly reset, applied lazily on credit reads: once the reset date has come and the
 * user has an active subscription, the plan's credits are added once and the date moves a month
 * ahead. `apply_monthly_credit_reset` locks the profile, so racing readers grant once.
 */
export async function applyMonthlyReset(db: Db, userId: string): Promise<number> {
  const result = await db.raw<{ rows: { granted: number }[] }>('SELECT apply_monthly_credit_reset(?) AS granted', [userId]);
  const granted = result.rows[0]?.granted ?? 0;
  if (granted > 0) invalidatePlanStatus(userId);
  return granted;
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

/** The profile (created on first read) after any due monthly reset: what every credit read starts from. */
export async function readProfileWithReset(db: Db, user: { id: string; email: string }): Promise<ProfileRow> {
  const profile = await getOrCreateProfileRow(db, user);
  return (await applyMonthlyReset(db, user.id)) > 0 ? getOrCreateProfileRow(db, user) : profile;
}

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
            count(*) FILTER (WHERE transaction_type = 'TASK_DEBIT')::int AS count
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

// ---------------------------------------------------------------- usage limits

/**
 * Tables that later features create (user_assets, generated_videos). Looked up once per
 * database: until they exist, usage counts as zero.
 */
const tablePresence = new WeakMap<Db, Map<string, Promise<boolean>>>();

function hasTable(db: Db, table: string): Promise<boolean> {
  let known = tablePresence.get(db);
  if (!known) tablePresence.set(db, (known = new Map()));
  let present = known.get(table);
  if (!present) {
    present = db.schema.hasTable(table);
    present.catch(() => known.delete(table));
    known.set(table, present);
  }
  return present;
}

/** Storage used (sum of the user's asset sizes) and videos made this calendar month (UTC). */
export async function getUsageCounts(db: Db, userId: string): Promise<{ storageUsedBytes: number; videosThisMonth: number }> {
  const [stored, videos] = await Promise.all([hasTable(db, 'temporary_uploads'), hasTable(db, 'generated_videos')]);
  // temporary_uploads comes after user_assets: with it, both are there to count.
  const storage = stored ? await storageUsedBytes(db, userId) : 0;
  const monthly = videos
    ? await db('generated_videos')
        .where({ user_id: userId })
        .where('created_at', '>=', db.raw(`date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`))
        .first(db.raw('count(*)::int AS n'))
    : null;
  return {
    storageUsedBytes: storage,
    videosThisMonth: Number((monthly as { n?: number } | null)?.n ?? 0),
  };
}
