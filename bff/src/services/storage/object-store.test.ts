import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageAsset, signedInUser, startTestStudio, type TestStudio } from '../../../test/harness.ts';
import { createLocalObjectStore, createS3ObjectStore, removeUnder, type ObjectStore } from './object-store.ts';

/** A local S3 double (s3rver speaks S3's REST API and checks signatures), with one bucket. */
let s3: S3rver;
let s3Url: string;
let s3Dir: string;
let localDir: string;
const BUCKET = 'studio-media';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 's3-'));
  localDir = await fs.mkdtemp(path.join(os.tmpdir(), 'objects-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = await s3.run();
  s3Url = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await s3.close();
  await fs.rm(s3Dir, { recursive: true, force: true });
  await fs.rm(localDir, { recursive: true, force: true });
});

const stores: [string, () => ObjectStore][] = [
  ['a folder under DATA_DIR', () => createLocalObjectStore(localDir)],
  [
    'an S3-compatible bucket',
    () => createS3ObjectStore({ bucket: BUCKET, region: 'us-east-1', endpoint: s3Url, forcePathStyle: true, credentials: CREDENTIALS }),
  ],
];

describe.each(stores)('the object store on %s', (_, make) => {
  it('keeps bytes under a key, streams them with their size, and forgets them on remove', async () => {
    const store = make();
    const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await store.put('assets/user-1/a.png', data);
    expect((await store.read('assets/user-1/a.png'))?.equals(data)).toBe(true);
    expect(await store.exists('assets/user-1/a.png')).toBe(true);
    const opened = await store.open('assets/user-1/a.png');
    expect(opened?.size).toBe(data.length);
    expect(Math.abs(opened!.modified.getTime() - Date.now())).toBeLessThan(60_000);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(data)).toBe(true);

    await store.remove('assets/user-1/a.png');
    expect(await store.read('assets/user-1/a.png')).toBeNull();
    expect(await store.open('assets/user-1/a.png')).toBeNull();
    expect(await store.exists('assets/user-1/a.png')).toBe(false);
    await store.remove('assets/user-1/a.png');
  });

  it('removes everything under a prefix (an asset’s thumbnails), and nothing beside it', async () => {
    const store = make();
    for (const key of ['thumbs/asset-1-w480.webp', 'thumbs/asset-1-w960.webp', 'thumbs/asset-10-w480.webp'])
      await store.put(key, Buffer.from(key));
    expect(await removeUnder(store, 'thumbs/asset-1-')).toBe(2);
    expect(await store.exists('thumbs/asset-1-w480.webp')).toBe(false);
    expect(await store.exists('thumbs/asset-10-w480.webp')).toBe(true);
  });

  it('sweeps what is older than a moment under a prefix, and nothing else', async () => {
    const store = make();
    await store.put('temp/old-1.png', Buffer.from('a'));
    await store.put('assets/user-2/keep.png', Buffer.from('b'));
    const cutoff = new Date(Date.now() + 1000);
    expect(await store.sweep('temp/', cutoff)).toBe(1);
    expect(await store.read('temp/old-1.png')).toBeNull();
    expect(await store.read('assets/user-2/keep.png')).not.toBeNull();
    await store.put('temp/new-1.png', Buffer.from('c'));
    expect(await store.sweep('temp/', new Date(Date.now() - 60_000))).toBe(0);
    expect(await store.read('temp/new-1.png')).not.toBeNull();
  });

  it('refuses keys that are not ours', async () => {
    const store = make();
    await expect(store.put('../escape.png', Buffer.from('x'))).rejects.toThrow(/not an object key/);
    await expect(store.read('assets/../../etc/passwd')).rejects.toThrow(/not an object key/);
  });
});

describe('the studio on S3 (S3_BUCKET and friends)', () => {
  let studio: TestStudio;
  beforeAll(async () => {
    studio = await startTestStudio({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Url,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    });
  }, 120_000);
  afterAll(() => studio?.stop());

  it('stores generated images in the bucket and serves them, private to their owner, with thumbnails', async () => {
    const owner = await signedInUser(studio);
    const other = await signedInUser(studio);
    const asset = await createImageAsset(studio, owner.user.id, { width: 300, height: 200 });
    const file = await owner.client.get(asset.public_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect((await other.client.get(asset.public_url)).status).toBe(404);
    const thumb = await owner.client.get(asset.thumbnail_url!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    // Nothing went to the local folder: the bytes are in the bucket.
    await expect(fs.stat(path.join(studio.deps.config.dataDir, 'objects'))).rejects.toThrow();
    const stored = await createS3ObjectStore({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: s3Url,
      forcePathStyle: true,
      credentials: CREDENTIALS,
    }).read((await studio.deps.db('user_assets').where({ id: asset.id }).first('storage_key')).storage_key);
    expect(stored?.subarray(1, 4).toString()).toBe('PNG');

    expect((await owner.client.delete(`/api/user-assets/${asset.id}`, { userId: owner.user.id })).status).toBe(200);
    expect((await owner.client.get(asset.public_url)).status).toBe(404);
  });
});
