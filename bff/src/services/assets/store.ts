import { randomUUID } from 'node:crypto';
import {
  GALLERY_PAGE_SIZE,
  Messages,
  planLimitsFor,
  TrainingRoutes,
  type AssetMetadata,
  type AssetType,
  type Character,
  type FeaturedImage,
  type GeneratedImage,
  type SubscriptionTierName,
  type UserAsset,
} from '@studio/contracts';
import type { ImageData } from '@studio/media';
import type { Db, Queryable } from '../../db/index.ts';
import { AppError, invalidRequest, notFound } from '../../errors.ts';
import type { ObjectStore } from '../storage/object-store.ts';

/** URLs the bff serves asset files and thumbnails at. */
export const ASSET_URL_PREFIX = '/media/assets';
export const THUMB_URL_PREFIX = '/media/thumbs';
/** Width of the thumbnail a grid card shows first. */
const GRID_THUMB_WIDTH = 480;

/** The file extension a stored file of this type gets. */
export const fileExtension = (mime: string, fallback = 'png') => EXTENSIONS[mime] ?? fallback;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/flac': 'flac',
};
/** The file extensions asset URLs may end in. */
export const ASSET_EXTENSIONS = new RegExp(`^(${[...new Set(Object.values(EXTENSIONS))].join('|')})$`);

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

function metadataOf(row: AssetRow): AssetMetadata {
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

export interface NewImageAsset {
  userId: string;
  image: ImageData;
  metadata: Omit<AssetMetadata, 'width' | 'height' | 'aspectRatio' | 'duration'>;
  characterId?: string | null;
  /** `product`: a product's photo, kept out of the gallery. */
  assetType?: 'image' | 'product';
}

/** A gallery image as generation answers carry it. */
export const toGeneratedImage = (asset: UserAsset): GeneratedImage => ({
  assetId: asset.id,
  url: asset.public_url,
  thumbnailUrl: asset.thumbnail_url,
  width: asset.metadata.width,
  height: asset.metadata.height,
});

/** Stores an image in the user's gallery: the file first, then its row (the file goes if the row cannot be written). */
export async function saveImageAsset(db: Db, store: ObjectStore, asset: NewImageAsset): Promise<UserAsset> {
  const id = randomUUID();
  const extension = fileExtension(asset.image.mime);
  const key = `assets/${asset.userId}/${id}.${extension}`;
  const { width, height } = asset.image;
  await store.put(key, asset.image.data);
  try {
    const [row] = await db('user_assets')
      .insert({
        id,
        user_id: asset.userId,
        asset_type: asset.assetType ?? 'image',
        storage_key: key,
        mime_type: asset.image.mime,
        public_url: `${ASSET_URL_PREFIX}/${id}.${extension}`,
        thumbnail_url: `${THUMB_URL_PREFIX}/${id}.webp?w=${GRID_THUMB_WIDTH}`,
        file_size: asset.image.data.length,
        metadata: JSON.stringify({ ...asset.metadata, width, height, aspectRatio: aspectRatioOf(width, height), duration: null }),
        character_id: asset.characterId ?? null,
      })
      .returning<AssetRow[]>('*');
    if (asset.characterId) await db('characters').where({ id: asset.characterId, user_id: asset.userId }).update({ latest_asset_id: id });
    return toUserAsset(row!);
  } catch (error) {
    await store.remove(key);
    throw error;
  }
}

export interface NewAudioAsset {
  userId: string;
  audio: Buffer;
  mime: string;
  durationS: number;
  /** What was said (the script), and how it was made. */
  metadata: Pick<AssetMetadata, 'prompt' | 'model' | 'provider'>;
}

/** Stores audio as an owner-only asset (type audio) that counts against the plan's storage. */
export async function saveAudioAsset(db: Db, store: ObjectStore, asset: NewAudioAsset): Promise<UserAsset> {
  const id = randomUUID();
  const extension = fileExtension(asset.mime, 'mp3');
  const key = `assets/${asset.userId}/${id}.${extension}`;
  await store.put(key, asset.audio);
  try {
    const [row] = await db('user_assets')
      .insert({
        id,
        user_id: asset.userId,
        asset_type: 'audio',
        storage_key: key,
        mime_type: asset.mime,
        public_url: `${ASSET_URL_PREFIX}/${id}.${extension}`,
        thumbnail_url: null,
        file_size: asset.audio.length,
        metadata: JSON.stringify({ ...asset.metadata, duration: asset.durationS, mode: null, selectedLoRAModels: [] }),
      })
      .returning<AssetRow[]>('*');
    return toUserAsset(row!);
  } catch (error) {
    await store.remove(key);
    throw error;
  }
}

export interface NewVideoAsset {
  /** The asset's id, chosen by the caller so that storing it can be made idempotent. */
  id: string;
  userId: string;
  video: Buffer;
  poster: Buffer;
  width: number;
  height: number;
  durationS: number;
  metadata: Pick<AssetMetadata, 'prompt' | 'model' | 'provider'>;
}

/** Where a video asset's poster frame is kept: beside the video. */
export const posterKeyOf = (row: Pick<AssetRow, 'storage_key'>) => row.storage_key.replace(/\.\w+$/, '-poster.jpg');

/** Stores a video (MP4) with its poster frame as a gallery asset; the poster gives its thumbnails. */
export async function saveVideoAsset(db: Queryable, store: ObjectStore, asset: NewVideoAsset): Promise<UserAsset> {
  const key = `assets/${asset.userId}/${asset.id}.mp4`;
  await store.put(key, asset.video);
  await store.put(posterKeyOf({ storage_key: key }), asset.poster);
  const [row] = await db('user_assets')
    .insert({
      id: asset.id,
      user_id: asset.userId,
      asset_type: 'video',
      storage_key: key,
      mime_type: 'video/mp4',
      public_url: `${ASSET_URL_PREFIX}/${asset.id}.mp4`,
      thumbnail_url: `${THUMB_URL_PREFIX}/${asset.id}.webp?w=${GRID_THUMB_WIDTH}`,
      file_size: asset.video.length + asset.poster.length,
      metadata: JSON.stringify({
        ...asset.metadata,
        width: asset.width,
        height: asset.height,
        aspectRatio: aspectRatioOf(asset.width, asset.height),
        duration: asset.durationS,
        mode: 'video',
        selectedLoRAModels: [],
      }),
    })
    .returning<AssetRow[]>('*');
  return toUserAsset(row!);
}

interface Cursor {
  createdAt: string;
  id: string;
}
const encodeCursor = (row: AssetRow) =>
  Buffer.from(JSON.stringify({ createdAt: row.created_at.toISOString(), id: row.id } satisfies Cursor)).toString('base64url');
function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString()) as Partial<Cursor>;
    if (
      typeof value.createdAt === 'string' &&
      !Number.isNaN(Date.parse(value.createdAt)) &&
      typeof value.id === 'string' &&
      /^[0-9a-f-]{36}$/.test(value.id)
    ) {
      return { createdAt: value.createdAt, id: value.id };
    }
  } catch {
    // falls through to the refusal
  }
  throw invalidRequest(Messages.invalidCursor);
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
    const after = decodeCursor(options.cursor);
    void page.whereRaw('(created_at, id) < (?::timestamptz, ?::uuid)', [after.createdAt, after.id]);
  }
  const rows = await page.select<AssetRow[]>('*');
  const more = rows.length > GALLERY_PAGE_SIZE;
  const shown = rows.slice(0, GALLERY_PAGE_SIZE);
  return { assets: shown.map(toUserAsset), nextCursor: more ? encodeCursor(shown.at(-1)!) : null };
}

