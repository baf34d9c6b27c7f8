/**
 * A visitor's whole account journey in one browser (spec 1 §2): sign up, confirm from the
 * e-mail, the app frame with 20 trial credits, a username, sign out and in, a password reset, and
 * Google-type sign-in through the dev issuer.
 */
import { expect, test } from '@playwright/test';
import { INITIAL_TRIAL_CREDITS, PASSWORD_SUCCESS_REDIRECT_MS } from '../packages/contracts/src/constants.ts';
import {
  Messages,
  authModal,
  creditsPill,
  expectInFrame,
  linkIn,
  openAccountMenu,
  openAuthModal,
  readMail,
  recoverySubject,
  signIn,
  skipWelcome,
  signOut,
  signUpAndConfirm,
  submitSignin,
  uniqueEmail,
} from './support/studio.ts';

test('sign up, confirm, credits, username, sign out and in, reset the password, Google sign-in', async ({ page, request }) => {
  test.slow(); // one long story: three sign-ins, two mails, the 2 s redirect

  // Sign up in the auth modal; the confirmation link signs in and lands on /app/discover.
  const { email, password } = await signUpAndConfirm(page, request, { tag: 'journey', via: 'ui' });
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Discover' })).toHaveClass(/sh-nav-active/);
  await expect(page.getByRole('heading', { name: 'Discover' })).toBeVisible();

  // Trial credits (spec 1 §9: 20) in the top bar, from mfe-account's credits widget.
  await expect(creditsPill(page)).toHaveAccessibleName(`${INITIAL_TRIAL_CREDITS} credits. Plans and credits`);

  // Username: availability is checked 500 ms after typing stops, Enter saves it lowercased.
  const username = `Maker_${Date.now().toString(36)}`.slice(0, 20);
  const menu = await openAccountMenu(page);
  const field = menu.getByLabel('Username');
  await field.fill(username);
  await expect(menu.getByText('Checking availability…')).toBeVisible();
  await expect(menu.getByText(`@${username.toLowerCase()} is available`)).toBeVisible();
  await field.press('Enter');
  await expect(menu.getByText('Username saved')).toBeVisible();
  await expect(menu.getByText(`@${username.toLowerCase()}`, { exact: true })).toBeVisible();
  await expect(field).toHaveValue(username.toLowerCase());
  // The credits card in the menu shows the same balance.
  await expect(menu.getByTestId('credits-balance')).toHaveText(String(INITIAL_TRIAL_CREDITS));

  // Sign out to the landing page; sign in again with the password.
  await signOut(page);
  await signIn(page, email, password);
  await expect(creditsPill(page)).toBeVisible();
  await expect((await openAccountMenu(page)).getByText(`@${username.toLowerCase()}`, { exact: true })).toBeVisible();
  // Signed in, changing the password asks for the current one (a stolen session cannot).
  await page.goto('/reset-password');
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password').fill('stolen-session-1');
  await page.getByLabel('Confirm Password').fill('stolen-session-1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('alert')).toHaveText(Messages.currentPasswordIncorrect);
  await page.goto('/app/discover');
  await signOut(page);

  // Forgot password: the modal sends a reset link, which opens /reset-password.
  const modal = await openAuthModal(page, 'signin');
  await modal.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(modal.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await modal.getByLabel('Email').fill(email);
  await modal.getByRole('button', { name: 'Send reset link' }).click();
  await expect(modal.getByRole('status').filter({ hasText: Messages.recoverSent })).toBeVisible();

  const resetLink = linkIn(await readMail(request, email, recoverySubject));
  await page.goto(resetLink);
  await expect(page).toHaveURL(/\/reset-password$/);
  const newPassword = 'new-password-77';
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  const submitted = Date.now();
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: /password/i })).toBeVisible();
  // The link was the proof: no empty Current Password field appears after success.
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  // Spec 1 §2: to /app/images 2 seconds after success — not before.
  await expect(page).toHaveURL(/\/app\/images$/, { timeout: PASSWORD_SUCCESS_REDIRECT_MS + 5_000 });
  expect(Date.now() - submitted).toBeGreaterThanOrEqual(PASSWORD_SUCCESS_REDIRECT_MS - 100);
  await expectInFrame(page);

  // The old password no longer works; the new one does.
  await signOut(page);
  // The spent link says so as soon as its page opens.
  await page.goto(resetLink);
  await expect(page.getByRole('alert')).toHaveText(Messages.linkInvalid);
  await expect(page.getByRole('button', { name: 'Update Password' })).toBeDisabled();
  const again = await openAuthModal(page, 'signin');
  await submitSignin(again, email, password);
  await expect(again.getByRole('alert')).toHaveText(Messages.invalidCredentials);
  await again.getByLabel('Password', { exact: true }).fill(newPassword);
  await again.getByRole('button', { name: 'Sign In' }).click();
  await expect(authModal(page)).toBeHidden();
  await expect(page).toHaveURL(/\/app\/discover$/);
  await expectInFrame(page);
  await signOut(page);

  // "Continue with Google" through the dev issuer's login page, with any e-mail.
  const googleEmail = uniqueEmail('google');
  const google = await openAuthModal(page, 'signin');
  await google.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Dev sign-in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(googleEmail);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app\/discover$/);
  await expectInFrame(page);
  // A new account, so the welcome modal greets it once.
  await skipWelcome(page);
  await expect(creditsPill(page)).toHaveAccessibleName(`${INITIAL_TRIAL_CREDITS} credits. Plans and credits`);
  await expect((await openAccountMenu(page)).getByText(googleEmail)).toBeVisible();
});
