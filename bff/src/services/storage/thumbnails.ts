import type { Readable } from 'node:stream';
import type { ThumbnailQuery } from '@studio/contracts';
import { decodeImage } from '../uploads/images.ts';
import { removeUnder, type ObjectStore } from './object-store.ts';

/**
 * WebP thumbnails of stored images, made once per (asset, width, height, quality) and kept in the
 * object store under `thumbs/`; every grid asks for them (spec 1 §2 lazy thumbnails). Callers pass a
 * variant snapped to contracts' fixed sizes (`thumbnailVariant`), so an image has a handful of them.
 */
export function createThumbnails(objects: ObjectStore) {
  const keyOf = (assetId: string, q: ThumbnailQuery) => `thumbs/${assetId}-w${q.w}-h${q.h ?? 0}-q${q.q}.webp`;

  return {
    /**
     * The thumbnail, made from `original()` the first time it is asked for; `beforeMaking` runs
     * first then (a miss costs a decode: the route counts it against a rate limit).
     */
    async open(
      assetId: string,
      q: ThumbnailQuery,
      original: () => Promise<Buffer | null>,
      beforeMaking: () => Promise<unknown> = async () => {},
    ): Promise<{ stream: Readable; size: number } | null> {
      const key = keyOf(assetId, q);
      const made = await objects.open(key);
      if (made) return made;
      await beforeMaking();
      const source = await original();
      if (!source) return null;
      const webp = await decodeImage(source, (image) =>
        image
          .rotate()
          .resize(q.w, q.h, { fit: q.h ? 'cover' : 'inside', withoutEnlargement: true })
          .webp({ quality: q.q })
          .toBuffer(),
      );
      await objects.put(key, webp);
      return objects.open(key);
    },
    /** Removes every kept size of an asset. */
    async remove(assetId: string): Promise<void> {
      await removeUnder(objects, `thumbs/${assetId}-`);
    },
  };
}
export type Thumbnails = ReturnType<typeof createThumbnails>;
