/**
 * Shared steps of the end-to-end specs: unique accounts, the dev outbox, the auth modal, the
 * account menu. Every helper waits on what a user would see, never on a fixed delay.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ApiRoutes } from '../../packages/contracts/src/routes.ts';
import { Messages } from '../../packages/contracts/src/errors.ts';

export { Messages };

/** A fresh address per call: specs never share accounts, and per-e-mail rate limits never add up. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.com`;
}

export const DEFAULT_PASSWORD = 'correct-horse-42';

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/**
 * The newest mail to `email` whose subject matches, from the dev outbox (`GET /api/dev/outbox`).
 * Polls: the reset mail is sent after the answer (no enumeration by timing).
 */
export async function readMail(request: APIRequestContext, email: string, subject: RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
        expect(res.ok()).toBe(true);
        const { messages } = (await res.json()) as { messages: OutboxMessage[] };
        found = messages.find((m) => subject.test(m.subject));
        return found !== undefined;
      },
      { message: `mail "${subject}" to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The one-time link in a mail (confirmation or reset). */
export function linkIn(message: OutboxMessage): string {
  const match = /https?:\/\/\S+\?token=[\w%.-]+/.exec(message.text);
  if (!match) throw new Error(`no link in mail "${message.subject}": ${message.text}`);
  return match[0];
}

export const confirmationSubject = /confirm your studio account/i;
export const recoverySubject = /reset your studio password/i;

/** The open auth modal. */
export function authModal(page: Page): Locator {
  return page.getByRole('dialog');
}

/** Opens the auth modal from the landing page (`/`): Login → signin, Get started → signup. */
export async function openAuthModal(page: Page, mode: 'signin' | 'signup'): Promise<Locator> {
  await page.goto('/');
  if (mode === 'signin') await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  else await page.getByRole('banner').getByRole('button', { name: 'Get started' }).click();
  const modal = authModal(page);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: mode === 'signin' ? 'Sign in to Studio' : 'Create your account' })).toBeVisible();
  return modal;
}

/** Fills and submits the signup form of an open modal. */
export async function submitSignup(modal: Locator, email: string, password: string, confirmPassword = password): Promise<void> {
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password', { exact: true }).fill(password);
  await modal.getByLabel('Confirm Password').fill(confirmPassword);
  await modal.getByRole('button', { name: 'Sign Up' }).click();
}

/** Fills and submits the signin form of an open modal. */
export async function submitSignin(modal: Locator, email: string, password: string): Promise<void> {
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password', { exact: true }).fill(password);
  await modal.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs up in the auth modal and waits for "Check your email…"; the account is not confirmed yet. */
export async function signUp(page: Page, email: string, password = DEFAULT_PASSWORD): Promise<void> {
  const modal = await openAuthModal(page, 'signup');
  await submitSignup(modal, email, password);
  await expect(modal.getByRole('status').filter({ hasText: Messages.signupSent })).toBeVisible();
}

/**
 * Opens a confirmation link: the page asks for the password before it confirms and signs in (the
 * link alone changes nothing); the token leaves the address bar at once.
 */
export async function confirmFromLink(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/confirm$/);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
}

/**
 * A new confirmed account, signed in on `page`, standing on `/app/discover` in the app frame. By
 * default it is made through the API the forms call (sign-up, the mailed link from the dev outbox,
 * its confirmation; the browser context shares the session cookie), which is what a test that is
 * about something else needs; `via: 'ui'` goes through the auth modal and the confirmation page as a
 * person does (the journey's own test of those screens). `at` opens that page instead of Discover
 * (one page load, not two, for a test about another screen; it waits for that screen itself).
 */
export async function signUpAndConfirm(
  page: Page,
  request: APIRequestContext,
  options: { tag?: string; email?: string; password?: string; keepWelcome?: boolean; via?: 'api' | 'ui'; at?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = options.email ?? uniqueEmail(options.tag ?? 'user');
  const password = options.password ?? DEFAULT_PASSWORD;
  if (options.via === 'ui') {
    await signUp(page, email, password);
    const mail = await readMail(request, email, confirmationSubject);
    await confirmFromLink(page, linkIn(mail), password);
    await expect(page).toHaveURL(/\/app\/discover$/);
    await expectInFrame(page);
    if (!options.keepWelcome) await skipWelcome(page);
    return { email, password };
  }
  // Same-origin requests, as the studio's own pages make them (the CSRF check wants the Origin).
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin };
  const signup = await page.request.post(ApiRoutes.signup, { headers, data: { email, password, confirmPassword: password } });
  expect(signup.status(), await signup.text()).toBe(201);
  const token = new URL(linkIn(await readMail(request, email, confirmationSubject))).searchParams.get('token');
  const confirmed = await page.request.post(ApiRoutes.confirm, { headers, data: { token, password } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  if (!options.keepWelcome) {
    expect((await page.request.patch(ApiRoutes.profile, { headers, data: { welcome_shown: true } })).ok()).toBe(true);
  }
  if (options.at) {
    await page.goto(options.at);
    return { email, password };
  }
  await page.goto('/app/discover');
  await expectInFrame(page);
  return { email, password };
}

/** The welcome modal a new account meets once (spec 1 §4), closed without generating. */
export async function skipWelcome(page: Page): Promise<void> {
  const welcome = page.getByRole('dialog', { name: 'Welcome to Studio' });
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/profile') && r.request().method() === 'PATCH');
  await welcome.getByRole('button', { name: 'Skip for now' }).click();
  await expect(welcome).toBeHidden();
  expect((await recorded).ok()).toBe(true);
}

/** Signs in through the landing page's Login button and waits for the app frame. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const modal = await openAuthModal(page, 'signin');
  await submitSignin(modal, email, password);
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/app\/discover$/);
  await expectInFrame(page);
}

/** The app frame is on screen (sidebar navigation and account menu). */
export async function expectInFrame(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** Opens the account menu in the top bar and returns its panel. */
export async function openAccountMenu(page: Page): Promise<Locator> {
  const button = page.getByRole('button', { name: 'Account menu' });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const panel = page.getByRole('region', { name: 'Account' });
  await expect(panel).toBeVisible();
  return panel;
}

/** Signs out from the account menu and waits for the landing page. */
export async function signOut(page: Page): Promise<void> {
  const panel = await openAccountMenu(page);
  await panel.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
}

/** The compact credits pill in the top bar. */
export function creditsPill(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /credits\. Plans and credits/ });
}
