import { randomUUID } from 'node:crypto';
import type { AssetMetadata, UserAsset } from '@studio/contracts';
import type { ImageData, MouthCue, WordTiming } from '@studio/media';
import type { Db, Queryable } from '../../db/index.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { aspectRatioOf, GRID_THUMB_WIDTH, getOwnAsset, toUserAsset, type AssetRow } from './store.ts';
import { ASSET_URL_PREFIX, THUMB_URL_PREFIX } from './views.ts';

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

export interface NewImageAsset {
  userId: string;
  image: ImageData;
  metadata: Omit<AssetMetadata, 'width' | 'height' | 'aspectRatio' | 'duration' | 'jobId' | 'variant'>;
  characterId?: string | null;
  /** `product`: a product's photo, kept out of the gallery. */
  assetType?: 'image' | 'product';
}

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
  /** When each mouth shape is made in it (the local engine's own speech knows): kept beside the audio for lip-sync. */
  mouthCues?: MouthCue[];
  /** `music`: an upload kept as music for an ad, not a section's voice. */
  purpose?: 'music';
  /** Each word of its script and when it is said (a `WordTiming` list): kept in the asset's metadata, for a video's captions. */
  words?: readonly { text: string; start: number; end: number }[];
}

/** Where an audio file's mouth cues are kept: beside it, as JSON. */
export const mouthCuesKeyOf = (audioKey: string) => `${audioKey.replace(/\.\w+$/, '')}.cues.json`;

/** The mouth cues kept beside an audio file, if any. */
export async function readMouthCues(store: ObjectStore, audioKey: string): Promise<MouthCue[] | undefined> {
  const kept = await store.read(mouthCuesKeyOf(audioKey));
  return kept ? (JSON.parse(kept.toString('utf8')) as MouthCue[]) : undefined;
}

export async function keepMouthCues(store: ObjectStore, audioKey: string, cues: MouthCue[] | undefined): Promise<void> {
  if (cues?.length) await store.put(mouthCuesKeyOf(audioKey), Buffer.from(JSON.stringify(cues)));
}

/** Where an audio file's word times are kept: beside it, as JSON (a video job's captions follow them). */
export const wordsKeyOf = (audioKey: string) => `${audioKey.replace(/\.\w+$/, '')}.words.json`;

/** The word times kept beside an audio file, if any. */
export async function readWords(store: ObjectStore, audioKey: string): Promise<WordTiming[] | undefined> {
  const kept = await store.read(wordsKeyOf(audioKey));
  return kept ? (JSON.parse(kept.toString('utf8')) as WordTiming[]) : undefined;
}

export async function keepWords(store: ObjectStore, audioKey: string, words: WordTiming[] | undefined): Promise<void> {
  if (words?.length) await store.put(wordsKeyOf(audioKey), Buffer.from(JSON.stringify(words)));
}

/** Stores audio as an owner-only asset (type audio) that counts against the plan's storage. */
export async function saveAudioAsset(db: Db, store: ObjectStore, asset: NewAudioAsset): Promise<UserAsset> {
  const id = randomUUID();
  const extension = fileExtension(asset.mime, 'mp3');
  const key = `assets/${asset.userId}/${id}.${extension}`;
  await store.put(key, asset.audio);
  try {
    await keepMouthCues(store, key, asset.mouthCues);
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
        metadata: JSON.stringify({
          ...asset.metadata,
          ...(asset.purpose ? { purpose: asset.purpose } : {}),
          duration: asset.durationS,
          mode: null,
          selectedLoRAModels: [],
          ...(asset.words ? { words: asset.words } : {}),
        }),
      })
      .returning<AssetRow[]>('*');
    return toUserAsset(row!);
  } catch (error) {
    await Promise.all([store.remove(key), store.remove(mouthCuesKeyOf(key))]);
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
  /** `jobId`: the video job that made it (a finished ad's formats share it); `variant`: which of its hook variants. */
  metadata: Pick<AssetMetadata, 'prompt' | 'model' | 'provider'> & { jobId?: string; variant?: NonNullable<AssetMetadata['variant']> };
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
  if (row.asset_type === 'audio') await store.remove(mouthCuesKeyOf(row.storage_key));
  await removeThumbnails(row.id);
}
