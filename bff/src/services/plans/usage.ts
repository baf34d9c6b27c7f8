import type { Db } from '../../db/index.ts';
import { storageUsedBytes } from '../assets/quota.ts';

/**
 * Storage used (sum of the user's asset sizes) and videos asked for this calendar month (UTC): what
 * the plan limits count. A job of hook variants makes a video per hook, and counts as that many.
 */
export async function getUsageCounts(db: Db, userId: string): Promise<{ storageUsedBytes: number; videosThisMonth: number }> {
  const [storage, monthly] = await Promise.all([
    storageUsedBytes(db, userId),
    db('generated_videos as g')
      .where('g.user_id', userId)
      .where('g.created_at', '>=', db.raw(`date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`))
      .first(db.raw('coalesce(sum(greatest(1, (SELECT count(*) FROM video_variants v WHERE v.job_id = g.id))), 0)::int AS n')),
  ]);
  return {
    storageUsedBytes: storage,
    videosThisMonth: Number((monthly as { n?: number } | null)?.n ?? 0),
  };
}
