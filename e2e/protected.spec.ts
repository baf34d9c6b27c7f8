/**
 * The protected-route wrapper (spec 1 §2) and its session rules: a signed-out visitor on an
 * app page gets "Sign in to continue" in place, and after signing in is on that same page; a
 * session that ends mid-way (401) brings the prompt back without losing the page.
 */
import { expect, test, type Request } from '@playwright/test';
import { Messages, authModal, openAccountMenu, signOut, signUpAndConfirm, submitSignin } from './support/studio.ts';

test('a deep link while signed out: sign in, and stay on that page', async ({ page, request }) => {
  const { email, password } = await signUpAndConfirm(page, request, { tag: 'deeplink' });
  await signOut(page);

  await page.goto('/app/subscription');
  await expect(page.getByRole('heading', { name: Messages.signInToContinue })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();
  const modal = authModal(page);
  await submitSignin(modal, email, password);
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/app\/subscription$/);
  await expect(page.getByRole('heading', { name: 'Plans & credits', level: 1 })).toBeVisible();
});

test('a session that ends mid-way brings back the sign-in prompt on the same page', async ({ page, request, context }) => {
  await signUpAndConfirm(page, request, { tag: 'expired' });
  // The API calls in flight; the session must end between two of the user's steps, not while the
  // page is still reading its data (that call's 401 would bring the prompt before the next step).
  const inFlight = new Set<Request>();
  const isApi = (r: Request) => new URL(r.url()).pathname.startsWith('/api/');
  page.on('request', (r) => isApi(r) && inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  // Discover is public (a visitor reads it too): start from a page only members see.
  await page.getByRole('link', { name: 'Content', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/images$/);
  await expect(page.getByText('No generated images yet. Create your first character image above!')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Prompt bar' }).getByText(/^Models:/)).toBeVisible();
  await expect.poll(() => inFlight.size).toBe(0);
  // The server-side session disappears (signed out elsewhere, expired): the cookie is gone.
  await context.clearCookies();
  // The next API call answers 401; the page stays, the prompt replaces it.
  const menu = await openAccountMenu(page);
  await menu.getByRole('link', { name: 'Usage analytics' }).click();
  await expect(page).toHaveURL(/\/app\/analytics$/);
  await expect(page.getByRole('heading', { name: Messages.signInToContinue })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/analytics$/);
});

test('unknown paths go home; /app goes to /app/discover', async ({ page, request }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await signUpAndConfirm(page, request, { tag: 'routes' });
  await page.goto('/app');
  await expect(page).toHaveURL(/\/app\/discover$/);
  await page.goto('/plan-selection');
  await expect(page).toHaveURL(/\/app\/discover$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/discover$/);
});

test('while the session is read, a deep link says Loading... and the OAuth callback Completing Sign In (spec 1 §2)', async ({ page }) => {
  // Hold the session probe back, as a slow network would.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/session', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/app/subscription');
  await expect(page.getByText(Messages.loading, { exact: true })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: Messages.signInToContinue })).toBeVisible();

  let releaseCallback: () => void = () => undefined;
  const heldCallback = new Promise<void>((resolve) => (releaseCallback = resolve));
  await page.unroute('**/api/auth/session');
  await page.route('**/api/auth/session', async (route) => {
    await heldCallback;
    await route.continue();
  });
  await page.goto('/auth/callback');
  await expect(page.getByRole('heading', { name: Messages.completingSignIn })).toBeVisible();
  releaseCallback();
  await expect(page.getByRole('heading', { name: Messages.authenticationFailed })).toBeVisible();
});
