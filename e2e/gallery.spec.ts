/**
 * The gallery remote (issue 7): /app/images, /app/discover and /app/videos come from mfe-gallery;
 * with its files unreachable those routes show the fallback and Retry recovers, as for mfe-account.
 */
import { expect, test } from '@playwright/test';
import { expectInFrame, signUpAndConfirm } from './support/studio.ts';

const GALLERY_FILES = '**/mfe/mfe-gallery/**';

test('gallery pages come from mfe-gallery; with it down they show the fallback and Retry recovers', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'gallery' });
  await expect(page.getByRole('heading', { name: 'Discover', level: 1 })).toBeVisible();
  await expect(page.getByText('No featured images available yet.')).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  await expect(page).toHaveURL(/\/app\/images$/);
  await expect(page.getByText('No generated images yet. Create your first character image above!')).toBeVisible();

  await page.goto('/app/videos');
  await expect(page.getByRole('heading', { name: 'Videos', level: 1 })).toBeVisible();
  await expectInFrame(page);

  // Remote down from a full load: fallback inside the working frame, then Retry once it is back.
  let attempts = 0;
  await page.route(GALLERY_FILES, (route) => {
    attempts += 1;
    return route.abort('connectionrefused');
  });
  await page.goto('/app/images');
  const fallback = page.getByRole('region', { name: /unavailable/i });
  await expect(fallback).toBeVisible();
  expect(attempts).toBeGreaterThan(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Content' })).toBeVisible();
  await page.unroute(GALLERY_FILES);
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No generated images yet. Create your first character image above!')).toBeVisible();
  await expect(fallback).toBeHidden();
});