/** An asset of the user's own; anyone else's (or none) is "not found", so ids reveal nothing. */
export async function getOwnAsset(db: Db, userId: string, assetId: string): Promise<AssetRow> {
  if (!/^[0-9a-f-]{36}$/.test(assetId)) throw notFound();
  const row = await db('user_assets').where({ id: assetId, user_id: userId }).first<AssetRow | undefined>();
  if (!row) throw notFound();
  return row;
}

export async function getAsset(db: Db, assetId: string): Promise<AssetRow | null> {
  if (!/^[0-9a-f-]{36}$/.test(assetId)) return null;
  return (await db('user_assets').where({ id: assetId }).first<AssetRow | undefined>()) ?? null;
}

/** Deletes the row, then the file (a file without a row is unreachable; a row without a file would show broken). */
export async function deleteAsset(
  db: Db,
  store: ObjectStore,
  userId: string,
  assetId: string,
  removeThumbnails: (id: string) => Promise<void>,
): Promise<void> {
  const row = await getOwnAsset(db, userId, assetId);
  await db('user_assets').where({ id: row.id }).delete();
  await store.remove(row.storage_key);
  if (row.asset_type === 'video') await store.remove(posterKeyOf(row));
  await removeThumbnails(row.id);
}

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

export async function listCharacters(db: Db, userId: string): Promise<Character[]> {
  const rows = await db('characters as c')
    .leftJoin('user_assets as a', 'a.id', 'c.latest_asset_id')
    // A trained character without images of its own yet shows its training sample.
    .leftJoin('trained_models as m', (j) => void j.on('m.character_id', 'c.id').andOnNotNull('m.sample_key'))
    .where({ 'c.user_id': userId })
    .orderBy('c.created_at', 'desc')
    .select<
      {
        id: string;
        name: string;
        created_at: Date;
        public_url: string | null;
        voice_id: string | null;
        voice_settings: Record<string, number> | null;
        model_id: string | null;
      }[]
    >('c.id', 'c.name', 'c.created_at', 'a.public_url', 'c.voice_id', 'c.voice_settings', 'm.id as model_id');
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    latestImageUrl: r.public_url ?? (r.model_id ? `${TrainingRoutes.models}/${r.model_id}/sample` : null),
    voiceId: r.voice_id,
    voiceSettings: r.voice_settings,
    created_at: r.created_at.toISOString(),
  }));
}

/**
 * A character id a request names must be the caller's: anyone else's is answered like one that does
 * not exist (the database's foreign key would otherwise tell which ids exist).
 */
export async function assertOwnCharacter(db: Queryable, userId: string, characterId: string): Promise<void> {
  const own = /^[0-9a-f-]{36}$/i.test(characterId) && (await db('characters').where({ id: characterId, user_id: userId }).first('id'));
  if (!own) throw notFound(Messages.characterNotFound);
}

/** Associates one of the user's assets with one of their characters, which then shows it as its latest image. */
export async function associateWithCharacter(db: Db, userId: string, characterId: string, assetId: string): Promise<void> {
  const asset = await getOwnAsset(db, userId, assetId);
  if (!/^[0-9a-f-]{36}$/.test(characterId)) throw notFound();
  await db.transaction(async (trx) => {
    const updated = await trx('characters').where({ id: characterId, user_id: userId }).update({ latest_asset_id: asset.id });
    if (updated === 0) throw notFound();
    await trx('user_assets').where({ id: asset.id }).update({ character_id: characterId });
  });
}
