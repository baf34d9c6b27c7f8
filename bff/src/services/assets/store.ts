import { GALLERY_PAGE_SIZE, type AssetMetadata, type AssetType, type UserAsset } from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import { assertRowId, decodePageCursor, encodePageCursor } from '../ids.ts';

/** Width of the thumbnail a grid card shows first. */
export const GRID_THUMB_WIDTH = 480;

export interface AssetRow {
  id: string;
  user_id: string;
  asset_type: AssetType;
  storage_key: string;
  mime_type: string;
  public_url: string;
  thumbnail_url: string | null;
  file_size: string | number;
  metadata: Partial<AssetMetadata>;
  is_featured: boolean;
  character_id: string | null;
  created_at: Date;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
/** "9:16" for 1080×1920. */
export function aspectRatioOf(width: number, height: number): string {
  const d = gcd(width, height) || 1;
  return `${width / d}:${height / d}`;
}

export function metadataOf(row: AssetRow): AssetMetadata {
  const m = row.metadata;
  return {
    width: m.width ?? 0,
    height: m.height ?? 0,
    aspectRatio: m.aspectRatio ?? '',
    prompt: m.prompt ?? '',
    mode: m.mode ?? null,
    selectedLoRAModels: m.selectedLoRAModels ?? [],
    model: m.model ?? null,
    duration: m.duration ?? null,
    provider: m.provider ?? null,
    jobId: m.jobId ?? null,
    variant: m.variant ?? null,
  };
}

export function toUserAsset(row: AssetRow): UserAsset {
  return {
    id: row.id,
    user_id: row.user_id,
    asset_type: row.asset_type,
    public_url: row.public_url,
    thumbnail_url: row.thumbnail_url,
    file_size: Number(row.file_size),
    is_featured: row.is_featured,
    character_id: row.character_id,
    created_at: row.created_at.toISOString(),
    metadata: metadataOf(row),
  };
}

/**
 * One gallery page, newest first (spec 1 §2: 20 at a time). Keyset paging: a page starts strictly
 * after the last row of the one before, so assets made meanwhile neither repeat nor shift rows.
 */
export async function listUserAssets(
  db: Db,
  userId: string,
  options: { assetType?: AssetType; cursor?: string },
): Promise<{ assets: UserAsset[]; nextCursor: string | null }> {
  const assetType = options.assetType ?? 'image';
  const page = db('user_assets')
    .where({ user_id: userId, asset_type: assetType })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(GALLERY_PAGE_SIZE + 1);
  if (options.cursor) {
    const after = decodePageCursor(options.cursor);
    void page.whereRaw('(created_at, id) < (?::timestamptz, ?::uuid)', [after.at, after.id]);
  }
  const rows = await page.select<AssetRow[]>('*');
  const more = rows.length > GALLERY_PAGE_SIZE;
  const shown = rows.slice(0, GALLERY_PAGE_SIZE);
  return { assets: shown.map(toUserAsset), nextCursor: more ? encodePageCursor(shown.at(-1)!.created_at, shown.at(-1)!.id) : null };
}

/** An asset of the user's own; anyone else's (or none) is "not found", so ids reveal nothing. */
export async function getOwnAsset(db: Db, userId: string, assetId: string): Promise<AssetRow> {
  assertRowId(assetId, 'assetId');
  const row = await db('user_assets').where({ id: assetId, user_id: userId }).first<AssetRow | undefined>();
  if (!row) throw notFound();
  return row;
}

export async function getAsset(db: Db, assetId: string): Promise<AssetRow | null> {
  assertRowId(assetId, 'assetId');
  return (await db('user_assets').where({ id: assetId }).first<AssetRow | undefined>()) ?? null;
}
