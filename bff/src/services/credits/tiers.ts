import { TIER_CHANGE_CREDITS, type CreditTransaction, type SubscriptionTierName } from '@studio/contracts';
import type { Db, Queryable } from '../../db/index.ts';
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

/** Tiers from least to most: a move down this list is a downgrade. */
const TIER_ORDER: readonly SubscriptionTierName[] = ['trial', 'free', 'basic', 'pro', 'unlimited'];
export const isDowngrade = (from: SubscriptionTierName, to: SubscriptionTierName) => TIER_ORDER.indexOf(to) < TIER_ORDER.indexOf(from);

/**
 * spec 1 §9 tier-change credits as the studio applies them (README, "Credits on a plan change"): a
 * change that comes without a paid plan grant — a downgrade, or a plan ending (free) — raises the
 * balance to the new tier's credits when it is below them, as a TIER_CHANGE row with its reason; it
 * never takes credits away. Upgrades and new plans are paid: their invoice grants the plan's monthly
 * credits, which meet or exceed the tier's. Once per key (the subscription, the tier and its period).
 */
export async function raiseToTierCredits(
  db: Queryable,
  userId: string,
  tier: Exclude<SubscriptionTierName, 'trial'>,
  idempotencyKey: string,
): Promise<CreditTransaction | null> {
  const profile = await db('profiles').where({ id: userId }).first<{ credits_remaining: number } | undefined>('credits_remaining');
  const missing = TIER_CHANGE_CREDITS[tier] - (profile?.credits_remaining ?? 0);
  if (!profile || missing <= 0) return null;
  return writeLedger(db, {
    userId,
    type: 'TIER_CHANGE',
    amount: missing,
    description: `Plan changed to ${tier}: balance raised to ${TIER_CHANGE_CREDITS[tier]} credits`,
    taskMetadata: { tier },
    idempotencyKey,
  });
}
