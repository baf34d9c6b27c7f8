import type { CreditQuoteResponse } from '@studio/contracts';
import { Messages } from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import { conflict } from '../../errors.ts';
import { debitForTask, grantCredits } from './ledger.ts';

export interface ChargedTask {
  userId: string;
  /** A `task_pricing` task type (image, voice, upscale, describe, …). */
  taskType: string;
  modelName?: string | null;
  quantity?: number;
  /** Shown in the credits history. */
  description: string;
  /**
   * One key per piece of work: a retry with the same key is charged once, and its refund (if the
   * work fails) is granted once, however often either runs.
   */
  idempotencyKey: string;
  taskMetadata?: Record<string, unknown>;
}

/** The refund of a charged task is keyed by the charge, so it can be granted only once. */
export const refundKeyFor = (idempotencyKey: string) => `refund:${idempotencyKey}`;

/**
 * Runs paid work the way every generation must (DESIGN decision 4): the credits are taken before
 * the work starts (a short balance refuses with 402 and nothing runs), and if the work fails they
 * are given back — exactly once — before the error goes on to the caller.
 */
export async function runChargedTask<T>(db: Db, task: ChargedTask, work: (quote: CreditQuoteResponse) => Promise<T>): Promise<T> {
  const { quote } = await debitForTask(db, task);
  // A key whose work failed and was refunded is spent: running it again would be free work.
  const refunded = await db('credit_transactions')
    .where({ user_id: task.userId, idempotency_key: refundKeyFor(task.idempotencyKey) })
    .first('id');
  if (refunded) throw conflict(Messages.taskAlreadyFailed);
  try {
    return await work(quote);
  } catch (error) {
    await refundChargedTask(db, task, quote.credits);
    throw error;
  }
}

/** Gives back what `task` was charged; a second call with the same task grants nothing more. */
export async function refundChargedTask(db: Db, task: ChargedTask, credits: number): Promise<void> {
  if (credits <= 0) return;
  await grantCredits(db, {
    userId: task.userId,
    type: 'TASK_REFUND',
    credits,
    description: `Refund: ${task.description}`,
    taskType: task.taskType,
    taskMetadata: { ...task.taskMetadata, refunded_key: task.idempotencyKey },
    idempotencyKey: refundKeyFor(task.idempotencyKey),
  });
}
