/**
 * Styles and style training: a studio style applied from the Styles page lands in the
 * prompt bar and shapes the generated image; a Pro user trains a style from four images, waits for
 * it, and generates with it; others are shown the Pro plan.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/axe.ts';
import { setTier } from './support/database.ts';
import { characterPhotos } from './support/photos.ts';
import { signUpAndConfirm } from './support/studio.ts';

/** Mean colourfulness of an image (0 for grey): how far its channels are apart. */
async function colourfulness(page: Page, url: string): Promise<number> {
  const res = await page.request.get(url);
  expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
  const bytes = await res.body();
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let i = 0; i < data.length; i += 3) sum += Math.abs(data[i]! - data[i + 1]!) + Math.abs(data[i + 1]! - data[i + 2]!);
  return sum / (info.width * info.height);
}

async function generate(page: Page, prompt: string) {
  const bar = page.getByRole('form', { name: 'Prompt bar' });
  await bar.getByLabel('Prompt').fill(prompt);
  await bar.getByLabel('Aspect ratio').selectOption('1:1');
  await bar.getByRole('button', { name: 'Generate' }).click();
  const card = page.getByRole('listitem').filter({ hasText: prompt });
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  // Shown as the user sees it: its thumbnail made and loaded (read again below, it is then not made twice).
  const image = card.getByRole('img');
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  return image;
}

test('apply a studio style from the Styles page and generate with it', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'styles' });
  await page.getByRole('navigation').getByRole('link', { name: 'Styles' }).click();
  await expect(page.getByRole('heading', { name: 'Styles', level: 1 })).toBeVisible();
  const noir = page.getByRole('listitem', { name: 'Film noir' });
  await expect(noir.getByRole('img')).toHaveJSProperty('complete', true);
  expect(await noir.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await expect(page.getByText('No community styles yet. Train a style from your own images and share it.')).toBeVisible();
  await expectAccessible(page, '/app/explore');

  await noir.getByRole('button', { name: 'Apply Film noir' }).click();
  await expect(page).toHaveURL(/\/app\/images$/);
  const bar = page.getByRole('form', { name: 'Prompt bar' });
  await expect(bar.getByText('Models: Generate, Film noir')).toBeVisible();
  const image = await generate(page, 'a red bottle on a green table');
  const src = await image.getAttribute('src');
  expect(await colourfulness(page, src!)).toBeLessThan(6);
});

test('a Pro user trains a style from four images and generates with it; others are shown the Pro plan', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { email } = await signUpAndConfirm(page, request, { tag: 'train' });
  await page.getByRole('navigation').getByRole('link', { name: 'Style', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/style-clone$/);
  await expect(page.getByRole('heading', { name: 'Train a style', level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Custom model training is part of the Pro plan.');

  await setTier(email, 'pro');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Train a style', level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toBeHidden();
  const photos = await Promise.all(
    ['#e8a33d', '#d9822b', '#f2b950', '#c96f1f'].map(async (colour, i) => ({
      name: `warm-${i}.png`,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 200, height: 150, channels: 3, background: colour } })
        .png()
        .toBuffer(),
    })),
  );
  const form = page.getByRole('form', { name: 'New style' });
  await form.getByLabel('Style name').fill('Amber set');
  await form.getByRole('button', { name: /Start training/ }).click();
  await expect(form.getByRole('alert')).toHaveText('Add at least 3 images (about 4 work best).');
  await form.locator('input[type=file]').setInputFiles(photos);
  await expect(form.getByRole('list', { name: 'Training images' }).getByRole('listitem')).toHaveCount(4);
  await form.getByRole('button', { name: 'Start training (4 images)' }).click();
  await expect(form.getByRole('status')).toHaveText('Training started. You can leave this page; the model appears here when it is ready.');
  const amber = page.getByRole('listitem', { name: 'Amber set' });
  await expect(amber.getByText('Ready · local model')).toBeVisible({ timeout: 60_000 });
  await expect(amber.getByRole('img')).toHaveJSProperty('complete', true);

  await amber.getByRole('button', { name: 'Use in Content' }).click();
  await expect(page).toHaveURL(/\/app\/images$/);
  await expect(page.getByRole('form', { name: 'Prompt bar' }).getByText('Models: Generate, Amber set')).toBeVisible();
  const image = await generate(page, 'a blue cup on a white table');
  await expect(image).toHaveJSProperty('complete', true);
});

test('a Pro user trains a character from photos of one person and generates with it', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { email } = await signUpAndConfirm(page, request, { tag: 'character' });
  await setTier(email, 'pro');
  await page.reload();
  await page.getByRole('navigation').getByRole('link', { name: 'Character', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/characters$/);
  await expect(page.getByRole('heading', { name: 'Characters', level: 1 })).toBeVisible();
  await expect(page.getByText('No characters yet.')).toBeVisible();

  const photos = await characterPhotos('mia');
  const form = page.getByRole('form', { name: 'New character' });
  await form.getByLabel('Character name').fill('Mia');
  await form.locator('input[type=file]').setInputFiles(photos);
  await form.getByRole('button', { name: 'Start training (3 images)' }).click();
  const mia = page.getByRole('listitem', { name: 'Mia' });
  await expect(mia.getByText('Ready · local model')).toBeVisible({ timeout: 90_000 });
  await expect(mia.getByRole('img')).toHaveJSProperty('complete', true);
  await expect(mia.getByRole('checkbox', { name: 'Share with the community' })).toHaveCount(0);

  await mia.getByRole('button', { name: 'Use in Content' }).click();
  await expect(page.getByRole('form', { name: 'Prompt bar' }).getByText('Models: Generate, Mia')).toBeVisible();
  const image = await generate(page, 'a woman reading in a sunny cafe');
  await expect(image).toHaveJSProperty('complete', true);
});
