/**
 * Every auth message appears where spec 1 §8 puts it: in the auth modal (errors as an alert,
 * successes as a status), on the password update page, and on the OAuth callback page.
 */
import { expect, test } from '@playwright/test';
import { OAUTH_FAILURE_RETURN_MS } from '../packages/contracts/src/constants.ts';
import {
  Messages,
  authModal,
  openAuthModal,
  signOut,
  signUp,
  signUpAndConfirm,
  submitSignin,
  submitSignup,
  uniqueEmail,
} from './support/studio.ts';

test.describe('auth modal messages', () => {
  test('wrong password and an existing account, for a confirmed user', async ({ page, request }) => {
    const { email, password } = await signUpAndConfirm(page, request, { tag: 'existing' });
    await signOut(page);

    const modal = await openAuthModal(page, 'signin');
    await submitSignin(modal, email, `${password}-wrong`);
    await expect(modal.getByRole('alert')).toHaveText(Messages.invalidCredentials);
    // The modal stays open with the e-mail kept, so the user can correct the password.
    await expect(modal.getByLabel('Email')).toHaveValue(email);

    // Errors clear on a mode change (spec 1 §2).
    await modal.getByRole('button', { name: 'Sign up' }).click();
    await expect(modal.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(modal.getByRole('alert')).toHaveCount(0);

    await submitSignup(modal, email, 'another-password-1');
    await expect(modal.getByRole('alert')).toHaveText(Messages.userAlreadyRegistered);
  });

  test('an unconfirmed account cannot sign in yet', async ({ page }) => {
    const email = uniqueEmail('unconfirmed');
    await signUp(page, email, 'pending-pass-1');
    const modal = authModal(page);
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await expect(modal.getByRole('heading', { name: 'Sign in to Studio' })).toBeVisible();
    // The success message of the signup does not follow into signin mode.
    await expect(modal.getByRole('status')).toHaveCount(0);
    await submitSignin(modal, email, 'pending-pass-1');
    await expect(modal.getByRole('alert')).toHaveText(Messages.emailNotConfirmed);
  });

  test('signup rules: password mismatch, short password, invalid e-mail', async ({ page }) => {
    const modal = await openAuthModal(page, 'signup');
    const email = uniqueEmail('rules');

    await submitSignup(modal, email, 'long-enough-1', 'long-enough-2');
    await expect(modal.getByRole('alert')).toHaveText(Messages.passwordsDoNotMatch);

    await submitSignup(modal, email, 'abc12', 'abc12');
    await expect(modal.getByRole('alert')).toHaveText(Messages.passwordTooShort);

    await submitSignup(modal, 'not-an-email', 'long-enough-1');
    await expect(modal.getByRole('alert')).toHaveText(Messages.emailNotValid);

    // Nothing was sent: the form is still there, with no success message.
    await expect(modal.getByRole('status')).toHaveCount(0);
    await expect(modal.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  test('a common password is called weak as it is typed, and refused; a strong one is not', async ({ page }) => {
    const modal = await openAuthModal(page, 'signup');
    await modal.getByLabel('Password', { exact: true }).fill('password1');
    await expect(modal.getByRole('status')).toHaveText(Messages.weakPassword);
    await submitSignup(modal, uniqueEmail('weak'), 'password1');
    await expect(modal.getByRole('alert')).toHaveText(Messages.weakPassword);
    await modal.getByLabel('Password', { exact: true }).fill('correct-horse-42');
    await expect(modal.getByRole('status')).toHaveCount(0);
  });

  test('the landing page e-mail opens the modal in signup mode, prefilled', async ({ page }) => {
    await page.goto('/');
    const email = uniqueEmail('prefill');
    await page.getByLabel('Work e-mail').fill(email);
    await page.getByRole('main').getByRole('button', { name: 'Get started' }).first().click();
    const modal = authModal(page);
    await expect(modal.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(modal.getByLabel('Email')).toHaveValue(email);
    // The stored e-mail is used once: the next opening starts empty, in the mode asked for.
    await modal.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await expect(modal.getByRole('heading', { name: 'Sign in to Studio' })).toBeVisible();
    await expect(modal.getByLabel('Email')).toHaveValue('');
  });
});

test.describe('password update page', () => {
  test('applies the signup rules before anything is sent', async ({ page }) => {
    await page.goto('/reset-password');
    await page.getByLabel('New Password').fill('long-enough-1');
    await page.getByLabel('Confirm Password').fill('long-enough-2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert')).toHaveText(Messages.passwordsDoNotMatch);

    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert')).toHaveText(Messages.passwordTooShort);

    await page.getByRole('button', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('OAuth callback page', () => {
  test('a cancelled Google-type sign-in comes straight home to the sign-in modal, which says so', async ({ page }) => {
    const modal = await openAuthModal(page, 'signin');
    await modal.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Dev sign-in' })).toBeVisible();
    await page.getByRole('link', { name: 'Cancel' }).click();

    // Home with the sign-in modal open, saying why, so the user can try again from there; no failure page first.
    await expect(page).toHaveURL(/\/$/);
    await expect(authModal(page).getByRole('alert')).toHaveText(Messages.googleCancelled);
    await expect(page.getByRole('heading', { name: Messages.authenticationFailed })).toHaveCount(0);
  });

  test('a Google-type sign-in that failed shows the failure, then returns home after 3 s', async ({ page }) => {
    await page.goto(`/auth/callback?error=${encodeURIComponent(Messages.googleFailed)}`);
    const shown = Date.now();
    await expect(page.getByRole('heading', { name: Messages.authenticationFailed })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(Messages.googleFailed);
    await expect(page).toHaveURL(/\/$/, { timeout: OAUTH_FAILURE_RETURN_MS + 5_000 });
    expect(Date.now() - shown).toBeGreaterThanOrEqual(OAUTH_FAILURE_RETURN_MS - 500);
    await expect(authModal(page).getByRole('alert')).toHaveText(Messages.googleFailed);
  });

  test('a used or forged confirmation link says so when confirmed, and signs nobody in', async ({ page }) => {
    // A link in the form mailed before links opened pages lands on the same page.
    await page.goto('/api/auth/confirm?token=forged-token');
    await expect(page).toHaveURL(/\/auth\/confirm$/);
    await page.getByLabel('Password').fill('any-password');
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(Messages.linkInvalid);
    expect(await (await page.request.get('/api/auth/session')).json()).toMatchObject({ user: null });
  });

  test("a visitor's pages log no error: the signed-out session probe is a 200 with no user", async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const probe = page.waitForResponse((response) => response.url().endsWith('/api/auth/session'));
    await page.goto('/');
    expect((await probe).status()).toBe(200);
    await page.goto('/app/subscription');
    await expect(page.getByRole('heading', { name: Messages.signInToContinue })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
