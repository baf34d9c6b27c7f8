import type { Db } from '../../db/index.ts';
import { storageUsedBytes } from '../assets/quota.ts';

/** Storage used (sum of the user's asset sizes) and videos made this calendar month (UTC): what the plan limits count. */
export async function getUsageCounts(db: Db, userId: string): Promise<{ storageUsedBytes: number; videosThisMonth: number }> {
  const [storage, monthly] = await Promise.all([
    storageUsedBytes(db, userId),
    db('generated_videos')
      .where({ user_id: userId })
      .where('created_at', '>=', db.raw(`date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`))
      .first(db.raw('count(*)::int AS n')),
  ]);
  return {
    storageUsedBytes: storage,
    videosThisMonth: Number((monthly as { n?: number } | null)?.n ?? 0),
  };
}
