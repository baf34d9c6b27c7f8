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

/** Letters and digits only, lowercased: "Jane.Doe" and "jane_doe" are the same name. */
const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The name the public feed shows for a creator: the username, else the full name, else none (the
 * page says "a Studio creator"). The feed is public, so a name that is an e-mail address, or is the
 * account's own address before the @, is never sent: it would give the address away.
 */
export function creatorNameOf(creator: { username: string | null; full_name: string | null; email: string | null }): string | null {
  const local = bare(creator.email?.split('@')[0] ?? '');
  const safe = (name: string | null) => {
    const trimmed = name?.trim();
    if (!trimmed || trimmed.includes('@')) return null;
    return local && bare(trimmed) === local ? null : trimmed;
  };
  return safe(creator.username) ?? safe(creator.full_name);
}

/** The discover feed: featured images, newest first, with their creator. */
export async function listFeatured(db: Db, limit = 60): Promise<FeaturedImage[]> {
  const rows = await db('user_assets as a')
    .leftJoin('profiles as p', 'p.id', 'a.user_id')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .where({ 'a.is_featured': true, 'a.asset_type': 'image' })
    .orderBy([
      { column: 'a.created_at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ])
    .limit(limit)
    .select<(AssetRow & { username: string | null; full_name: string | null; avatar_url: string | null; email: string | null })[]>(
      'a.*',
      'p.username',
      'p.full_name',
      'p.avatar_url',
      'u.email',
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
      creatorName: creatorNameOf(row),
      creatorAvatar: row.avatar_url,
    };
  });
}
