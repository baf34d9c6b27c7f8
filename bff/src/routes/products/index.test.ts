import { ApiRoutes, Messages, PRODUCT_IMAGES_MAX, ProductMessages, ProductRoutes, STORE_IMAGES_MAX } from '@studio/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio, member } from '../../../test/harness.ts';
import { startStoreDouble, type StoreDouble } from '../../../test/store-double.ts';

let studio: TestStudio;
let store: StoreDouble;
beforeAll(async () => {
  store = await startStoreDouble();
  studio = await startTestStudio({ STORE_IMPORT_ALLOWED_ORIGINS: store.origin });
}, 120_000);
afterAll(async () => {
  await studio?.stop();
  await store?.close();
});

const png = (colour: string) =>
  sharp({ create: { width: 64, height: 80, channels: 3, background: colour } })
    .png()
    .toBuffer();
async function productForm(title: string | undefined, images: Buffer[]): Promise<FormData> {
  const form = new FormData();
  if (title !== undefined) form.set('title', title);
  images.forEach((image, i) => form.set(`image_${i}`, new Blob([new Uint8Array(image)], { type: 'image/png' }), `p${i}.png`));
  return form;
}
const storeImages = (client: Awaited<ReturnType<typeof member>>['client'], url: string) =>
  client.get(`${ProductRoutes.storeImages}?url=${encodeURIComponent(url)}`);

