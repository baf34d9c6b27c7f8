import { ApiRoutes, PaymentMessages, PaymentRoutes } from '@studio/contracts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debitCredits } from '../../services/credits/ledger.ts';
import { startTestStudio, type TestStudio, member, balanceOf } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
}, 120_000);
afterAll(() => studio?.stop());

const emulator = () => studio.deps.payments!.emulator!;
const db = () => studio.deps.db;
/** What a person does on the hosted checkout page. */
const pay = (url: string, card = '4242 4242 4242 4242') =>
  fetch(`${url}/pay`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: card }) });
/** Every event the emulator sent about `customer`. */
const eventsOf = (customer: string) =>
  emulator()
    .store.list('event')
    .filter((e) => JSON.stringify((e.data as { object: unknown }).object).includes(customer));
/** The emulator's control endpoints (test clock, resend) take the secret key the studio's SDK uses, as Stripe's API does. */
const control = (path: string) =>
  fetch(`${emulator().url}/_emulator/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator().secretKey}` },
  });
const resend = (id: string) => control(`events/${id}/resend`);
const ledger = (userId: string) =>
  db()('credit_transactions').where({ user_id: userId }).orderBy('created_at').select('transaction_type', 'amount', 'idempotency_key');

describe('subscriptions through Stripe (the local emulator here)', () => {
  it('a plan bought on the checkout page: tier, subscription and the plan’s credits come from the webhook, once, whatever is redelivered', async () => {
    const { user, client } = await member(studio);
    const other = await member(studio);
    const growth = await db()('subscription_plans').where({ plan_tier: 'growth' }).first();
    const started = await client.post(PaymentRoutes.subscriptionCheckout, { planId: growth.id, isAnnual: false, userId: user.id });
    expect(started.status).toBe(200);
    expect(started.body.url).toBe(`${emulator().url}/checkout/${started.body.sessionId}`);
    // The return page alone grants nothing.
    expect(await balanceOf(client)).toBe(20);

    const declined = await pay(started.body.url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    const paid = await pay(started.body.url);
    expect(paid.headers.get('location')).toBe(`${studio.deps.config.appUrl}/subscription/success?session_id=${started.body.sessionId}`);
    await emulator().webhooks.settled();

    const profile = await db()('profiles').where({ id: user.id }).first();
    expect(profile).toMatchObject({ subscription_tier: 'basic', subscription_status: 'active' });
    expect(profile.stripe_customer_id).toMatch(/^cus_/);
    expect(await balanceOf(client)).toBe(20 + 600);
    expect(await db()('user_subscriptions').where({ user_id: user.id })).toMatchObject([
      { status: 'active', plan_id: growth.id, billing_interval: 'month' },
    ]);
    // The period comes from the subscription's item, where the pinned API version keeps it.
    const item = (await studio.deps.payments!.stripe.subscriptions.retrieve(profile.current_subscription_id)).items.data[0]!;
    expect((await client.get(PaymentRoutes.subscriptionStatus)).body.subscription.currentPeriodEnd).toBe(
      new Date(item.current_period_end * 1000).toISOString(),
    );
    expect((await client.get(ApiRoutes.planStatus)).body.needsPlan).toBe(false);

    const verified = await client.get(`${PaymentRoutes.verifySession}?sessionId=${started.body.sessionId}`);
    expect(verified.body.session).toMatchObject({
      payment_status: 'paid',
      amount_total: 2900,
      mode: 'subscription',
      metadata: { plan_id: growth.id },
    });
    expect(verified.body.session.subscription.items.data[0].price.recurring.interval).toBe('month');
    expect((await other.client.get(`${PaymentRoutes.verifySession}?sessionId=${started.body.sessionId}`)).status).toBe(404);
    expect((await client.get(PaymentRoutes.verifySession)).body.error.message).toBe(PaymentMessages.noSessionId);

    // Every event again, three times, newest first: nothing more is granted, the state is the same.
    const events = eventsOf(profile.stripe_customer_id).reverse();
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(new Set(events.map((e) => e.api_version))).toEqual(new Set([Stripe.API_VERSION]));
    for (let i = 0; i < 3; i++) for (const event of events) await resend(event.id);
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(620);
    expect((await ledger(user.id)).filter((r) => r.transaction_type === 'PLAN_MONTHLY_CREDIT')).toHaveLength(1);
    expect(await db()('profiles').where({ id: user.id }).first('subscription_tier')).toEqual({ subscription_tier: 'basic' });

    // The test clock renews it: the next period's credits, once, and the reset date a month on.
    const subscriptionId = profile.current_subscription_id;
    await control(`subscriptions/${subscriptionId}/advance`);
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(1220);
    // The renewal's events (subscription updated, invoice paid) again: the period is granted once.
    for (const event of eventsOf(profile.stripe_customer_id).slice(0, 2)) await resend(event.id);
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(1220);
    const renewed = await db()('profiles').where({ id: user.id }).first('credits_reset_date');
    expect(renewed.credits_reset_date.getTime()).toBeGreaterThan(profile.credits_reset_date?.getTime() ?? 0);

    // Billing portal: cancel at the period's end, then the subscription ends.
    const portal = await client.post(PaymentRoutes.portalSession);
    expect(portal.body.url).toMatch(/\/portal\/bps_/);
    await fetch(`${portal.body.url}/cancel`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ subscription: subscriptionId }),
    });
    await emulator().webhooks.settled();
    expect(await db()('user_subscriptions').where({ stripe_subscription_id: subscriptionId }).first('cancel_at_period_end')).toEqual({
      cancel_at_period_end: true,
    });
    await studio.deps.payments!.stripe.subscriptions.cancel(subscriptionId);
    await emulator().webhooks.settled();
    expect(await db()('profiles').where({ id: user.id }).first('subscription_tier', 'subscription_status')).toEqual({
      subscription_tier: 'free',
      subscription_status: 'canceled',
    });
  });

  it('refuses what the browser may not decide: another user, an unknown plan, a price that is not the plan’s', async () => {
    const { client } = await member(studio);
    const growth = await db()('subscription_plans').where({ plan_tier: 'growth' }).first();
    expect(
      (await client.post(PaymentRoutes.subscriptionCheckout, { planId: growth.id, userId: '00000000-0000-0000-0000-000000000000' })).status,
    ).toBe(403);
    const unknown = await client.post(PaymentRoutes.subscriptionCheckout, { planId: '00000000-0000-0000-0000-000000000000' });
    expect(unknown.body.error.message).toBe(PaymentMessages.invalidPlan);
    const cheaper = await client.post(PaymentRoutes.subscriptionCheckout, { planId: growth.id, priceId: 'price_cheaper' });
    expect(cheaper.status).toBe(400);
    expect(cheaper.body.error.message).toBe(PaymentMessages.priceMismatch);
    const portal = await client.post(PaymentRoutes.portalSession);
    expect(portal.status).toBe(404);
    expect(portal.body.error.message).toBe(PaymentMessages.noBillingInfo);
  });
});

