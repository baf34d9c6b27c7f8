/**
 * Ad Clone: a reference ad and a product photo uploaded, the reference described into
 * an editable prompt, and two ads made with the product, in the gallery.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/axe.ts';
import { signUpAndConfirm } from './support/studio.ts';

const png = async (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

test('describe a reference ad, edit the prompt, and make two ads with the product', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signUpAndConfirm(page, request, { tag: 'adclone' });
  await page.getByRole('navigation').getByRole('link', { name: 'Ad Clone' }).click();
  await expect(page.getByRole('heading', { name: 'Ad Clone', level: 1 })).toBeVisible();

  // Nothing chosen yet: the server's rule, said at once.
  await page.getByRole('button', { name: /^Make 1 ad/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose the ad to clone.');

  const reference = await png(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6c27a"/><stop offset="1" stop-color="#e07b39"/></linearGradient></defs>
    <rect width="600" height="600" fill="url(#s)"/><rect y="420" width="600" height="180" fill="#8a4b20"/>
    <rect x="250" y="200" width="100" height="240" rx="24" fill="#2e7d32"/></svg>`);
  const product = await png(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect width="400" height="400" fill="#eeeeea"/><rect x="150" y="90" width="100" height="230" rx="22" fill="#1f4fbf"/></svg>`);
  await page
    .getByRole('group', { name: 'Choose the ad to clone' })
    .locator('input[type=file]')
    .setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: reference });
  await expect(page.getByRole('img', { name: 'The ad to clone' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Choose your product photo' })
    .locator('input[type=file]')
    .setInputFiles({ name: 'bottle.png', mimeType: 'image/png', buffer: product });
  await expect(page.getByRole('img', { name: 'Your product' })).toBeVisible();

  await page.getByRole('button', { name: 'Describe the ad · 1 credit' }).click();
  const prompt = page.getByLabel('Prompt');
  await expect(prompt).toHaveValue(/^A product ad in the same style as the reference: /, { timeout: 60_000 });
  await expect(page.getByText(/^The studio sees: /)).toBeVisible();
  await prompt.fill(`${await prompt.inputValue()} Add soft morning light.`);
  await page.getByLabel('Ads').selectOption('2');
  await page.getByRole('button', { name: 'Make 2 ads · 2 credits' }).click();
  const ads = page.getByRole('region', { name: 'Your ads' });
  await expect(ads.getByRole('img')).toHaveCount(2, { timeout: 60_000 });
  await expect(ads.getByRole('img').first()).toHaveJSProperty('complete', true);
  await expectAccessible(page, '/app/ad-clone with results');
  expect((await (await page.request.get('/api/credits')).json()).credits).toBe(20 - 3);

  await ads.getByRole('link', { name: 'Open Content' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Add soft morning light.' })).toHaveCount(2);
});
