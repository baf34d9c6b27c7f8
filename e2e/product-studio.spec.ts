/**
 * Product Studio: an image from the gallery opened with the viewer's Product Studio
 * action, its background removed and replaced with a scene template (each step priced and
 * charged), compared, undone and redone, and saved back to the gallery.
 */
import { expect, test } from '@playwright/test';
import { SCENE_TEMPLATES } from '@studio/contracts';
import { expectAccessible } from './support/axe.ts';
import { signUpAndConfirm } from './support/studio.ts';

const credits = async (page: import('@playwright/test').Page) => (await (await page.request.get('/api/credits')).json()).credits as number;

test('remove the background, replace it with a scene template, and save the result to the gallery', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signUpAndConfirm(page, request, { tag: 'studio' });
  await page.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  const bar = page.getByRole('form', { name: 'Prompt bar' });
  await bar.getByLabel('Prompt').fill('a red perfume bottle on a grey table');
  await bar.getByLabel('Aspect ratio').selectOption('1:1');
  await bar.getByRole('button', { name: 'Generate' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'a red perfume bottle on a grey table' });
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  const before = await credits(page);

  await card.getByRole('button', { name: 'a red perfume bottle on a grey table' }).click();
  await page.getByRole('dialog', { name: 'Image details' }).getByRole('button', { name: 'Product Studio' }).click();
  await expect(page).toHaveURL(/\/app\/image-editor$/);
  await expect(page.getByRole('heading', { name: 'Product Studio', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your photo' })).toHaveJSProperty('complete', true);
  await expect(page.getByText('1024 × 1024')).toBeVisible();

  // Each step says what it costs before it runs.
  const removeButton = page.getByRole('button', { name: 'Remove background · 1 credit' });
  await removeButton.click();
  await expect(page.getByRole('status').filter({ hasText: 'Remove background: done (1 credit, studio engine).' })).toBeVisible({
    timeout: 60_000,
  });
  const template = SCENE_TEMPLATES[0];
  await page.getByRole('button', { name: template.name }).click();
  await expect(page.getByRole('status').filter({ hasText: `${template.name}: done` })).toBeVisible({ timeout: 60_000 });
  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('listitem')).toHaveText(['Remove background', template.name]);
  expect(await credits(page)).toBe(before - 2);

  // Before/after, then undo the scene and do it again.
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByRole('img', { name: 'Before' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'After' })).toBeVisible();
  await page.getByLabel('Before / after').fill('20');
  await page.getByRole('button', { name: 'Compare' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(steps.getByRole('listitem')).toHaveText(['Remove background']);
  await page.getByRole('button', { name: template.name }).click();
  await expect(steps.getByRole('listitem')).toHaveText(['Remove background', template.name], { timeout: 60_000 });
  await expectAccessible(page, '/app/image-editor with an edit');

  await page.getByRole('button', { name: 'Save to gallery' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to your gallery.' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  const saved = page.getByRole('listitem').filter({ hasText: `Product Studio: Remove background → ${template.name}` });
  await expect(saved).toHaveCount(1);
  await expect(saved.getByRole('img')).toHaveJSProperty('complete', true);
});