describe('managing a plan through the API', () => {
  it('shows the plan, invoices and card; changes the plan (only to a catalog price) and cancels it now; others get 404', async () => {
    const { user, client } = await member(studio);
    const other = await member(studio);
    const [growth, pro] = await Promise.all(['growth', 'pro'].map((tier) => db()('subscription_plans').where({ plan_tier: tier }).first()));
    // Before a first purchase: no invoices and no cards (empty lists, not errors); another user's are refused.
    expect((await client.get(PaymentRoutes.invoices)).body).toEqual({ success: true, invoices: [] });
    expect((await client.get(PaymentRoutes.paymentMethods)).body).toEqual({ success: true, paymentMethods: [] });
    expect((await client.get(`${PaymentRoutes.invoices}?userId=${other.user.id}`)).status).toBe(403);
    expect((await client.get(`${PaymentRoutes.paymentMethods}?userId=${other.user.id}`)).status).toBe(403);
    expect((await client.get(PaymentRoutes.trialEligibility)).body.eligible).toBe(true);
    const started = await client.post(PaymentRoutes.subscriptionCheckout, { planId: growth.id, isAnnual: true });
    await pay(started.body.url);
    await emulator().webhooks.settled();

    const status = (await client.get(PaymentRoutes.subscriptionStatus)).body.subscription;
    expect(status).toMatchObject({ status: 'active', planName: 'Growth', interval: 'year', cancelAtPeriodEnd: false });
    const invoices = (await client.get(PaymentRoutes.invoices)).body.invoices;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amount: Math.round(growth.annual_price_usd * 100), status: 'paid' });
    expect((await client.get(PaymentRoutes.paymentMethods)).body.paymentMethods).toMatchObject([{ brand: 'visa', last4: '4242' }]);
    expect((await client.get(PaymentRoutes.trialEligibility)).body.eligible).toBe(false);
    // The same card paying again (a top-up) is still one card.
    const pack = await db()('credit_packages').where({ is_active: true }).first();
    await pay((await client.post(PaymentRoutes.topupCheckout, { packageId: pack.id })).body.url);
    await emulator().webhooks.settled();
    expect((await client.get(PaymentRoutes.paymentMethods)).body.paymentMethods).toHaveLength(1);

    expect((await other.client.post(PaymentRoutes.cancelSubscription, { subscriptionId: status.id, immediately: true })).status).toBe(404);
    const foreignPrice = await client.post(PaymentRoutes.updateSubscription, { subscriptionId: status.id, newPriceId: 'price_elsewhere' });
    expect(foreignPrice.body.error.message).toBe(PaymentMessages.priceMismatch);
    expect(
      (await client.post(PaymentRoutes.updateSubscription, { subscriptionId: status.id, newPriceId: pro.stripe_monthly_price_id })).status,
    ).toBe(200);
    expect((await client.get(PaymentRoutes.subscriptionStatus)).body.subscription).toMatchObject({ planName: 'Pro', interval: 'month' });
    expect((await db()('profiles').where({ id: user.id }).first()).subscription_tier).toBe('pro');
    // A second subscription is refused: a subscriber changes the one they have.
    const second = await client.post(PaymentRoutes.subscriptionCheckout, { planId: growth.id });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(PaymentMessages.alreadySubscribed);
    // A new interval starts a new period now, charged in full less the unused year, and its credits are granted.
    await emulator().webhooks.settled();
    // A new interval is a plan change like any other: Pro's monthly credits less the Growth credits this period already had.
    expect(await balanceOf(client)).toBe(20 + 600 + pack.credits + 1400);
    // The unused year is worth more than a month of Pro: nothing is charged (it stays on the customer's balance).
    const [change] = (await client.get(PaymentRoutes.invoices)).body.invoices;
    expect(change).toMatchObject({ amount: 0, status: 'paid' });

    // A renewal whose card is declined: past due, no credits for it, the user told on the plans page.
    const before = await balanceOf(client);
    await control(`subscriptions/${status.id}/fail-renewal`);
    await emulator().webhooks.settled();
    expect((await client.get(PaymentRoutes.subscriptionStatus)).body.subscription).toMatchObject({ status: 'past_due' });
    expect(await db()('profiles').where({ id: user.id }).first('subscription_status')).toEqual({ subscription_status: 'past_due' });
    expect(await balanceOf(client)).toBe(before);

    expect((await client.post(PaymentRoutes.cancelSubscription, { subscriptionId: status.id, immediately: true })).status).toBe(200);
    expect((await client.get(PaymentRoutes.subscriptionStatus)).body.subscription).toBeNull();
    await emulator().webhooks.settled();
    expect((await db()('profiles').where({ id: user.id }).first()).subscription_tier).toBe('free');
  });
});

