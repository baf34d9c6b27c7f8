/**
 * A remote that is down (DESIGN §2.1): with mfe-account's files unreachable, its routes show the
 * fallback while the landing page, sign-in and every other route keep working; Retry recovers
 * without a reload once the files are back.
 */
import { expect, test, type Page } from '@playwright/test';
import { INITIAL_TRIAL_CREDITS } from '../packages/contracts/src/constants.ts';
import { creditsPill, expectInFrame, openAccountMenu, signIn, signOut, signUpAndConfirm } from './support/studio.ts';

const ACCOUNT_FILES = '**/mfe/mfe-account/**';

/** Makes every file of mfe-account unreachable (manifest, remoteEntry, chunks) and counts the tries. */
async function takeAccountOffline(page: Page): Promise<{ attempts: () => number }> {
  let attempts = 0;
  await page.route(ACCOUNT_FILES, (route) => {
    attempts += 1;
    return route.abort('connectionrefused');
  });
  return { attempts: () => attempts };
}

test('mfe-account down: fallback on its routes, the rest works, Retry recovers', async ({ page, request }) => {
  const offline = await takeAccountOffline(page);

  // Landing page, sign-up, confirmation and the app frame work without the remote.
  const { email, password } = await signUpAndConfirm(page, request, { tag: 'offline' });
  await expect(page.getByRole('heading', { name: 'Discover' })).toBeVisible();
  // The top bar's credits widget (from mfe-account) degrades quietly in place.
  await expect(page.getByRole('banner').getByRole('status').filter({ hasText: 'Unavailable' })).toBeVisible();
  expect(offline.attempts()).toBeGreaterThan(0);

  // Its page shows the fallback with Retry, inside the working frame.
  await page.getByRole('navigation').getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await page.goto('/app/subscription');
  const fallback = page.getByRole('region', { name: /unavailable/i });
  await expect(fallback).toBeVisible();
  await expect(fallback.getByRole('button', { name: 'Retry' })).toBeEnabled();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Content' })).toBeVisible();

  // Other routes still work from here, client-side.
  await page.getByRole('navigation').getByRole('link', { name: 'Styles' }).click();
  await expect(page).toHaveURL(/\/app\/explore$/);
  await expect(page.getByRole('heading', { name: 'Styles', level: 1 })).toBeVisible();

  // Sign out (the account menu's remote part is missing; the shell's items are there) and in again.
  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('status').filter({ hasText: 'Unavailable' })).toBeVisible();
  await signOut(page);
  await signIn(page, email, password);

  // Still down: Retry fails again and says so.
  await page.goto('/app/subscription');
  await expect(fallback).toBeVisible();
  const before = offline.attempts();
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(fallback.getByRole('button', { name: 'Retry' })).toBeEnabled();
  expect(offline.attempts()).toBeGreaterThan(before);

  // Back online: Retry loads the remote in place, no reload; the top bar's widget recovers too.
  await page.unroute(ACCOUNT_FILES);
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Plans & credits', level: 1 })).toBeVisible();
  await expect(fallback).toBeHidden();
  await expect(page.getByTestId('subscription-balance')).toHaveText(String(INITIAL_TRIAL_CREDITS));
  await expect(creditsPill(page)).toBeVisible();
  await expectInFrame(page);
});

test('mfe-account down from the start: its route deep-linked shows the fallback, not a blank page', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'offline-deep' });
  await takeAccountOffline(page);
  // A full load with the remote unreachable (nothing cached from the earlier page).
  await page.goto('/app/analytics');
  await expect(page.getByRole('region', { name: /unavailable/i })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.unroute(ACCOUNT_FILES);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: /usage/i, level: 1 })).toBeVisible();
});
