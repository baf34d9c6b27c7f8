/**
 * A phone-sized screen (360 px, issue 3): the landing page fits, and in the app the sidebar is a
 * hamburger drawer that opens, navigates and closes.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpAndConfirm } from './support/studio.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** Nothing is wider than the screen (no sideways scrolling). */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('the landing page fits a 360 px screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeInViewport();
  await expectNoHorizontalOverflow(page);
});

test('the hamburger drawer opens, navigates and closes', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'mobile' });
  await expectNoHorizontalOverflow(page);

  const hamburger = page.getByRole('button', { name: 'Open navigation' });
  const drawer = page.getByRole('complementary', { name: 'Studio navigation' });
  const content = drawer.getByRole('link', { name: 'Content' });

  // Closed: the sidebar is off screen and out of the keyboard's way.
  await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  await expect(content).toBeHidden();

  await hamburger.click();
  await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
  await expect(content).toBeInViewport();
  // Focus moves into the drawer.
  await expect(drawer.getByRole('link').first()).toBeFocused();

  // A tap navigates and closes the drawer.
  await content.click();
  await expect(page).toHaveURL(/\/app\/images$/);
  await expect(page.getByRole('heading', { name: 'Content' })).toBeVisible();
  await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  await expect(content).toBeHidden();

  // An item inside a group (Train Model → Character).
  await hamburger.click();
  await drawer.getByRole('link', { name: 'Character' }).click();
  await expect(page).toHaveURL(/\/app\/characters$/);
  await expect(hamburger).toHaveAttribute('aria-expanded', 'false');

  // Escape closes it and gives focus back to the hamburger.
  await hamburger.click();
  await expect(content).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(content).toBeHidden();
  await expect(hamburger).toBeFocused();
  await expect(page).toHaveURL(/\/app\/characters$/);
});
