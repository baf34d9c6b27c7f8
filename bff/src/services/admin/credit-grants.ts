/**
 * Admins' manual credit grants (MANUAL_CREDIT): through the ledger like every change of a balance,
 * each written to the admins' audit trail, and at most `ADMIN_DAILY_GRANT_CREDITS` per admin and
 * UTC day, counted from that trail.
 */
import { ADMIN_DAILY_GRANT_CREDITS, Messages, type CreditTransaction } from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';
import { grantCredits, toCreditTransaction, type LedgerRow } from '../credits/ledger.ts';
import { invalidatePlanStatus } from '../plans/plan-status.ts';
import { creditsGrantedToday, recordAdminAction } from './audit.ts';

export interface AdminGrantRequest {
  adminId: string;
  userId: string;
  credits: number;
  description: string;
  /** The caller's Idempotency-Key: a repeat answers the first grant, and counts and is audited once. */
  idempotencyKey: string;
}

export async function grantCreditsAsAdmin(db: Db, request: AdminGrantRequest): Promise<CreditTransaction> {
  const { adminId, userId, credits } = request;
  const idempotencyKey = `admin:${request.idempotencyKey}`;
  const transaction = await db.transaction(async (trx) => {
    // One admin's grants one at a time: two at once would each see room left under the cap.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`admin-credit-grants:${adminId}`]);
    const earlier = await trx('credit_transactions')
      .where({ user_id: userId, idempotency_key: idempotencyKey })
      .first<LedgerRow | undefined>();
    if (earlier) return toCreditTransaction(earlier);

    const grantedToday = await creditsGrantedToday(trx, adminId);
    if (grantedToday + credits > ADMIN_DAILY_GRANT_CREDITS) {
      const remaining = Math.max(0, ADMIN_DAILY_GRANT_CREDITS - grantedToday);
      throw new AppError(403, 'forbidden', Messages.adminDailyGrantLimit, { limit: ADMIN_DAILY_GRANT_CREDITS, remaining });
    }
    const granted = await grantCredits(trx, {
      userId,
      type: 'MANUAL_CREDIT',
      credits,
      description: request.description,
      taskMetadata: { granted_by: adminId },
      idempotencyKey,
    });
    await recordAdminAction(trx, { adminId, action: 'credit_grant', details: { userId, credits, transactionId: granted.id } });
    return granted;
  });
  // The ledger forgot the cached plan status before this commit; a read in between cached the old balance.
  invalidatePlanStatus(userId);
  return transaction;
}
