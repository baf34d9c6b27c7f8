import type { CreditQuoteResponse, CreditTransaction, TransactionType } from '@studio/contracts';
import type { Knex } from 'knex';
import type { Db, Queryable } from '../../db/index.ts';
import { DbErrorCodes, insufficientCredits, isDbError, notFound } from '../../errors.ts';
import { creditsTotal } from '../../metrics.ts';
import { invalidatePlanStatus } from '../plans/plan-status.ts';
import { quoteTask } from './quotes.ts';

/**
 * The ledger's store: every change of a balance goes through `add_credit_transaction` (one row per
 * change, its idempotency key applied once); `toCreditTransaction` maps its rows.
 */
export interface LedgerRow {
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

/** How a ledger row moved credits, for `studio_credits_total`: spent, given back, or given. */
const creditDirection = (row: LedgerRow) => (row.amount < 0 ? 'debited' : row.transaction_type === 'TASK_REFUND' ? 'refunded' : 'granted');

type Written = { row: LedgerRow; applied: boolean };
type Outcome = Written | { refused: 'insufficient' };

/** One `add_credit_transaction` call. `applied`: this call wrote the row (a repeated key answers the first one, written earlier). */
async function addOne(db: Queryable, entry: LedgerEntry): Promise<Written> {
  const result = await db.raw<{ rows: (LedgerRow & { applied: boolean })[] }>(
    'SELECT *, created_at = now() AS applied FROM add_credit_transaction(?, ?, ?, ?, ?, ?, ?, ?)',
    [
      entry.userId,
      entry.type,
      entry.amount,
      entry.description,
      entry.taskType ?? null,
      entry.taskMetadata ? JSON.stringify(entry.taskMetadata) : null,
      entry.rawCostUsd ?? null,
      entry.idempotencyKey,
    ],
  );
  const { applied, ...row } = result.rows[0]!;
  return { row, applied };
}

/** One user's entries in one `add_credit_transactions` call (migration 019), in order. */
async function addMany(db: Db, userId: string, entries: LedgerEntry[]): Promise<Outcome[]> {
  const result = await db.raw<{ rows: { add_credit_transactions: Outcome }[] }>('SELECT add_credit_transactions(?, ?::jsonb)', [
    userId,
    JSON.stringify(
      entries.map((e) => ({
        type: e.type,
        amount: e.amount,
        description: e.description,
        task_type: e.taskType ?? null,
        task_metadata: e.taskMetadata ?? null,
        raw_cost_usd: e.rawCostUsd ?? null,
        idempotency_key: e.idempotencyKey,
      })),
    ),
  ]);
  return result.rows.map((r) => r.add_credit_transactions);
}

/** At most this many of one user's entries go in one call. */
const BATCH_MAX = 50;

interface Waiting {
  entry: LedgerEntry;
  settle(outcome: Promise<Outcome>): void;
}
/** Per pool, the users whose entries are being written from this process, and what waits behind them. */
const writing = new WeakMap<Db, Map<string, Waiting[]>>();

/**
 * Applies an entry on the pool: alone when nothing else of its user is being written from this
 * process, else together with what came meanwhile, in one call that locks the user's profile once
 * and commits once (twenty debits of one user at once each waited for the row lock in turn). The
 * outcome of each entry is what it would be alone; if a batch fails as a whole, its entries are
 * applied one by one, each with its own outcome.
 */
function addQueued(db: Db, entry: LedgerEntry): Promise<Outcome> {
  let users = writing.get(db);
  if (!users) writing.set(db, (users = new Map()));
  const queue = users.get(entry.userId);
  return new Promise<Outcome>((resolve) => {
    if (queue) return void queue.push({ entry, settle: resolve });
    const behind: Waiting[] = [];
    users.set(entry.userId, behind);
    resolve(addOne(db, entry).finally(() => void drain(db, users, entry.userId, behind)));
  });
}

async function drain(db: Db, users: Map<string, Waiting[]>, userId: string, queue: Waiting[]): Promise<void> {
  while (queue.length > 0) {
    const batch = queue.splice(0, BATCH_MAX);
    const outcomes =
      batch.length > 1
        ? await addMany(
            db,
            userId,
            batch.map((w) => w.entry),
          ).catch(() => null)
        : null;
    if (outcomes) batch.forEach((w, i) => w.settle(Promise.resolve(outcomes[i]!)));
    else
      for (const w of batch) {
        const one = addOne(db, w.entry);
        w.settle(one);
        await one.catch(() => undefined);
      }
  }
  users.delete(userId);
}

const inTransaction = (db: Queryable): db is Knex.Transaction => (db as Knex.Transaction).isTransaction === true;

/** The one door to the ledger: `add_credit_transaction`, then the plan-status cache is told. */
export async function writeLedger(db: Queryable, entry: LedgerEntry): Promise<CreditTransaction> {
  try {
    const outcome = inTransaction(db) ? await addOne(db, entry) : await addQueued(db, entry);
    // spec 1 §5: credits never go below zero; the database refuses and writes nothing.
    // The refusal says what the request needed, so the upgrade dialog can say how many more (spec 2 §6).
    if ('refused' in outcome) throw insufficientCredits(undefined, { creditsNeeded: -entry.amount });
    const { row, applied } = outcome;
    if (applied && row.amount !== 0) creditsTotal.inc({ direction: creditDirection(row) }, Math.abs(row.amount));
    return toCreditTransaction(row);
  } catch (error) {
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
