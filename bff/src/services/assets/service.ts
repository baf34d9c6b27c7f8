import { Messages, type FeatureToggleResponse, type ThumbnailQuery, type UserAssetsQuery } from '@studio/contracts';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { Thumbnails } from '../storage/thumbnails.ts';
import { ownModelEntries } from '../training/models.ts';
import { associateWithCharacter, listCharacters } from './characters.ts';
import { listFeatured, setFeatured } from './feed.ts';
import { deleteAsset, posterKeyOf } from './files.ts';
import { getAsset, listUserAssets, type AssetRow } from './store.ts';
import { ASSET_URL_PREFIX } from './views.ts';

export interface AssetServiceDeps {
  db: Db;
  objects: ObjectStore;
  thumbnails: Thumbnails;
  appUrl: string;
}

/** Asset files never change under their id: owners cache them for good, a featured one is public. */
const cacheFor = (row: AssetRow): string => (row.is_featured ? 'public, max-age=300' : 'private, max-age=31536000, immutable');

/**
 * The gallery's assets (spec 2 §2): pages, deletion, featuring, characters, and their files — to
 * their owner, and to everyone once featured.
 */
export function createAssetService({ db, objects, thumbnails, appUrl }: AssetServiceDeps) {
  /** Who may read an asset's file: its owner, and everyone once it is featured. */
  async function readable(viewerId: string | null, file: string, extension: RegExp): Promise<AssetRow> {
    const match = /^([0-9a-f-]{36})\.(\w+)$/.exec(file);
    if (!match || !extension.test(match[2]!)) throw notFound();
    const row = await getAsset(db, match[1]!);
    if (!row || !(row.is_featured || row.user_id === viewerId)) throw notFound();
    return row;
  }

  return {
    page: (userId: string, query: z.output<typeof UserAssetsQuery>) => listUserAssets(db, userId, query),
    remove: (userId: string, assetId: string) => deleteAsset(db, objects, userId, assetId, (id) => thumbnails.remove(id)),

    /** An admin features an asset or takes it off; the answer says which. */
    async feature(adminId: string, assetId: string, isFeatured: boolean | undefined): Promise<FeatureToggleResponse> {
      const featured = await setFeatured(db, adminId, assetId, isFeatured);
      return {
        success: true,
        asset: { id: assetId, is_featured: featured },
        message: featured ? Messages.featuredOn : Messages.featuredOff,
      };
    },
    featured: () => listFeatured(db),
    characters: (userId: string) => listCharacters(db, userId),
    associateWithCharacter: (userId: string, characterId: string, assetId: string) =>
      associateWithCharacter(db, userId, characterId, assetId),
    ownModels: (userId: string) => ownModelEntries(db, userId),

    /** A poster for one of our video URLs (a placeholder until videos have poster frames); a foreign URL is never fetched. */
    async videoPoster(viewerId: string | null, url: string): Promise<Buffer> {
      const path = url.startsWith(appUrl) ? url.slice(appUrl.length) : url;
      const file = path.startsWith(`${ASSET_URL_PREFIX}/`) ? path.slice(ASSET_URL_PREFIX.length + 1) : '';
      await readable(viewerId, file, /^(mp4|webm)$/);
      return sharp({ create: { width: 480, height: 270, channels: 3, background: '#1f1f24' } })
        .webp()
        .toBuffer();
    },

    /** An asset's file with its type and caching, to whoever may read it. */
    async openFile(viewerId: string | null, file: string, extension: RegExp) {
      const row = await readable(viewerId, file, extension);
      const opened = await objects.open(row.storage_key);
      if (!opened) throw notFound();
      return { ...opened, type: row.mime_type, cache: cacheFor(row) };
    },

    /**
     * A thumbnail of an image (or a video's poster frame), made the first time it is asked for;
     * `beforeMaking` runs first then (a miss costs a decode).
     */
    async openThumbnail(viewerId: string | null, file: string, size: ThumbnailQuery, beforeMaking: () => Promise<unknown>) {
      const row = await readable(viewerId, file, /^img$/);
      if (row.asset_type === 'audio') throw notFound();
      const source = row.asset_type === 'video' ? posterKeyOf(row) : row.storage_key;
      const opened = await thumbnails.open(row.id, size, () => objects.read(source), beforeMaking);
      if (!opened) throw notFound();
      return { ...opened, cache: cacheFor(row) };
    },
  };
}
export type AssetService = ReturnType<typeof createAssetService>;