describe('a plan changed mid-period', () => {
  it('an upgrade pays the remaining time’s difference now and grants the difference in credits once; a downgrade grants nothing', async () => {
    const { user, client } = await member(studio);
    const [growth, pro] = await Promise.all(['growth', 'pro'].map((tier) => db()('subscription_plans').where({ plan_tier: tier }).first()));
    await pay((await client.post(PaymentRoutes.subscriptionCheckout, { planId: growth.id })).body.url);
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(620);
    const status = (await client.get(PaymentRoutes.subscriptionStatus)).body.subscription;
    const subscriptionId = status.id;

    // The switch's confirmation first: what it charges now and from the next period, changing nothing.
    const preview = await client.post(PaymentRoutes.previewSubscriptionChange, { subscriptionId, newPriceId: pro.stripe_monthly_price_id });
    expect(preview.status).toBe(200);
    expect(preview.body.preview).toEqual({
      amountDueNow: Math.round((pro.monthly_price_usd - growth.monthly_price_usd) * 100),
      currency: 'usd',
      nextPeriodAmount: Math.round(pro.monthly_price_usd * 100),
      interval: 'month',
      nextPeriodStart: status.currentPeriodEnd,
    });
    const annual = await client.post(PaymentRoutes.previewSubscriptionChange, { subscriptionId, newPriceId: pro.stripe_annual_price_id });
    expect(annual.body.preview).toMatchObject({
      amountDueNow: Math.round((pro.annual_price_usd - growth.monthly_price_usd) * 100),
      nextPeriodAmount: Math.round(pro.annual_price_usd * 100),
      interval: 'year',
    });
    expect(new Date(annual.body.preview.nextPeriodStart).getTime()).toBeGreaterThan(new Date(status.currentPeriodEnd).getTime());
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(620);
    expect((await client.get(PaymentRoutes.invoices)).body.invoices).toHaveLength(1);
    expect((await db()('profiles').where({ id: user.id }).first()).subscription_tier).toBe('basic');
    const other = await member(studio);
    expect(
      (await other.client.post(PaymentRoutes.previewSubscriptionChange, { subscriptionId, newPriceId: pro.stripe_monthly_price_id }))
        .status,
    ).toBe(404);
    const foreign = await client.post(PaymentRoutes.previewSubscriptionChange, { subscriptionId, newPriceId: 'price_elsewhere' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toBe(PaymentMessages.priceMismatch);

    await client.post(PaymentRoutes.updateSubscription, { subscriptionId, newPriceId: pro.stripe_monthly_price_id });
    // The upgrade's credits are there when the switch answers (the app reads the balance next), not only after its webhook.
    expect(await balanceOf(client)).toBe(620 + 2000 - 600);
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(620 + 2000 - 600);
    const invoices = (await client.get(PaymentRoutes.invoices)).body.invoices;
    expect(invoices).toHaveLength(2);
    // The whole period remains: the difference of the two monthly prices, to the cent.
    expect(invoices.map((i: { amount: number }) => i.amount).sort((a: number, b: number) => a - b)).toEqual([
      Math.round(growth.monthly_price_usd * 100),
      Math.round((pro.monthly_price_usd - growth.monthly_price_usd) * 100),
    ]);
    const customer = (await db()('profiles').where({ id: user.id }).first()).stripe_customer_id;
    for (const event of eventsOf(customer).reverse()) await resend(event.id);
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(2020);
    expect((await ledger(user.id)).filter((r) => r.transaction_type === 'PLAN_MONTHLY_CREDIT')).toMatchObject([
      { amount: 600 },
      { amount: 1400, idempotency_key: expect.stringMatching(new RegExp(`^plan-change:${subscriptionId}:`)) },
    ]);

    await client.post(PaymentRoutes.updateSubscription, { subscriptionId, newPriceId: growth.stripe_monthly_price_id });
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(2020);
    expect((await db()('profiles').where({ id: user.id }).first()).subscription_tier).toBe('basic');
  });
});

describe('switching plans back and forth within a period', () => {
  it('Growth → Pro → Growth → Pro grants Pro’s extra credits once; switching intervals grants nothing more', async () => {
    const { user, client } = await member(studio);
    const [growth, pro] = await Promise.all(['growth', 'pro'].map((tier) => db()('subscription_plans').where({ plan_tier: tier }).first()));
    await pay((await client.post(PaymentRoutes.subscriptionCheckout, { planId: growth.id })).body.url);
    await emulator().webhooks.settled();
    const { id: subscriptionId } = (await client.get(PaymentRoutes.subscriptionStatus)).body.subscription;
    const switchTo = async (price: string) => {
      expect((await client.post(PaymentRoutes.updateSubscription, { subscriptionId, newPriceId: price })).status).toBe(200);
      await emulator().webhooks.settled();
      return balanceOf(client);
    };
    expect(await balanceOf(client)).toBe(620);
    expect(await switchTo(pro.stripe_monthly_price_id)).toBe(2020);
    expect(await switchTo(growth.stripe_monthly_price_id)).toBe(2020);
    expect(await switchTo(pro.stripe_monthly_price_id)).toBe(2020);
    // A new interval starts a new billing period at Stripe, but not a new credit period.
    expect(await switchTo(growth.stripe_annual_price_id)).toBe(2020);
    expect(await switchTo(pro.stripe_monthly_price_id)).toBe(2020);
    expect(await switchTo(pro.stripe_annual_price_id)).toBe(2020);
    expect((await db()('profiles').where({ id: user.id }).first()).subscription_tier).toBe('pro');

    const customer = (await db()('profiles').where({ id: user.id }).first()).stripe_customer_id;
    for (const event of eventsOf(customer).reverse()) await resend(event.id);
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(2020);
    expect((await ledger(user.id)).filter((r) => r.transaction_type === 'PLAN_MONTHLY_CREDIT').map((r) => r.amount)).toEqual([600, 1400]);
  });
});

describe('two subscription checkouts opened before paying', () => {
  it('one subscription stays; one paid as well is cancelled and refunded, its credits never granted; one left open is expired', async () => {
    const { user, client } = await member(studio);
    const growth = await db()('subscription_plans').where({ plan_tier: 'growth' }).first();
    const open = async () => (await client.post(PaymentRoutes.subscriptionCheckout, { planId: growth.id })).body;
    const [first, second, third] = [await open(), await open(), await open()];
    // Both paid before Stripe's events about either reach the studio.
    const endpoint = `${studio.url}${PaymentRoutes.webhook}`;
    emulator().webhooks.setUrl('');
    try {
      expect((await pay(first.url)).status).toBe(303);
      expect((await pay(second.url)).status).toBe(303);
    } finally {
      emulator().webhooks.setUrl(endpoint);
    }
    const customer = (await db()('profiles').where({ id: user.id }).first()).stripe_customer_id;
    for (const event of eventsOf(customer).reverse()) await resend(event.id);
    await emulator().webhooks.settled();

    const rows = await db()('user_subscriptions').where({ user_id: user.id }).orderBy('status');
    expect(rows.map((r) => r.status)).toEqual(['active', 'canceled']);
    const [kept, duplicate] = rows.map((r) => r.stripe_subscription_id);
    expect((await client.get(PaymentRoutes.subscriptionStatus)).body.subscription).toMatchObject({ id: kept, status: 'active' });
    expect(await db()('profiles').where({ id: user.id }).first('subscription_tier', 'current_subscription_id')).toEqual({
      subscription_tier: 'basic',
      current_subscription_id: kept,
    });
    const stripe = studio.deps.payments!.stripe;
    expect((await stripe.subscriptions.retrieve(duplicate)).status).toBe('canceled');
    const refunded = async (subscription: string) => {
      const invoice = (await stripe.subscriptions.retrieve(subscription)).latest_invoice as string;
      const [payment] = (await stripe.invoicePayments.list({ invoice })).data;
      return emulator()
        .store.list('refund', (r) => r.payment_intent === payment!.payment.payment_intent)
        .reduce((sum, r) => sum + Number(r.amount), 0);
    };
    expect(await refunded(duplicate)).toBe(2900);
    expect(await refunded(kept)).toBe(0);
    expect((await stripe.checkout.sessions.retrieve(third.sessionId)).status).toBe('expired');
    expect((await pay(third.url)).status).not.toBe(303);
    expect(await balanceOf(client)).toBe(20 + 600);

    // Everything again: still one plan, one refund, credits once.
    for (const event of eventsOf(customer).reverse()) await resend(event.id);
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(620);
    expect(await refunded(duplicate)).toBe(2900);
    expect(await db()('user_subscriptions').where({ user_id: user.id, status: 'active' })).toHaveLength(1);
    expect(first.sessionId).not.toBe(second.sessionId);
  });
});

describe('top-ups', () => {
  it('grants the package’s credits once, from the catalog; a tampered amount is refused', async () => {
    const { user, client } = await member(studio);
    const pack = await db()('credit_packages').where({ credits: 100 }).first();
    const tampered = await client.post(PaymentRoutes.topupCheckout, { packageId: pack.id, credits: 100000 });
    expect(tampered.body.error.message).toBe(PaymentMessages.packageMismatch);
    const started = await client.post(PaymentRoutes.topupCheckout, { packageId: pack.id, credits: 100, priceUsd: 5 });
    expect(started.status).toBe(200);
    await pay(started.body.url);
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(120);
    const customer = (await db()('profiles').where({ id: user.id }).first()).stripe_customer_id;
    for (const event of eventsOf(customer)) await resend(event.id);
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(120);
    const verified = await client.get(`${PaymentRoutes.verifySession}?sessionId=${started.body.sessionId}`);
    expect(verified.body.session).toMatchObject({ mode: 'payment', amount_total: 500, metadata: { credits: '100' } });
  });
});

describe('the webhook', () => {
  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const body = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } });
    const forged = await fetch(new URL(PaymentRoutes.webhook, studio.url), {
      method: 'POST',
      body,
      headers: { 'stripe-signature': 't=1,v1=00' },
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { message: string } }).error.message).toBe(PaymentMessages.webhookSignature);
    expect((await fetch(new URL(PaymentRoutes.webhook, studio.url), { method: 'POST', body })).status).toBe(400);
    expect(await db()('payment_events').where({ id: 'evt_forged' }).first()).toBeUndefined();
  });
});

