/**
 * Brand Assets → Products: products imported from a store (a local Shopify-style
 * double the studio is allowed to reach), added by upload, renamed, and used from the prompt
 * bar's Products picker to generate.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { startStoreDouble, type StoreDouble } from '../bff/test/store-double.ts';
import { STORE_PORT } from './playwright.config.ts';
import { signUpAndConfirm } from './support/studio.ts';

// In order on one worker, not spread over several: each worker running its tests would start a
// store double on the same port.
test.describe.configure({ mode: 'default' });

let store: StoreDouble;
test.beforeAll(async () => {
  store = await startStoreDouble(STORE_PORT);
});
test.afterAll(() => store?.close());

test('import a product from a store, add one by upload, and generate with it from the Products picker', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signUpAndConfirm(page, request, { tag: 'products' });
  await page.getByRole('navigation').getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(page.getByText('No products yet. Import them from your store or add one with its photos.')).toBeVisible();

  // A private address is refused with a clear message.
  await page.getByLabel('Store or product address').fill('http://10.0.0.8/products/anything');
  await page.getByRole('button', { name: 'Find images' }).click();
  await expect(page.getByRole('alert')).toHaveText('That address cannot be imported from.');

  await page.getByLabel('Store or product address').fill(`${store.origin}/`);
  await page.getByRole('button', { name: 'Find images' }).click();
  const found = page.getByRole('list', { name: 'Store images' });
  await expect(found.getByRole('listitem')).toHaveCount(16);
  await expect(found.locator('img').first()).toHaveJSProperty('complete', true);
  expect(
    await found
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await page.getByLabel('Store image 4').check();
  await page.getByLabel('Store image 5').check();
  await expect(page.getByLabel('Product name', { exact: true })).toHaveValue('Mint Bottle');
  await page.getByRole('button', { name: 'Import 2 images' }).click();
  await expect(page.getByText('Mint Bottle imported with 2 images.')).toBeVisible();
  const mint = page.getByRole('listitem', { name: 'Mint Bottle' });
  await expect(mint.getByRole('img')).toHaveCount(2);

  // One added by hand, then renamed.
  const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#c9184a' } })
    .png()
    .toBuffer();
  await page.getByLabel('New product name').fill('Rose candle');
  await page.locator('input[type=file][multiple]').setInputFiles({ name: 'candle.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('button', { name: 'Add product' }).click();
  const rose = page.getByRole('listitem', { name: 'Rose candle' });
  await expect(rose).toBeVisible();
  await rose.getByLabel('Name of Rose candle').fill('Rose candle, large');
  await rose.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('listitem', { name: 'Rose candle, large' })).toBeVisible();

  // The prompt bar's picker: search, pick a photo, generate an edit of it.
  await page.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  const bar = page.getByRole('form', { name: 'Prompt bar' });
  await bar.getByText('Products', { exact: true }).click();
  await bar.getByLabel('Search products').fill('mint');
  await expect(bar.getByRole('list', { name: 'Product images' }).getByRole('img')).toHaveCount(2);
  await bar.getByRole('button', { name: 'Use Mint Bottle, view 1' }).click();
  await expect(bar.getByText('Models: Edit')).toBeVisible();
  await bar.getByLabel('Prompt').fill('on a mossy rock by a stream');
  await bar.getByRole('button', { name: 'Generate' }).click();
  const made = page.getByRole('listitem').filter({ hasText: 'on a mossy rock by a stream' });
  await expect(made).toHaveCount(1, { timeout: 30_000 });
  // The product's own photos stay out of the gallery.
  await expect(page.locator('.ga-card')).toHaveCount(1);

  // The simple video editor offers the same picker for a section's starting image.
  await page.goto('/app/simple-video');
  const section = page.getByRole('article', { name: 'Section 1' });
  await section.getByText('Products', { exact: true }).click();
  await section.getByRole('button', { name: 'Use Rose candle, large, view 1' }).click();
  const start = section.getByRole('img', { name: 'Start of Section 1' });
  await expect(start).toHaveJSProperty('complete', true);
  expect(await start.getAttribute('src')).toMatch(/^\/media\/assets\//);
});
