/**
 * A remote that is down (DESIGN §2.1): with mfe-account's files unreachable, its routes show the
 * fallback while the landing page, sign-in and every other route keep working; Retry recovers
 * without a reload once the files are back. With mfe-voices down, its page falls back, and the
 * remotes that show its voice picker (mfe-gallery, mfe-video-editor) say so and keep working.
 */
import { expect, test, type Page } from '@playwright/test';
import { INITIAL_TRIAL_CREDITS } from '../packages/contracts/src/constants.ts';
import { LANDSCAPE, openEditor, section, silentSection } from './support/editor.ts';
import { creditsPill, expectInFrame, Messages, openAccountMenu, signIn, signOut, signUpAndConfirm } from './support/studio.ts';

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

test('mfe-voices down: its page shows the fallback, the rest works, Retry recovers', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'voices-down' });
  await page.route('**/mfe/mfe-voices/**', (route) => route.abort('connectionrefused'));
  await page.goto('/app/voices');
  const fallback = page.getByRole('region', { name: /unavailable/i });
  await expect(fallback).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  await expect(page.getByText(Messages.galleryEmpty)).toBeVisible();
  await page.goto('/app/voices');
  await expect(fallback).toBeVisible();
  await page.unroute('**/mfe/mfe-voices/**');
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Voices', level: 1 })).toBeVisible();
});

test('remote to remote: Create Video With Sound shows mfe-voices’ VoicePicker inside mfe-gallery; with mfe-voices down it says so and Retry recovers', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request, { tag: 'remote-voices' });
  const made = await page.evaluate(async () => {
    const form = new FormData();
    form.set('prompt', 'a bottle of lotion on linen');
    form.set('aspectRatio', '9:16');
    return (await fetch('/api/generate-character-image', { method: 'POST', body: form })).status;
  });
  expect(made).toBe(200);
  await page.route('**/mfe/mfe-voices/**', (route) => route.abort('connectionrefused'));
  await page.goto('/app/images');
  await page.getByRole('button', { name: 'a bottle of lotion on linen' }).click();
  await page.getByRole('dialog', { name: 'Image details' }).getByRole('button', { name: 'Create Video With Sound' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a video with sound' });
  await expect(dialog.getByText('Voices are unavailable right now. You can choose one in the editor.')).toBeVisible();

  await page.unroute('**/mfe/mfe-voices/**');
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await dialog.getByRole('radio', { name: /^Arnold/ }).check();
  await expect(dialog.getByRole('radio', { name: /^Arnold/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Continue to the video editor' }).click();
  await expect(page).toHaveURL(/\/app\/simple-video$/);
});

test('mfe-voices down: the editor still loads, says voices are unavailable, and makes silent videos', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'video-novoices' });
  await page.route('**/mfe/mfe-voices/**', (route) => route.abort('connectionrefused'));
  await openEditor(page);
  await section(page, 'Section 1').getByRole('button', { name: 'Change voice of Section 1' }).click();
  await expect(page.getByText('Voices are unavailable right now. The editor keeps using UGC2.')).toBeVisible();
  // A new account has no earlier images to pick from.
  await section(page, 'Section 1').getByText('Choose from your images').click();
  await expect(page.getByText('No character images yet. Create your first character image in the Create Character tab!')).toBeVisible();
  await silentSection(page, 'Section 1', LANDSCAPE);
  await expect(page.getByRole('button', { name: 'Generate Video', exact: true })).toBeEnabled();
  // Back to a spoken section: its voice is still unavailable until mfe-voices is back and Retry is pressed.
  await section(page, 'Section 1').getByRole('radio', { name: 'Enable voice' }).check();
  await section(page, 'Section 1').getByRole('button', { name: 'Change voice of Section 1' }).click();
  await page.unroute('**/mfe/mfe-voices/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('radio', { name: /^UGC2/ })).toBeChecked();
});
