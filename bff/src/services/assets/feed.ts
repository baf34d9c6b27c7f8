import { Messages, type AssetType, type FeaturedImage } from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import { invalidRequest, notFound } from '../../errors.ts';
import { recordAdminAction } from '../admin/audit.ts';
import { getAsset, metadataOf, type AssetRow } from './store.ts';

/**
 * What the gallery and Discover show (spec 2 §2). A featured asset's file is served to everyone, so
 * a voice recording or a product photo made featured would be public without being on any feed.
 */
const FEATURABLE: readonly AssetType[] = ['image', 'video'];

/**
 * An admin features an asset (or takes it off the feed; toggles when `featured` is absent), in the
 * admins' audit trail with the same commit. Anything may be taken off; only gallery items go on.
 */
export async function setFeatured(db: Db, adminId: string, assetId: string, featured: boolean | undefined): Promise<boolean> {
  return db.transaction(async (trx) => {
    const row = await getAsset(trx, assetId);
    if (!row) throw notFound();
    const next = featured ?? !row.is_featured;
    if (next && !FEATURABLE.includes(row.asset_type)) throw invalidRequest(Messages.featuredGalleryOnly);
    await trx('user_assets').where({ id: row.id }).update({ is_featured: next });
    await recordAdminAction(trx, {
      adminId,
      action: next ? 'feature' : 'unfeature',
      details: { assetId: row.id, ownerId: row.user_id, assetType: row.asset_type },
    });
    return next;
  });
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
