import type { FeaturedImage } from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../errors.ts';

import { getAsset, metadataOf, type AssetRow } from './store.ts';

export async function setFeatured(db: Db, assetId: string, featured: boolean | undefined): Promise<boolean> {
  const row = await getAsset(db, assetId);
  if (!row) throw notFound();
  const next = featured ?? !row.is_featured;
  await db('user_assets').where({ id: row.id }).update({ is_featured: next });
  return next;
}

/** The discover feed: featured images, newest first, with their creator. */
export async function listFeatured(db: Db, limit = 60): Promise<FeaturedImage[]> {
  const rows = await db('user_assets as a')
    .leftJoin('profiles as p', 'p.id', 'a.user_id')
    .where({ 'a.is_featured': true, 'a.asset_type': 'image' })
    .orderBy([
      { column: 'a.created_at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ])
    .limit(limit)
    .select<(AssetRow & { username: string | null; full_name: string | null; avatar_url: string | null })[]>(
      'a.*',
      'p.username',
      'p.full_name',
      'p.avatar_url',
    );
  return rows.map((row) => {
    const m = metadataOf(row);
    return {
      url: row.public_url,
      thumbnailUrl: row.thumbnail_url,
      width: m.width,
      height: m.height,
      aspectRatio: m.aspectRatio,
      createdAt: row.created_at.toISOString(),
      assetId: row.id,
      publicId: row.id,
      prompt: m.prompt,
      mode: m.mode,
      selectedLoRAModels: m.selectedLoRAModels,
      creatorName: row.username ?? row.full_name,
      creatorAvatar: row.avatar_url,
    };
  });
}
