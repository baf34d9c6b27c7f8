import { randomUUID } from 'node:crypto';
import { ApiRoutes, Messages } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageAsset, signedInUser, startTestStudio, type TestClient, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
let admin: { user: { id: string }; client: TestClient };
beforeAll(async () => {
  studio = await startTestStudio();
  admin = await signedInUser(studio, { email: 'admin@studio.local' });
});
afterAll(() => studio?.stop());

const toggle = (assetId: string, body: { isFeatured?: boolean }) =>
  admin.client.patch(`${ApiRoutes.featuredAsset}/${assetId}/featured`, body);
const auditOf = (assetId: string) =>
  studio.deps
    .db('admin_audit')
    .whereRaw("details->>'assetId' = ?", [assetId])
    .orderBy('created_at')
    .select('admin_id', 'action', 'details');

/** A file of the user's stored as the asset type given (a product photo, a voice recording). */
async function assetOfType(userId: string, assetType: 'product' | 'audio') {
  const asset = await createImageAsset(studio, userId);
  await studio.deps.db('user_assets').where({ id: asset.id }).update({ asset_type: assetType });
  return asset;
}

describe('featuring an asset (admins only)', () => {
  it('refuses to feature anything but gallery images and videos: the file stays private and nothing is recorded', async () => {
    const owner = await signedInUser(studio);
    const visitor = studio.client();
    for (const assetType of ['product', 'audio'] as const) {
      const asset = await assetOfType(owner.user.id, assetType);
      for (const body of [{ isFeatured: true }, {}]) {
        const refused = await toggle(asset.id, body);
        expect(refused.status, assetType).toBe(400);
        expect(refused.body.error).toEqual({ code: 'invalid_request', message: Messages.featuredGalleryOnly });
      }
      expect((await studio.deps.db('user_assets').where({ id: asset.id }).first()).is_featured).toBe(false);
      expect((await visitor.get(asset.public_url)).status).toBe(404);
      expect((await owner.client.get(asset.public_url)).status).toBe(200);
      expect(await auditOf(asset.id)).toEqual([]);
    }
    expect((await toggle(randomUUID(), { isFeatured: true })).status).toBe(404);
  });

  it('still takes a product photo featured earlier off, so it stops being public', async () => {
    const owner = await signedInUser(studio);
    const asset = await assetOfType(owner.user.id, 'product');
    await studio.deps.db('user_assets').where({ id: asset.id }).update({ is_featured: true });
    const off = await toggle(asset.id, {});
    expect(off.status).toBe(200);
    expect(off.body.asset.is_featured).toBe(false);
    expect((await studio.client().get(asset.public_url)).status).toBe(404);
  });

  it('features gallery images and videos, and records each change with the admin who made it', async () => {
    const owner = await signedInUser(studio);
    const image = await createImageAsset(studio, owner.user.id);
    const video = await createImageAsset(studio, owner.user.id);
    await studio.deps.db('user_assets').where({ id: video.id }).update({ asset_type: 'video' });

    expect((await toggle(image.id, { isFeatured: true })).body.asset.is_featured).toBe(true);
    expect((await studio.client().get(image.public_url)).status).toBe(200);
    expect((await toggle(image.id, {})).body.asset.is_featured).toBe(false);
    expect((await toggle(video.id, { isFeatured: true })).body.asset.is_featured).toBe(true);

    const entry = (action: string, asset: { id: string }, assetType: string) => ({
      admin_id: admin.user.id,
      action,
      details: { assetId: asset.id, ownerId: owner.user.id, assetType },
    });
    expect(await auditOf(image.id)).toEqual([entry('feature', image, 'image'), entry('unfeature', image, 'image')]);
    expect(await auditOf(video.id)).toEqual([entry('feature', video, 'video')]);
  });
});
