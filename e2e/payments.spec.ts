/**
 * Payments with no keys: the studio runs the local Stripe emulator. A plan is bought on
 * its checkout page (a declined card first), the return page verifies and moves on, and the tier
 * and credits arrive from the webhook; a top-up; Billing opens the portal, which cancels the plan
 * and returns to the app.
 */
import { expect, test, type Page } from '@playwright/test';
import { PaymentMessages } from '../packages/contracts/src/payments.ts';
import { spendCredits } from './support/database.ts';
import { creditsPill, signUpAndConfirm } from './support/studio.ts';

const credits = async (page: Page) => ((await (await page.request.get('/api/credits')).json()) as { credits: number }).credits;

async function openPlans(page: Page) {
  await page.goto('/app/subscription');
  await expect(page.getByRole('heading', { name: 'Plans & credits', level: 1 })).toBeVisible();
}

test('buy Growth monthly: a declined card says so, 4242 pays, the return page verifies, tier and credits follow', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signUpAndConfirm(page, request, { tag: 'buy-plan' });
  await openPlans(page);
  await page.getByRole('article', { name: 'Growth plan' }).getByRole('button', { name: 'Choose Growth' }).click();
  await expect(page.getByRole('heading', { name: 'Pay $29.00' })).toBeVisible();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $29.00' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $29.00' }).click();

  await expect(page).toHaveURL(/\/subscription\/success\?session_id=cs_/);
  await expect(page.getByRole('heading', { name: 'Welcome to Growth' })).toBeVisible();
  await expect(page.getByText('$29.00 per month. Taking you to the studio…')).toBeVisible();
  await expect(page.getByText(PaymentMessages.planActive)).toBeVisible({ timeout: 10_000 });
  // The flag is dropped from the address once said, so a reload does not say it again.
  await expect(page).toHaveURL(/\/app\/explore$/);
  // The balance on screen follows without a reload.
  await expect(creditsPill(page)).toContainText('620');
  await expect.poll(() => credits(page)).toBe(20 + 600);
  const profile = (await (await page.request.get('/api/profile')).json()) as { profile: { subscription_tier: string } };
  expect(profile.profile.subscription_tier).toBe('basic');
  await openPlans(page);
  const history = page.getByRole('region', { name: 'Credit history' });
  await expect(history.getByRole('row').filter({ hasText: 'Growth plan credits' }).filter({ hasText: '+600' })).toBeVisible();
  const yourPlan = page.getByRole('region', { name: 'Your plan' });
  await expect(yourPlan.getByText(/^Renews on /)).toBeVisible();
  await expect(yourPlan.getByRole('row').filter({ hasText: '$29' }).filter({ hasText: 'paid' })).toBeVisible();
  await expect(yourPlan.getByText('Cards: visa ending in 4242')).toBeVisible();
  // Cancelling asks first: keeping the plan changes nothing.
  await yourPlan.getByRole('button', { name: 'Cancel plan' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel your plan?' });
  await expect(cancelDialog).toContainText('no more monthly credits are added');
  await cancelDialog.getByRole('button', { name: 'Keep my plan' }).click();
  await expect(cancelDialog).toBeHidden();
  await expect(yourPlan.getByText(/^Renews on /)).toBeVisible();
  // A subscriber changes the plan they have, after seeing what it charges now and from the next period.
  await page.getByRole('article', { name: 'Pro plan' }).getByRole('button', { name: 'Switch to Pro' }).click();
  const switchDialog = page.getByRole('dialog', { name: 'Switch to Pro?' });
  await expect(switchDialog.getByTestId('switch-due-now')).toHaveText(/^\$\d+(\.\d\d)?$/);
  await expect(switchDialog.getByTestId('switch-next-period')).toHaveText('$79 / month');
  const dueNow = await switchDialog.getByTestId('switch-due-now').innerText();
  await switchDialog.getByRole('button', { name: `Switch and pay ${dueNow}` }).click();
  await expect(switchDialog).toBeHidden();
  await expect(yourPlan.getByText('Pro', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Pro plan' }).getByRole('button', { name: 'Current plan' })).toBeDisabled();
  // The difference for the rest of the period is paid now, and Pro's extra credits arrive with it.
  await expect(creditsPill(page)).toContainText('2,020');
  await expect(history.getByRole('row').filter({ hasText: 'Upgrade to Pro: 1400 credits' })).toBeVisible();

  // Billing → the portal → cancel at the period's end → back in the app, where the plan says when it ends.
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Billing', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Renews on /)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText(/^Cancels on /)).toBeVisible();
  await page.getByRole('link', { name: 'Return to Studio' }).click();
  await expect(page).toHaveURL(/\/app\/discover$/);
  await openPlans(page);
  await expect(page.getByRole('region', { name: 'Your plan' }).getByText(/^Ends on /)).toBeVisible();
  // The plan's end replaces the next credit reset: no more monthly credits come.
  await expect(page.getByText('Plan ends')).toBeVisible();
  await expect(page.getByText('Next credit reset')).toHaveCount(0);
});

test('a top-up adds its credits once; the return page without a session says so', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signUpAndConfirm(page, request, { tag: 'topup' });
  await openPlans(page);
  await page.getByRole('article', { name: 'Starter pack' }).getByRole('button', { name: 'Buy $5' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $5.00' }).click();
  await expect(page.getByRole('heading', { name: '100 credits added' })).toBeVisible();
  await expect(page.getByText(PaymentMessages.creditsAdded)).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/app\/explore$/);
  await expect.poll(() => credits(page)).toBe(120);

  await page.goto('/credits/success');
  await expect(page.getByRole('heading', { name: 'Payment Verification Failed' })).toBeVisible();
  await expect(page.getByText('No session ID found')).toBeVisible();
  // A top-up's failure card continues to Styles (spec 1 §2), a plan's to Content.
  await page.getByRole('button', { name: 'Continue to App' }).click();
  await expect(page).toHaveURL(/\/app\/explore$/);
});

test('Billing without a purchase says there is nothing to manage yet', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'no-billing' });
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Billing', exact: true }).click();
  await expect(page.getByText('No billing information found. Please make a purchase first.')).toBeVisible();
});

test('out of credits, the upgrade dialog buys a plan the same way, and the credits arrive', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { email } = await signUpAndConfirm(page, request, { tag: 'upgrade-dialog' });
  await spendCredits(email, 20);
  await page.goto('/app/images');
  const bar = page.getByRole('form', { name: 'Prompt bar' });
  await bar.getByLabel('Prompt').fill('a green bottle on white marble');
  await bar.getByRole('button', { name: 'Generate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Not enough credits' });
  await expect(
    dialog.getByText('You need 1 more credit to generate images. Please upgrade your plan or purchase more credits.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: /Annual/ }).click();
  await expect(dialog.getByText(/^Save \$/).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Monthly' }).click();
  await dialog.getByRole('article', { name: 'Growth plan' }).getByRole('button', { name: 'Choose Growth' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $29.00' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Growth' })).toBeVisible();
  await expect(page.getByText(PaymentMessages.planActive)).toBeVisible({ timeout: 10_000 });
  // The flag is dropped from the address once said, so a reload does not say it again.
  await expect(page).toHaveURL(/\/app\/explore$/);
  await expect.poll(() => credits(page)).toBe(600);
});