describe('products', () => {
  it('are added with photos, listed newest first to their owner only, renamed, extended, trimmed and deleted with their files', async () => {
    const { user, client } = await member(studio);
    const other = await member(studio);
    expect((await client.get(`${ProductRoutes.list}?userId=${user.id}`)).body).toEqual({ success: true, items: [] });

    const made = await client.post(ProductRoutes.products, await productForm('Amber serum', [await png('#d9822b'), await png('#b5651d')]));
    expect(made.status).toBe(200);
    const product = made.body.product;
    expect(product).toMatchObject({ title: 'Amber serum', handle: null, productUrl: null });
    expect(product.images).toHaveLength(2);
    const photo = await client.get(product.images[0]);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    // A product's photos stay out of the gallery and belong to their owner.
    expect((await client.get(`${ApiRoutes.userAssets}/${user.id}`)).body.assets).toEqual([]);
    expect((await other.client.get(product.images[0])).status).toBe(404);
    expect((await other.client.get(`${ProductRoutes.list}?userId=${user.id}`)).status).toBe(403);
    expect((await other.client.get(ProductRoutes.list)).body.items).toEqual([]);
    expect((await other.client.patch(`${ProductRoutes.products}/${product.id}`, { title: 'Mine' })).status).toBe(404);
    expect((await other.client.delete(`${ProductRoutes.products}/${product.id}`)).status).toBe(404);

    const renamed = await client.patch(`${ProductRoutes.products}/${product.id}`, { title: '  Amber serum 30 ml ' });
    expect(renamed.body.product.title).toBe('Amber serum 30 ml');
    expect((await client.patch(`${ProductRoutes.products}/${product.id}`, { title: ' ' })).body.error.message).toBe(
      ProductMessages.titleRequired,
    );
    const added = new FormData();
    added.set('image', new Blob([new Uint8Array(await png('#f0a04b'))], { type: 'image/png' }), 'third.png');
    expect((await client.post(`${ProductRoutes.products}/${product.id}/images`, added)).body.product.images).toHaveLength(3);
    const trimmed = await client.delete(`${ProductRoutes.products}/${product.id}/images/${product.imageIds[0]}`);
    expect(trimmed.body.product.imageIds).toEqual([product.imageIds[1], expect.any(String)]);
    expect((await client.get(product.images[0])).status).toBe(404);

    const second = await client.post(ProductRoutes.products, await productForm('Mint bottle', [await png('#3aa17e')]));
    const last = await client.delete(`${ProductRoutes.products}/${second.body.product.id}/images/${second.body.product.imageIds[0]}`);
    expect(last.body.error.message).toBe(ProductMessages.imagesRequired);
    expect((await client.get(ProductRoutes.list)).body.items.map((p: { title: string }) => p.title)).toEqual([
      'Mint bottle',
      'Amber serum 30 ml',
    ]);

    expect((await client.delete(`${ProductRoutes.products}/${product.id}`)).status).toBe(200);
    expect((await client.get(trimmed.body.product.images[0])).status).toBe(404);
    expect(await studio.deps.db('user_assets').where({ user_id: user.id, asset_type: 'product' }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('refuses a product without a name, without photos, or with a file that is not an image (nothing is kept), and a 17th photo', async () => {
    const { user, client } = await member(studio);
    expect((await client.post(ProductRoutes.products, await productForm(undefined, [await png('#000')]))).body.error.message).toBe(
      ProductMessages.titleRequired,
    );
    expect((await client.post(ProductRoutes.products, await productForm('Empty', []))).body.error.message).toBe(
      ProductMessages.imagesRequired,
    );
    const text = await productForm('Text', [await png('#000')]);
    text.set('image_1', new Blob(['just text']), 'notes.png');
    const refused = await client.post(ProductRoutes.products, text);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(Messages.imageTypeInvalid);
    expect(await studio.deps.db('user_assets').where({ user_id: user.id })).toEqual([]);
    expect(await studio.deps.db('products').where({ user_id: user.id })).toEqual([]);

    const photos = await Promise.all(Array.from({ length: PRODUCT_IMAGES_MAX }, () => png('#123456')));
    const full = (await client.post(ProductRoutes.products, await productForm('Full', photos))).body.product;
    expect(full.images).toHaveLength(PRODUCT_IMAGES_MAX);
    const one = new FormData();
    one.set('image', new Blob([new Uint8Array(photos[0]!)], { type: 'image/png' }), 'more.png');
    expect((await client.post(`${ProductRoutes.products}/${full.id}/images`, one)).body.error.message).toBe(ProductMessages.tooManyImages);
    expect(await studio.deps.db('user_assets').where({ user_id: user.id }).count({ n: '*' })).toEqual([{ n: PRODUCT_IMAGES_MAX }]);
  });

  it('is an input image for generation, like any of the user’s own images', async () => {
    const { client } = await member(studio);
    const { product } = (await client.post(ProductRoutes.products, await productForm('Serum', [await png('#d9822b')]))).body;
    const form = new FormData();
    for (const [k, v] of Object.entries({ prompt: 'on a marble table', mode: 'edit', imageUrl: product.images[0], aspectRatio: '1:1' }))
      form.set(k, v);
    const generated = await client.post(ApiRoutes.generateImage, form);
    expect(generated.status).toBe(200);
    expect(generated.body.images).toHaveLength(1);
  });
});

describe('store import', () => {
  it('lists a store’s images (16 at most) and a product page’s own, then imports the chosen ones as a product', async () => {
    const { client } = await member(studio);
    const all = await storeImages(client, `${store.origin}/`);
    expect(all.status).toBe(200);
    expect(all.body.images).toHaveLength(STORE_IMAGES_MAX);
    expect(all.body.products.map((p: { title: string }) => p.title)).toEqual(['Amber Serum', 'Mint Bottle', 'Ink Mug', 'Rose Candle']);
    expect(all.body.images[0]).toBe(`${store.origin}/cdn/amber-serum-0.png`);

    const page = await storeImages(client, `${store.origin}/collections/all/products/mint-bottle?variant=7`);
    expect(page.body.products).toMatchObject([
      { handle: 'mint-bottle', title: 'Mint Bottle', productUrl: `${store.origin}/products/mint-bottle` },
    ]);
    expect(page.body.images).toHaveLength(4);

    const imported = await client.post(ProductRoutes.storeImport, {
      url: `${store.origin}/products/mint-bottle`,
      title: 'Mint Bottle',
      images: page.body.images.slice(0, 2),
    });
    expect(imported.status).toBe(200);
    expect(imported.body.product).toMatchObject({
      title: 'Mint Bottle',
      handle: 'mint-bottle',
      productUrl: `${store.origin}/products/mint-bottle`,
    });
    expect(imported.body.product.images).toHaveLength(2);
    const stored = await client.get(imported.body.product.images[1]);
    expect(
      (await sharp(Buffer.from(await new Response(stored.body as string).arrayBuffer()))
        .metadata()
        .catch(() => null)) ?? {},
    ).toBeDefined();
    expect(stored.headers.get('content-type')).toBe('image/png');
  });

  it('refuses other schemes, private and loopback addresses, redirects into them, images the store does not list, oversized images', async () => {
    const { client } = await member(studio);
    for (const url of ['ftp://example.com/products/x', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url'])
      expect((await storeImages(client, url)).body.error.message).toBe(ProductMessages.storeUrlInvalid);
    for (const url of [
      `${studio.url}/products/x`,
      'http://10.0.0.8/products.json',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]:8080/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
      'http://localhost/',
    ]) {
      const refused = await storeImages(client, url);
      expect(refused.status, url).toBe(400);
      expect(refused.body.error.message).toBe(ProductMessages.storeAddressRefused);
    }
    store.redirectTo(`${studio.url}/api/health`);
    expect((await storeImages(client, `${store.origin}/products/redirect`)).body.error.message).toBe(ProductMessages.storeAddressRefused);
    expect((await storeImages(client, `${store.origin}/products/not-a-store`)).body.error.message).toBe(ProductMessages.storeNotAStore);
    expect((await storeImages(client, `${store.origin}/products/missing`)).status).toBe(502);

    const elsewhere = await client.post(ProductRoutes.storeImport, {
      url: `${store.origin}/products/mint-bottle`,
      title: 'Sneaky',
      images: [`${studio.url}/api/health`],
    });
    expect(elsewhere.body.error.message).toBe(ProductMessages.storeImageNotListed);
    const huge = await client.post(ProductRoutes.storeImport, {
      url: `${store.origin}/products/huge`,
      title: 'Huge',
      images: [`${store.origin}/cdn/huge.png`],
    });
    expect(huge.status).toBe(502);
    expect(huge.body.error.message).toBe(ProductMessages.storeImageUnavailable);
    expect((await client.get(ProductRoutes.list)).body.items).toEqual([]);
  });
});