describe('credits on a tier change (spec 1 §9)', () => {
  it('the new tier’s credits are a floor: after an upgrade’s own grant, and on a downgrade; once each, with its reason', async () => {
    const { user, client } = await member(studio);
    const [growth, pro] = await Promise.all(['growth', 'pro'].map((tier) => db()('subscription_plans').where({ plan_tier: tier }).first()));
    await pay((await client.post(PaymentRoutes.subscriptionCheckout, { planId: growth.id })).body.url);
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(20 + 600);
    const { id: subscriptionId } = (await client.get(PaymentRoutes.subscriptionStatus)).body.subscription;
    const spendDownTo = async (left: number) =>
      debitCredits(db(), {
        userId: user.id,
        credits: (await balanceOf(client)) - left,
        description: 'test spend',
        idempotencyKey: `spend:${user.id}:${left}`,
      });

    // Growth → Pro with 10 left: the upgrade grants its 1,400, and pro's 2,000 are the floor after it.
    await spendDownTo(10);
    await client.post(PaymentRoutes.updateSubscription, { subscriptionId, newPriceId: pro.stripe_monthly_price_id });
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(2000);
    // Pro → Growth with 50 left: no paid grant comes with a downgrade, so basic's 500 are its floor.
    await spendDownTo(50);
    await client.post(PaymentRoutes.updateSubscription, { subscriptionId, newPriceId: growth.stripe_monthly_price_id });
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(500);
    // The plan ends with 500 left: above the free tier's 100, nothing changes (credits are never taken).
    await client.post(PaymentRoutes.cancelSubscription, { subscriptionId, immediately: true });
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(500);
    const tierRows = (await ledger(user.id)).filter((r) => r.transaction_type === 'TIER_CHANGE');
    expect(tierRows).toEqual([
      { transaction_type: 'TIER_CHANGE', amount: 590, idempotency_key: expect.stringMatching(/^tier-change:sub_\w+:pro:\d{4}-/) },
      { transaction_type: 'TIER_CHANGE', amount: 450, idempotency_key: expect.stringMatching(/^tier-change:sub_\w+:basic:/) },
    ]);
    const history = (await client.get(ApiRoutes.creditHistory)).body.transactions as { transaction_type: string; description: string }[];
    expect(history.filter((t) => t.transaction_type === 'TIER_CHANGE').map((t) => t.description)).toEqual([
      'Plan changed to basic: balance raised to 500 credits',
      'Plan changed to pro: balance raised to 2000 credits',
    ]);

    // Every event again, in reverse: nothing is granted twice.
    const customer = (await db()('profiles').where({ id: user.id }).first()).stripe_customer_id;
    for (const event of eventsOf(customer).reverse()) await resend(event.id);
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(500);
  });

  it('a plan that ends with few credits left leaves the free tier’s 100', async () => {
    const { user, client } = await member(studio);
    const growth = await db()('subscription_plans').where({ plan_tier: 'growth' }).first();
    await pay((await client.post(PaymentRoutes.subscriptionCheckout, { planId: growth.id })).body.url);
    await emulator().webhooks.settled();
    await debitCredits(db(), { userId: user.id, credits: 615, description: 'test spend', idempotencyKey: `spend:${user.id}` });
    const { id: subscriptionId } = (await client.get(PaymentRoutes.subscriptionStatus)).body.subscription;
    await client.post(PaymentRoutes.cancelSubscription, { subscriptionId, immediately: true });
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(100);
    expect((await db()('profiles').where({ id: user.id }).first()).subscription_tier).toBe('free');
  });
});
