/**
 * Brand Assets → Brand kit: the logo, colours, font and call to action a finished
 * ad closes with, filled in, saved, and still there after a reload.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signUpAndConfirm } from './support/studio.ts';

test('fill the brand kit, upload a logo, save, and find it kept after a reload', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signUpAndConfirm(page, request, { tag: 'brand-kit' });
  await page.getByRole('navigation').getByRole('link', { name: 'Products' }).click();
  const kit = page.getByRole('region', { name: 'Brand kit' });
  await expect(kit.getByText('No logo yet')).toBeVisible();

  // A JPEG is refused before it is sent; a PNG shows as the logo.
  const jpeg = await sharp({ create: { width: 200, height: 80, channels: 3, background: '#0e7c66' } })
    .jpeg()
    .toBuffer();
  await kit.getByLabel('Upload logo').setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(kit.getByRole('alert')).toHaveText('A logo must be a PNG or WebP image.');
  const png = await sharp({ create: { width: 200, height: 80, channels: 4, background: '#0e7c66' } })
    .png()
    .toBuffer();
  await kit.getByLabel('Upload logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(kit.getByRole('img', { name: 'Your logo' })).toHaveJSProperty('naturalWidth', 200);

  await kit.getByLabel('Primary colour').fill('#0e7c66');
  await kit.getByLabel('Secondary colour').fill('#ffd166');
  await kit.getByRole('radio', { name: 'Playfair Display' }).check();
  // Each font's name is shown in that font.
  await expect(kit.getByText('Bebas Neue', { exact: true })).toHaveCSS('font-family', /studio-brand-bebas-neue/);
  const cta = kit.getByLabel('Call to action', { exact: true });
  await expect(kit.getByText('0/40')).toBeVisible();
  await cta.fill('Shop the serum');
  await expect(kit.getByText('14/40')).toBeVisible();
  await kit.getByLabel('Call to action link').fill('luma.example.com');
  await kit.getByRole('button', { name: 'Save brand kit' }).click();
  await expect(kit.getByRole('alert')).toHaveText('Enter a link starting with http:// or https://.');
  await kit.getByLabel('Call to action link').fill('https://luma.example.com/serum');
  await kit.getByRole('button', { name: 'Save brand kit' }).click();
  await expect(kit.getByText('Brand kit saved.')).toBeVisible();

  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Brand kit' });
  await expect(reloaded.getByRole('img', { name: 'Your logo' })).toHaveJSProperty('naturalWidth', 200);
  await expect(reloaded.getByLabel('Primary colour')).toHaveValue('#0e7c66');
  await expect(reloaded.getByLabel('Secondary colour')).toHaveValue('#ffd166');
  await expect(reloaded.getByRole('radio', { name: 'Playfair Display' })).toBeChecked();
  await expect(reloaded.getByLabel('Call to action', { exact: true })).toHaveValue('Shop the serum');
  await expect(reloaded.getByLabel('Call to action link')).toHaveValue('https://luma.example.com/serum');
});
