/**
 * axe-core finds no serious or critical violation (WCAG 2.x A/AA rules) on the landing page, the
 * open auth modal, the confirmation page, the signed-in subscription page and the video editor.
 * Lesser findings are printed.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { creditsPill, openAuthModal, signUpAndConfirm } from './support/studio.ts';

test('landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'the landing page');
});

test('auth modal, in each of its modes', async ({ page }) => {
  const modal = await openAuthModal(page, 'signin');
  await expectNoSeriousViolations(page, 'the signin modal', '[role="dialog"]');
  await modal.getByRole('button', { name: 'Sign up' }).click();
  await expect(modal.getByLabel('Confirm Password')).toBeVisible();
  // With an error on screen too.
  await modal.getByRole('button', { name: 'Sign Up' }).click();
  await expect(modal.getByRole('alert')).toBeVisible();
  await expectNoSeriousViolations(page, 'the signup modal', '[role="dialog"]');
  await modal.getByRole('button', { name: 'Sign in' }).click();
  await modal.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(modal.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the forgot-password modal', '[role="dialog"]');
});

test('confirmation page, with a refusal on screen', async ({ page }) => {
  await page.goto('/auth/confirm?token=not-a-real-token');
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoSeriousViolations(page, '/auth/confirm');
});

test('subscription page, signed in', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'a11y' });
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('link', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL(/\/app\/subscription$/);
  await expect(page.getByRole('heading', { name: 'Plans & credits', level: 1 })).toBeVisible();
  // Wait for the data-driven parts (plans, packages, history) to settle before scanning.
  await expect(page.getByRole('main').getByRole('status', { name: 'Loading' })).toHaveCount(0);
  await expect(page.getByText('Popular', { exact: true })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Trial credits' }).filter({ hasText: '+20' })).toBeVisible();
  await expect(creditsPill(page)).toBeVisible();
  await expectNoSeriousViolations(page, '/app/subscription');
});

test('the talking-person editor, signed in', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'a11y-editor', at: '/app/editor' });
  await expect(page.getByRole('heading', { name: 'Talking-person video', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Section' }).click();
  // A section's voice controls, from mfe-voices, are part of the page once opened.
  await page.getByRole('button', { name: 'Change voice of Section 2' }).click();
  await expect(page.getByRole('group', { name: 'Voice of Section 2' }).getByRole('radio', { name: /^UGC2/ })).toBeChecked();
  await expectNoSeriousViolations(page, '/app/editor');
});

test('the products page, signed in', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'a11y-products', at: '/app/products' });
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(page.getByText(/^No products yet\./)).toBeVisible();
  await expectNoSeriousViolations(page, '/app/products');
});

// Every screen of /app, at 390 px and at 1440 px: mobile.spec.ts, as it checks each screen fits a phone.
