import { randomBytes } from 'node:crypto';
/**
 * Inputs given by URL (an image to edit or animate, approved audio for a section): only the
 * caller's own assets or temporary uploads are read, straight from the store. The server never
 * fetches a URL it does not own.
 */
import { Messages, WordTiming, type AssetType } from '@studio/contracts';
import type { ImageData, MouthCue } from '@studio/media';
import { invalidRequest } from '../../errors.ts';
import type { Db } from '../../db/index.ts';
import { getOwnAsset, type AssetRow } from './store.ts';
import { isUuid } from '../ids.ts';
import { ASSET_URL_PREFIX, THUMB_URL_PREFIX } from './views.ts';
import { fileExtension, posterKeyOf, readMouthCues } from './files.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { readImageData } from '../uploads/images.ts';

export const TEMP_URL_PREFIX = '/media/temp';
export const TEMP_FILE = /^([0-9a-f-]{36})-[\w-]{16,64}\.(png|jpg|webp)$/;

export interface OwnMediaDeps {
  db: Db;
  objects: ObjectStore;
  appUrl: string;
}

/** The asset id a URL's path names: its file (`/media/assets/<id>.<ext>`) or one of its thumbnails (`/media/thumbs/<id>.webp?…`). */
function assetIdIn(path: string): { id: string; thumbnail: boolean } | null {
  const file = new RegExp(`^${ASSET_URL_PREFIX}/([0-9a-f-]{36})\\.(\\w+)$`).exec(path);
  const thumbnail = new RegExp(`^${THUMB_URL_PREFIX}/([0-9a-f-]{36})\\.webp(\\?[\\w=&]*)?$`).exec(path);
  const id = file?.[1] ?? thumbnail?.[1];
  return id && isUuid(id) ? { id, thumbnail: !file } : null;
}

/**
 * Whether an asset of `found` type serves where a file of `wanted` type is asked for: a product's
 * photo is an input image like any other of the user's, and so is a video's poster frame (a new
 * video made from a video starts from its picture). A thumbnail stands for its asset's picture only.
 */
function serves(found: AssetType, wanted: AssetType, thumbnail: boolean): boolean {
  if (wanted === 'image') return found === 'image' || found === 'product' || found === 'video';
  return !thumbnail && found === wanted;
}

/** The bytes of the caller's own file at `url` (an asset of `type`, or for images a temporary upload); null if it is not theirs. */
export async function ownFileAt(deps: OwnMediaDeps, userId: string, url: string, type: AssetType): Promise<Buffer | null> {
  const path = url.startsWith(deps.appUrl) ? url.slice(deps.appUrl.length) : url;
  const named = assetIdIn(path);
  const row = named ? await getOwnAsset(deps.db, userId, named.id).catch(() => null) : null;
  if (row) {
    if (!named || !serves(row.asset_type, type, named.thumbnail)) return null;
    return deps.objects.read(row.asset_type === 'video' && type === 'image' ? posterKeyOf(row) : row.storage_key);
  }
  const temp = type === 'image' && path.startsWith(`${TEMP_URL_PREFIX}/`) ? TEMP_FILE.exec(path.slice(TEMP_URL_PREFIX.length + 1)) : null;
  return temp && temp[1] === userId ? deps.objects.read(`temp/${temp[0]}`) : null;
}

/**
 * Whether every URL names the caller's own file of its type (for images also a product photo or
 * their temporary upload), without reading any: a saved draft may only point at what its owner
 * can use. One query for all of them: a full draft names some 250 files and is saved as the user types.
 */
export async function ownsAllMediaAt(
  deps: Pick<OwnMediaDeps, 'db' | 'appUrl'>,
  userId: string,
  media: readonly { url: string; type: AssetType }[],
): Promise<boolean> {
  const wanted = media.map(({ url, type }) => {
    const path = url.startsWith(deps.appUrl) ? url.slice(deps.appUrl.length) : url;
    return { path, type, named: assetIdIn(path) };
  });
  const ids = [...new Set(wanted.flatMap((w) => (w.named ? [w.named.id] : [])))];
  const rows =
    ids.length > 0
      ? await deps
          .db('user_assets')
          .where({ user_id: userId })
          .whereIn('id', ids)
          .select<Pick<AssetRow, 'id' | 'asset_type'>[]>('id', 'asset_type')
      : [];
  const typeOf = new Map(rows.map((row) => [row.id, row.asset_type]));
  return wanted.every(({ path, type, named }) => {
    const found = named ? typeOf.get(named.id) : undefined;
    if (found && named) return serves(found, type, named.thumbnail);
    const temp = type === 'image' && path.startsWith(`${TEMP_URL_PREFIX}/`) ? TEMP_FILE.exec(path.slice(TEMP_URL_PREFIX.length + 1)) : null;
    return temp?.[1] === userId;
  });
}

/** One of the caller's audio files by URL, with the mouth cues kept beside it (if the local engine spoke it); else null. */
export async function ownAudioAt(
  deps: OwnMediaDeps,
  userId: string,
  url: string,
): Promise<{ audio: Buffer; mouthCues?: MouthCue[]; words?: WordTiming[] } | null> {
  const named = assetIdIn(url.startsWith(deps.appUrl) ? url.slice(deps.appUrl.length) : url);
  const row = named && !named.thumbnail ? await getOwnAsset(deps.db, userId, named.id).catch(() => null) : null;
  const audio = row?.asset_type === 'audio' ? await deps.objects.read(row.storage_key) : null;
  if (!audio || !row) return null;
  // The voice's or an alignment's word times, kept with the asset (a video's captions follow them).
  const words = WordTiming.array().safeParse((row.metadata as { words?: unknown }).words);
  return { audio, mouthCues: await readMouthCues(deps.objects, row.storage_key), ...(words.success && { words: words.data }) };
}

/** An input image given by URL, decoded: one of the caller's own images or uploads, else a 400. */
export async function ownImageAt(deps: OwnMediaDeps, userId: string, url: string): Promise<ImageData> {
  const bytes = await ownFileAt(deps, userId, url, 'image');
  if (!bytes) throw invalidRequest(Messages.imageNotYours);
  return readImageData(bytes, Messages.imageTypeInvalid);
}

/**
 * Keeps an image as the caller's private temporary upload; returns its URL (readable by them
 * only). Its row counts it against the caller's storage until the sweep removes both; callers
 * check `assertStorageAvailable` first.
 */
export async function putTempImage(deps: Pick<OwnMediaDeps, 'db' | 'objects'>, userId: string, image: ImageData): Promise<string> {
  const name = `${userId}-${randomBytes(12).toString('base64url')}.${fileExtension(image.mime)}`;
  const key = `temp/${name}`;
  await deps.objects.put(key, image.data);
  try {
    await deps.db('temporary_uploads').insert({ storage_key: key, user_id: userId, file_size: image.data.length });
  } catch (error) {
    await deps.objects.remove(key);
    throw error;
  }
  return `${TEMP_URL_PREFIX}/${name}`;
}

/** Removes temporary uploads older than `before`: files first, then the rows that count them. */
export async function sweepTemporaryUploads(deps: Pick<OwnMediaDeps, 'db' | 'objects'>, before: Date): Promise<number> {
  const removed = await deps.objects.sweep('temp/', before);
  await deps.db('temporary_uploads').where('created_at', '<', before).delete();
  return removed;
}
