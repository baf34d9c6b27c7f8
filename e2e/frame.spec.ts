/**
 * The app frame on a page longer than the window: the sidebar's column keeps its background and
 * edge to the bottom of the page, on screen after scrolling and in a capture of the whole page.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signUpAndConfirm } from './support/studio.ts';

test('the sidebar’s background runs the whole height of a page longer than the window', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 500 });
  await signUpAndConfirm(page, request, { tag: 'sidebar', at: '/app/guide' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Studio navigation' });
  const documentHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(documentHeight, 'a page longer than the window').toBeGreaterThan(1.5 * 500);

  // Scrolled to the end, the sidebar fills the window down to the page's last pixel.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const onScreen = await sidebar.evaluate((el) => ({
    bottom: el.getBoundingClientRect().bottom + window.scrollY,
    top: el.getBoundingClientRect().top,
  }));
  expect(onScreen.top).toBeLessThanOrEqual(0.5);
  expect(onScreen.bottom).toBeGreaterThanOrEqual(documentHeight - 0.5);

  // The whole page at once: the column is the sidebar's colour from top to bottom, not the page's.
  const [surface, paper] = await sidebar.evaluate((el) => [
    getComputedStyle(el).backgroundColor,
    getComputedStyle(document.body).backgroundColor,
  ]);
  expect(surface).not.toBe(paper);
  const shot = sharp(await page.screenshot({ fullPage: true }));
  const { data, info } = await shot.raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const at = (Math.round(y) * info.width + x) * info.channels;
    return `rgb(${data[at]}, ${data[at + 1]}, ${data[at + 2]})`;
  };
  const column = [0.05, 0.25, 0.5, 0.75, 0.99].map((f) => pixel(4, f * (info.height - 1)));
  expect(column).toEqual(column.map(() => surface));
  // Beside it, the page keeps its own colour (the capture is read right).
  expect(pixel(info.width - 4, info.height - 4)).toBe(paper);
});
