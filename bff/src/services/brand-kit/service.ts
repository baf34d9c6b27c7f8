import { readFile } from 'node:fs/promises';
import { BrandKitMessages, type BrandFontId, type BrandKit } from '@studio/contracts';
import { BRAND_FONTS, type EndCardInput } from '@studio/media';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import { deleteAsset, saveImageAsset } from '../assets/files.ts';
import { assertStorageAvailable } from '../assets/quota.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { Thumbnails } from '../storage/thumbnails.ts';
import type { UploadedFile } from '../uploads/gate.ts';
import { getOwnAsset } from '../assets/store.ts';
import { acceptImage, readImageData } from '../uploads/images.ts';
import {
  findBrandKit,
  findBrandKitLogoId,
  lockBrandKitLogo,
  setBrandKitLogo,
  upsertBrandKitSettings,
  type BrandKitSettings,
} from './store.ts';

export interface BrandKitServiceDeps {
  db: Db;
  objects: ObjectStore;
  thumbnails: Thumbnails;
}

/**
 * What the video job hands `renderEndCard` from the owner's kit: the logo's pixels (if it has
 * one), the CTA, the colours and the font; the job adds the format's size and the product cut-out.
 */
export async function endCardOf(
  { db, objects }: Pick<BrandKitServiceDeps, 'db' | 'objects'>,
  userId: string,
  /** The kit, when the caller has read it already. */
  read?: BrandKit,
): Promise<Omit<EndCardInput, 'width' | 'height' | 'productCutout' | 'durationS'>> {
  const [kit, logoId] = await Promise.all([read ?? findBrandKit(db, userId), findBrandKitLogoId(db, userId)]);
  const row = logoId ? await getOwnAsset(db, userId, logoId).catch(() => null) : null;
  const bytes = row ? await objects.read(row.storage_key) : null;
  const logo = bytes ? await readImageData(bytes, BrandKitMessages.logoTypeInvalid) : undefined;
  return {
    ...(logo ? { logo } : {}),
    ctaText: kit.ctaText,
    ...(kit.ctaUrl ? { ctaUrl: kit.ctaUrl } : {}),
    colors: { primary: kit.primaryColor, secondary: kit.secondaryColor },
    fontId: kit.fontId,
  };
}

/**
 * The caller's brand kit (Brand Assets): read with defaults before the first save,
 * settings saved whole, the logo replaced by an upload (the one before it is deleted). Only the
 * owner reads or changes it: every call takes the signed-in user's id.
 */
export function createBrandKitService({ db, objects, thumbnails }: BrandKitServiceDeps) {
  const removeThumbnails = (id: string) => thumbnails.remove(id);
  /** A logo already gone (its file deleted elsewhere) is nothing to remove. */
  const removeLogoAsset = (userId: string, assetId: string | null) =>
    assetId ? deleteAsset(db, objects, userId, assetId, removeThumbnails).catch(() => {}) : Promise.resolve();

  return {
    get: (userId: string): Promise<BrandKit> => findBrandKit(db, userId),

    async save(userId: string, settings: BrandKitSettings): Promise<BrandKit> {
      await upsertBrandKitSettings(db, userId, settings);
      return findBrandKit(db, userId);
    },

    /** Keeps an uploaded PNG or WebP (read whole and written again from its pixels) as the kit's logo. */
    async setLogo(userId: string, file: UploadedFile): Promise<BrandKit> {
      const image = await acceptImage(file.path, BrandKitMessages.logoTypeInvalid);
      await assertStorageAvailable(db, userId, image.data.length);
      const asset = await saveImageAsset(db, objects, {
        userId,
        image,
        assetType: 'product',
        metadata: { prompt: BrandKitMessages.title, mode: null, selectedLoRAModels: [], model: null, provider: null },
      });
      let previous: string | null;
      try {
        previous = await db.transaction(async (trx) => {
          const before = await lockBrandKitLogo(trx, userId);
          await setBrandKitLogo(trx, userId, asset.id);
          return before;
        });
      } catch (error) {
        await removeLogoAsset(userId, asset.id);
        throw error;
      }
      await removeLogoAsset(userId, previous);
      return findBrandKit(db, userId);
    },

    async removeLogo(userId: string): Promise<BrandKit> {
      // Nothing to remove: a kit never saved stays unsaved.
      const kit = await findBrandKit(db, userId);
      if (!kit.logoUrl) return kit;
      const previous = await db.transaction(async (trx) => {
        const before = await lockBrandKitLogo(trx, userId);
        if (before) await setBrandKitLogo(trx, userId, null);
        return before;
      });
      await removeLogoAsset(userId, previous);
      return findBrandKit(db, userId);
    },

    /** What the video job hands `renderEndCard` from the owner's kit (`endCardOf`). */
    endCardOf: (userId: string) => endCardOf({ db, objects }, userId),

    /** A bundled font's file, for the picker to show each font's name in itself. */
    async fontFile(fontId: BrandFontId): Promise<Buffer> {
      const font = BRAND_FONTS.find((f) => f.id === fontId);
      if (!font) throw notFound(BrandKitMessages.fontUnknown);
      return readFile(font.file);
    },
  };
}
export type BrandKitService = ReturnType<typeof createBrandKitService>;
