/**
 * The plans screen as a subscriber sees it, and the signed-out pages: an annual subscriber's own
 * plan on the Monthly tab offers the billing switch (not a switch to the plan they are on), an
 * invoice opens in a tab of its own, and a session that ends while a page is open logs no 401.
 */
import { expect, test, type Page } from '@playwright/test';
import { ApiRoutes } from '../packages/contracts/src/routes.ts';
import { creditsPill, signUpAndConfirm } from './support/studio.ts';

async function openPlans(page: Page) {
  await page.goto('/app/subscription');
  await expect(page.getByRole('heading', { name: 'Plans & credits', level: 1 })).toBeVisible();
}

test('an annual subscriber: their plan on the Monthly tab switches the billing, and an invoice opens in a new tab', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signUpAndConfirm(page, request, { tag: 'annual-plan' });
  await openPlans(page);
  await page
    .getByRole('group', { name: 'Billing period' })
    .getByRole('button', { name: /Annual/ })
    .click();
  await page.getByRole('article', { name: 'Growth plan' }).getByRole('button', { name: 'Choose Growth' }).click();
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(page).toHaveURL(/\/subscription\/success\?session_id=cs_/);
  await expect(page.getByRole('heading', { name: 'Welcome to Growth' })).toBeVisible();

  await openPlans(page);
  const yourPlan = page.getByRole('region', { name: 'Your plan' });
  await expect(yourPlan.getByText('billed yearly', { exact: false })).toBeVisible();
  const growth = page.getByRole('article', { name: 'Growth plan' });
  // The Monthly tab (the page opens on it): their own plan, billed the other way.
  await expect(growth.getByRole('button', { name: 'Switch to monthly billing' })).toBeEnabled();
  await expect(growth.getByText('Current plan')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Pro plan' }).getByRole('button', { name: 'Switch to Pro' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Billing period' })
    .getByRole('button', { name: /Annual/ })
    .click();
  await expect(growth.getByRole('button', { name: 'Current plan' })).toBeDisabled();

  const view = yourPlan.getByRole('link', { name: 'View' }).first();
  await expect(view).toHaveAttribute('target', '_blank');
  await expect(view).toHaveAttribute('rel', 'noopener noreferrer');
});

test('the plan cards show at once; the recommendation and the month’s usage fill in when their answer comes', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'plans-first' });
  // The recommendation (30 days of usage added up) held back until the cards are on screen.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(`**${ApiRoutes.planRecommendation}`, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  await openPlans(page);
  const growth = page.getByRole('article', { name: 'Growth plan' });
  await expect(growth.getByRole('button', { name: 'Choose Growth' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Pro plan' }).getByRole('button', { name: 'Choose Pro' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading plans' })).toHaveCount(0);
  await expect.poll(() => asked).toBe(true);
  await expect(page.getByText('Recommended for you')).toHaveCount(0);

  release();
  // A new user has used nothing: the cheapest plan covers it.
  await expect(growth.getByText('Recommended for you')).toBeVisible();
  await expect(page.getByText('You used 0 credits in the last 30 days.')).toBeVisible();
});

test('a session that ends while a page is open: the signed-out page asks for no credits or plan status (no 401 logged)', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  const refused: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('response', (response) => response.status() === 401 && refused.push(new URL(response.url()).pathname + ' @ ' + page.url()));
  await signUpAndConfirm(page, request, { tag: 'session-ends' });
  await expect(page).toHaveURL(/\/app\/discover$/);
  // Signed in and settled: the balance is on screen and every read of it has been answered.
  await expect(creditsPill(page)).toContainText('20');
  await page.waitForLoadState('networkidle');
  // Signed out elsewhere (another tab): this page learns it when it is next looked at.
  const origin = new URL(page.url()).origin;
  expect((await page.request.post(ApiRoutes.signout, { headers: { origin } })).ok()).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  // The landing, and the tab looked at again there.
  await page.goto('/');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  expect(refused).toEqual([]);
  expect(errors.filter((text) => text.includes('401'))).toEqual([]);
});
