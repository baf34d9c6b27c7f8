import { createReadStream, type ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ThumbnailQuery } from '@studio/contracts';
import { decodeImage } from '../uploads/images.ts';

/**
 * WebP thumbnails of stored images, made once per (asset, width, height, quality) and kept under
 * `DATA_DIR/thumbs`; every grid asks for them (spec 1 §2 lazy thumbnails). Callers pass a variant
 * snapped to contracts' fixed sizes (`thumbnailVariant`), so an image has a handful of files here.
 */
export function createThumbnails(dataDir: string) {
  const dir = path.join(dataDir, 'thumbs');
  const fileOf = (assetId: string, q: ThumbnailQuery) => path.join(dir, `${assetId}-w${q.w}-h${q.h ?? 0}-q${q.q}.webp`);

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
    ): Promise<{ stream: ReadStream; size: number } | null> {
      const file = fileOf(assetId, q);
      let stat = await fs.stat(file).catch(() => null);
      if (!stat) {
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
        await fs.mkdir(dir, { recursive: true });
        const partial = `${file}.${process.pid}.partial`;
        await fs.writeFile(partial, webp);
        await fs.rename(partial, file);
        stat = await fs.stat(file);
      }
      return { stream: createReadStream(file), size: stat.size };
    },
    /** Removes every cached size of an asset. */
    async remove(assetId: string): Promise<void> {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      await Promise.all(names.filter((n) => n.startsWith(`${assetId}-`)).map((n) => fs.rm(path.join(dir, n), { force: true })));
    },
  };
}
export type Thumbnails = ReturnType<typeof createThumbnails>;
