/**
 * The gallery remote (issue 7): /app/images, /app/discover and /app/videos come from mfe-gallery;
 * with its files unreachable those routes show the fallback and Retry recovers, as for mfe-account.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Messages, expectInFrame, signUpAndConfirm } from './support/studio.ts';

const GALLERY_FILES = '**/mfe/mfe-gallery/**';

/** axe finds no serious or critical WCAG A/AA violation (as in accessibility.spec.ts). */
async function expectAccessible(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help}`);
  expect(blocking, `serious or critical violations on ${what}`).toEqual([]);
}

test('gallery pages come from mfe-gallery; with it down they show the fallback and Retry recovers', async ({ page, request }) => {
  // Discover is readable signed out, with a way to sign in; the user's own pages are not.
  await page.goto('/app/discover');
  await expect(page.getByText('No featured images available yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expectAccessible(page, '/app/discover signed out');
  await page.goto('/app/images');
  await expect(page.getByRole('heading', { name: Messages.signInToContinue })).toBeVisible();

  await signUpAndConfirm(page, request, { tag: 'gallery' });
  await expect(page.getByRole('heading', { name: 'Discover', level: 1 })).toBeVisible();
  await expect(page.getByText('No featured images available yet.')).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  await expect(page).toHaveURL(/\/app\/images$/);
  await expect(page.getByText('No generated images yet. Create your first character image above!')).toBeVisible();
  await expectAccessible(page, '/app/images');

  // The mobile filter: Images and Videos, never both off.
  await page.setViewportSize({ width: 390, height: 800 });
  const images = page.getByRole('checkbox', { name: 'Images' });
  const videos = page.getByRole('checkbox', { name: 'Videos' });
  await expect(images).toBeChecked();
  await expect(videos).toBeChecked();
  await images.uncheck();
  await expect(images).not.toBeChecked();
  await videos.click();
  await expect(images).toBeChecked();
  await expect(videos).toBeChecked();
  await expectAccessible(page, '/app/images on a phone');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(images).toBeHidden();

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

test('a prompt makes images that appear first in the gallery with their prompt, cost a credit each, and can be deleted', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request, { tag: 'generate' });
  await page.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  const bar = page.getByRole('form', { name: 'Prompt bar' });
  await expect(bar.getByRole('button', { name: 'Generate' })).toBeDisabled();

  await bar.getByLabel('Prompt').fill('a green bottle on white marble');
  await bar.getByLabel('Aspect ratio').selectOption('1:1');
  await bar.getByRole('button', { name: 'Generate' }).click();
  const first = page.getByRole('listitem').filter({ hasText: 'a green bottle on white marble' });
  await expect(first).toHaveCount(1, { timeout: 30_000 });
  await expect(first.getByRole('img')).toHaveJSProperty('complete', true);
  expect(await first.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await bar.getByLabel('Prompt').fill('a blue chair in a sunlit studio');
  await bar.getByLabel('Prompt').press('Control+Enter');
  const second = page.getByRole('listitem').filter({ hasText: 'a blue chair in a sunlit studio' });
  await expect(second).toHaveCount(1, { timeout: 30_000 });
  // Newest first: the second image leads the grid.
  await expect(page.locator('.ga-card .ga-prompt').first()).toHaveText('a blue chair in a sunlit studio');
  const credits = await (await page.request.get('/api/credits')).json();
  expect(credits.credits).toBe(18);
  await expectAccessible(page, '/app/images with images');

  page.once('dialog', (dialog) => void dialog.accept());
  await first.getByRole('button', { name: 'Delete' }).click();
  await expect(first).toHaveCount(0);
  await expect(second).toHaveCount(1);
});
