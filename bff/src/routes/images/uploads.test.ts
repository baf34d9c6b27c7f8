import { ApiRoutes, Messages, ProductRoutes, StudioRoutes } from '@studio/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepTemporaryUploads } from '../../services/assets/own-media.ts';
import { createImageAsset, member, startTestStudio, type TestClient, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

function imageForm(bytes: Buffer, fields: Record<string, string> = {}, field = 'image'): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'upload.png');
  return form;
}

/** The bytes a caller gets back for one of its URLs. */
async function bytesAt(client: TestClient, url: string): Promise<Buffer> {
  const res = await fetch(new URL(url, studio.url), { headers: { cookie: client.cookieHeader } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const tinyPng = () =>
  sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 30, g: 90, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A JPEG 40×20 as stored, whose EXIF says "turn right" and where it was taken. */
const gpsJpeg = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#aa5533' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
    .toBuffer();

const storageUsed = async (client: TestClient) => (await client.get(ApiRoutes.usageLimits)).body.storageUsedBytes as number;

describe('accepted images are what they decode to', () => {
  it('keeps a valid 8×8 PNG padded with 10 MB of junk as the small PNG it is, alpha and all', async () => {
    const { client } = await member(studio);
    const padded = Buffer.concat([await tinyPng(), Buffer.alloc(10 * 1024 * 1024 - 4096, 0x5a)]);
    const res = await client.post(ApiRoutes.uploadTempImage, imageForm(padded));
    expect(res.status).toBe(200);
    const stored = await bytesAt(client, res.body.imageUrl);
    expect(stored.length).toBeLessThan(2048);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 8, height: 8, hasAlpha: true });

    const product = await client.post(ProductRoutes.products, imageForm(padded, { title: 'Padded' }, 'image_0'));
    expect(product.status).toBe(200);
    expect((await bytesAt(client, product.body.product.images[0])).length).toBeLessThan(2048);
    expect(await storageUsed(client)).toBeLessThan(8192);
  });

  it('drops EXIF (GPS included) from uploads, keeping the photo upright, and keeps JPEG as JPEG', async () => {
    const { client } = await member(studio);
    const photo = await gpsJpeg();
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const temp = await client.post(ApiRoutes.uploadTempImage, imageForm(photo));
    const product = await client.post(ProductRoutes.products, imageForm(photo, { title: 'Located' }, 'image_0'));
    for (const url of [temp.body.imageUrl, product.body.product.images[0]]) {
      const served = await sharp(await bytesAt(client, url)).metadata();
      expect(served.exif).toBeUndefined();
      expect(served).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    }
  });

  it('refuses a large PNG that does not decode to its end with the invalid-image message', async () => {
    const { client } = await member(studio);
    const whole = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#118844' } })
      .png()
      .toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const res = await client.post(ApiRoutes.uploadTempImage, imageForm(truncated));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(Messages.imageTypeInvalid);
  });
});

describe('temporary uploads and working copies count against storage', () => {
  it('raise storage used until swept, and are refused once storage is full', async () => {
    const { user, client } = await member(studio);
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const before = await storageUsed(client);
    const temp = await client.post(ApiRoutes.uploadTempImage, imageForm(photo));
    expect(temp.status).toBe(200);
    const afterUpload = await storageUsed(client);
    expect(afterUpload).toBeGreaterThan(before);
    const copy = await client.post(StudioRoutes.edit, { operation: 'reframe', imageUrl: temp.body.imageUrl, aspectRatio: '1:1' });
    expect(copy.status).toBe(200);
    expect(await storageUsed(client)).toBeGreaterThan(afterUpload);

    const asset = await createImageAsset(studio, user.id);
    await studio.deps
      .db('user_assets')
      .where({ id: asset.id })
      .update({ file_size: 1024 ** 3 });
    const refusedUpload = await client.post(ApiRoutes.uploadTempImage, imageForm(photo));
    expect(refusedUpload.status).toBe(403);
    expect(refusedUpload.body.error.message).toBe(Messages.storageFull);
    const refusedCopy = await client.post(StudioRoutes.edit, { operation: 'reframe', imageUrl: temp.body.imageUrl, aspectRatio: '1:1' });
    expect(refusedCopy.status).toBe(403);
    expect(refusedCopy.body.error.message).toBe(Messages.storageFull);

    // The sweep takes them off the count with their files.
    await sweepTemporaryUploads(studio.deps, new Date(Date.now() + 60_000));
    expect(await storageUsed(client)).toBe(before + 1024 ** 3);
    expect((await client.get(temp.body.imageUrl)).status).toBe(404);
  });
});
