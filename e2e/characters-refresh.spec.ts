/**
 * One key for the user's characters (DESIGN decision 11): a character trained in the image studio
 * shows in the prompt bar's Character menu of the gallery without a reload, though the menu read
 * the characters (none yet) a moment before and that answer is still fresh.
 */
import { expect, test } from '@playwright/test';
import { setTier } from './support/database.ts';
import { characterPhotos } from './support/photos.ts';
import { signUpAndConfirm } from './support/studio.ts';

test('a character trained in /app/characters is in the prompt bar’s Character menu without a reload', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { email } = await signUpAndConfirm(page, request, { tag: 'character-refresh' });
  await setTier(email, 'pro');
  await page.reload();

  await page.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  await expect(page).toHaveURL(/\/app\/images$/);
  const bar = page.getByRole('form', { name: 'Prompt bar' });
  await bar.getByText('Character', { exact: true }).click();
  await expect(bar.getByText('No characters created yet')).toBeVisible();

  // From here on the page is never loaded again: every screen is a client-side navigation.
  let loads = 0;
  page.on('load', () => loads++);
  await page.getByRole('navigation').getByRole('link', { name: 'Character', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/characters$/);
  const photos = await characterPhotos('ada');
  const form = page.getByRole('form', { name: 'New character' });
  await form.getByLabel('Character name').fill('Ada');
  await form.locator('input[type=file]').setInputFiles(photos);
  await form.getByRole('button', { name: 'Start training (3 images)' }).click();
  await expect(page.getByRole('listitem', { name: 'Ada' })).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  await expect(page).toHaveURL(/\/app\/images$/);
  await bar.getByText('Character', { exact: true }).click();
  await expect(bar.getByRole('radio', { name: 'Ada' })).toBeVisible();
  await expect(bar.getByText('No characters created yet')).toHaveCount(0);
  expect(loads).toBe(0);
});
