import { TIER_CHANGE_CREDITS, type CreditTransaction, type SubscriptionTierName } from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import { invalidatePlanStatus } from '../plans/plan-status.ts';
import { getOrCreateProfileRow, type ProfileRow } from '../profiles.ts';
import { toCreditTransaction, writeLedger } from './ledger.ts';

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

/** The profile (created on first read) after any due monthly reset: what every credit read starts from. */
export async function readProfileWithReset(db: Db, user: { id: string; email: string }): Promise<ProfileRow> {
  const profile = await getOrCreateProfileRow(db, user);
  return (await applyMonthlyReset(db, user.id)) > 0 ? getOrCreateProfileRow(db, user) : profile;
}
