/**
 * The account settings a user reaches from the app frame: avatar upload from the account
 * menu, the desktop sidebar collapse that is remembered, and the Admin View toggle that only the
 * admin accounts see (spec 1 §2, §6; spec 2 §5).
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { AVATAR_SIZE_PX } from '../packages/contracts/src/constants.ts';
import { Messages, openAccountMenu, signUpAndConfirm, DEFAULT_PASSWORD } from './support/studio.ts';

test('an uploaded avatar is stored as a 96×96 image and shown; a file that is no image is refused', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'avatar' });
  const menu = await openAccountMenu(page);

  await menu
    .getByLabel('Upload avatar image')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(menu.getByRole('alert')).toHaveText(Messages.avatarNotImage);

  const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 220, g: 80, b: 140 } } })
    .png()
    .toBuffer();
  await menu.getByLabel('Upload avatar image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  const avatar = menu.getByRole('img', { name: 'Your avatar' });
  await expect(avatar).toBeVisible();
  await expect(menu.getByRole('alert')).toHaveCount(0);

  const src = await avatar.getAttribute('src');
  expect(src).toMatch(/^\/media\/avatars\//);
  const stored = await request.get(src!);
  expect(stored.headers()['content-type']).toBe('image/jpeg');
  const { width, height, format } = await sharp(await stored.body()).metadata();
  expect({ width, height, format }).toEqual({ width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX, format: 'jpeg' });

  // It is the profile's avatar, not just a preview: it is still there after a reload.
  await page.reload();
  await expect((await openAccountMenu(page)).getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', src!);
});

test('the desktop sidebar stays collapsed across visits; a regular account has no Admin View', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'collapse' });
  await expect(page.getByRole('switch', { name: 'Admin View' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
});

test('an admin account sees the Admin View toggle, on by default and remembered', async ({ page, request }) => {
  // admin@studio.local is in the e2e studio's ADMIN_EMAILS (no retries: the account is new).
  await signUpAndConfirm(page, request, { email: 'admin@studio.local', password: DEFAULT_PASSWORD });
  const toggle = page.getByRole('switch', { name: 'Admin View' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Admin View' })).toHaveAttribute('aria-checked', 'false');
});
