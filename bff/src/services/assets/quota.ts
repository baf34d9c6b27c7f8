import { Messages, planLimitsFor, type SubscriptionTierName } from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';

/** Bytes the user keeps: their assets (gallery, products, audio, videos) and temporary uploads not yet swept. */
export async function storageUsedBytes(db: Db, userId: string): Promise<number> {
  const { rows } = await db.raw<{ rows: { bytes: string }[] }>(
    `SELECT (SELECT coalesce(sum(file_size), 0) FROM user_assets WHERE user_id = :userId)
          + (SELECT coalesce(sum(file_size), 0) FROM temporary_uploads WHERE user_id = :userId) AS bytes`,
    { userId },
  );
  return Number(rows[0]?.bytes ?? 0);
}

/** spec 1 §9: the plan's storage limit; a user at or past it keeps what they have but makes nothing new. */
export async function assertStorageAvailable(db: Db, userId: string): Promise<void> {
  const profile = await db('profiles')
    .where({ id: userId })
    .first<{ subscription_tier: SubscriptionTierName } | undefined>('subscription_tier');
  const limitBytes = planLimitsFor(profile?.subscription_tier ?? 'trial').storageGB * 1024 ** 3;
  if ((await storageUsedBytes(db, userId)) >= limitBytes) throw new AppError(403, 'forbidden', Messages.storageFull);
}
