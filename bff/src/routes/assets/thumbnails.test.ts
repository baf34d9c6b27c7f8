import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageAsset, signedInUser, startTestStudio, type ApiResponse, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

const featuredImage = async (userId: string) => {
  const asset = await createImageAsset(studio, userId, { width: 1200, height: 900 });
  await studio.deps.db('user_assets').where({ id: asset.id }).update({ is_featured: true });
  return asset;
};

const thumbsOf = async (assetId: string) =>
  (await fs.readdir(path.join(studio.deps.config.dataDir, 'objects', 'thumbs')).catch(() => [] as string[])).filter((n) =>
    n.startsWith(`${assetId}-`),
  );

describe('thumbnails of public images, asked for by anyone', () => {
  it('are made in a few fixed sizes and qualities, whatever sizes are asked for', async () => {
    const { user } = await signedInUser(studio);
    const asset = await featuredImage(user.id);
    const visitor = studio.client();
    for (const w of [16, 100, 239, 240, 241, 333, 480, 640, 1000, 2048])
      for (const q of [30, 61, 75, 88, 95]) expect((await visitor.get(`/media/thumbs/${asset.id}.webp?w=${w}&q=${q}`)).status).toBe(200);
    expect((await thumbsOf(asset.id)).length).toBeLessThanOrEqual(8);

    // At or above what was asked: a 300-wide slot gets a thumbnail at least 300 wide.
    const res = await fetch(new URL(`/media/thumbs/${asset.id}.webp?w=300&h=200`, studio.url));
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.width).toBeGreaterThanOrEqual(300);
    expect(meta.height).toBeGreaterThanOrEqual(200);
  });

  it('limits the misses (thumbnails not made yet) per address: past the limit 429 in the house shape; made ones are still served', async () => {
    await studio.deps.rateLimitStore.reset();
    const { user } = await signedInUser(studio);
    const visitor = studio.client();
    const first = await featuredImage(user.id);
    expect((await visitor.get(`/media/thumbs/${first.id}.webp?w=480`)).status).toBe(200);
    const statuses: number[] = [];
    let refused: ApiResponse | undefined;
    for (let i = 0; i < 4 && !refused; i++) {
      const asset = await featuredImage(user.id);
      for (const w of [240, 480, 720, 1080])
        for (const h of [240, 480, 720, 1080])
          for (const q of [75, 90]) {
            const res = await visitor.get(`/media/thumbs/${asset.id}.webp?w=${w}&h=${h}&q=${q}`);
            statuses.push(res.status);
            if (res.status === 429) refused ??= res;
          }
    }
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(59);
    expect(refused?.body.error.code).toBe('rate_limited');
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await visitor.get(`/media/thumbs/${first.id}.webp?w=480`)).status).toBe(200);
  });
});
