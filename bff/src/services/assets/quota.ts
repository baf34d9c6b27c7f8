import { Messages, planLimitsFor, type SubscriptionTierName } from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';

/**
 * Bytes the user keeps: their assets (gallery, products, audio, videos), temporary uploads not yet
 * swept, and their trained models' photos, samples and reference cut-outs.
 */
export async function storageUsedBytes(db: Db, userId: string): Promise<number> {
  const { rows } = await db.raw<{ rows: { bytes: string }[] }>(
    `SELECT (SELECT coalesce(sum(file_size), 0) FROM user_assets WHERE user_id = :userId)
          + (SELECT coalesce(sum(file_size), 0) FROM temporary_uploads WHERE user_id = :userId)
          + (SELECT coalesce(sum(file_size), 0) FROM trained_models WHERE user_id = :userId) AS bytes`,
    { userId },
  );
  return Number(rows[0]?.bytes ?? 0);
}

/**
 * spec 1 §9: the plan's storage limit; a user at or past it keeps what they have but makes nothing
 * new. `addingBytes`: what is about to be kept when its size is known (training photos), refused if
 * it would pass the limit.
 */
export async function assertStorageAvailable(db: Db, userId: string, addingBytes = 0): Promise<void> {
  const profile = await db('profiles')
    .where({ id: userId })
    .first<{ subscription_tier: SubscriptionTierName } | undefined>('subscription_tier');
  const limitBytes = planLimitsFor(profile?.subscription_tier ?? 'trial').storageGB * 1024 ** 3;
  const used = await storageUsedBytes(db, userId);
  if (used >= limitBytes || used + addingBytes > limitBytes) throw new AppError(403, 'forbidden', Messages.storageFull);
}
