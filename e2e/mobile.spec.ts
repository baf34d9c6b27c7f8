/**
 * A phone-sized screen (360 px): the landing page fits, and in the app the sidebar is a
 * hamburger drawer that opens, navigates and closes. Every screen of the app fits a 390 px phone,
 * and axe finds nothing serious on it there and at 1440 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { signUpAndConfirm } from './support/studio.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/**
 * The page has drawn a frame after a resize and handled what that frame reported: the gallery's
 * column count (a resize listener) and the usage chart's width (a ResizeObserver) are React state,
 * rendered in a task after the frame.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
}

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

test.describe('plans and usage at 390 px', () => {
  test.use({ viewport: PHONE });

  test('the plans page and usage analytics fit, and the usage chart’s labels stay readable', async ({ page, request }) => {
    await signUpAndConfirm(page, request, { tag: 'mobile-plans', at: '/app/subscription' });
    await expect(page.getByRole('heading', { name: 'Plans & credits', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Credit history' }).getByRole('row').nth(1)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // A plan card is whole on the screen once scrolled to (not cut off at the side).
    const choosePro = page.getByRole('article', { name: 'Pro plan' }).getByRole('button', { name: 'Choose Pro' });
    await choosePro.scrollIntoViewIfNeeded();
    await expect(choosePro).toBeInViewport({ ratio: 1 });

    await page.goto('/app/analytics');
    const chart = page.getByRole('img', { name: /Credits used per day/ });
    await expect(chart).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // Drawn at its on-screen width: an 11 px label is 11 px tall on the phone, not shrunk with the chart.
    const smallest = await chart.evaluate((svg) =>
      Math.min(...Array.from(svg.querySelectorAll('text')).map((t) => t.getBoundingClientRect().height)),
    );
    expect(smallest).toBeGreaterThanOrEqual(10);
  });
});

test.describe('every screen at 390 px and at 1440 px', () => {
  test.use({ viewport: PHONE });

  /** Every screen of `/app` (shell/src/app/routing.ts), each read whole once its title is up and its reads have settled. */
  const SCREENS = [
    'subscription',
    'analytics',
    'images',
    'discover',
    'videos',
    'products',
    'explore',
    'voices',
    'image-editor',
    'ad-clone',
    'characters',
    'style-clone',
    'create',
    'simple-video',
    'editor',
    'guide',
  ];
  // A few screens a test, so each test stays well inside its time on a loaded machine.
  const GROUPS = [SCREENS.slice(0, 4), SCREENS.slice(4, 7), SCREENS.slice(7, 10), SCREENS.slice(10, 13), SCREENS.slice(13)];

  // Each screen is loaded once and read at both widths: only the width changes between the two reads,
  // as the studio's styles depend on the width alone (no hover or pointer media query, no touch check).
  for (const group of GROUPS)
    test(`no screen scrolls sideways on a phone, and axe finds nothing serious at 390 or 1440 px: ${group.join(', ')}`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await signUpAndConfirm(page, request, { tag: 'screens', at: `/app/${group[0]}` });
      for (const [i, screen] of group.entries()) {
        if (i > 0) {
          await page.setViewportSize(PHONE);
          await page.goto(`/app/${screen}`);
        }
        await expect(page.getByRole('heading').first(), screen).toBeVisible();
        await page.waitForLoadState('networkidle');
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth, `/app/${screen} is ${scrollWidth} px wide on a ${clientWidth} px screen`).toBeLessThanOrEqual(clientWidth);
        await expectNoSeriousViolations(page, `/app/${screen} at 390 px`);

        await page.setViewportSize(DESKTOP);
        await expect.poll(() => page.evaluate(() => window.innerWidth), { message: 'the page took the desktop width' }).toBe(DESKTOP.width);
        await settled(page);
        await expectNoSeriousViolations(page, `/app/${screen} at 1440 px`);
      }
    });
});
