/**
 * The emulator through the official `stripe` SDK, unchanged but for where it points: prices by
 * lookup key, idempotent creates, a subscription bought on the hosted checkout page (a declined
 * card first), webhooks signed as Stripe signs them and retried, the portal, the test clock.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeEmulator, type StripeEmulator } from './server.ts';

const SECRET_KEY = 'sk_test_emulator';
const WEBHOOK_SECRET = 'whsec_emulator';
let emulator: StripeEmulator;
let receiver: http.Server;
let stripe: Stripe;
const received: Stripe.Event[] = [];
let refuseNext = 0;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (refuseNext > 0) {
        refuseNext--;
        res.writeHead(500).end();
        return;
      }
      // Verified exactly as the bff will: the raw body, the header, the secret.
      received.push(stripe.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), WEBHOOK_SECRET));
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  emulator = await startStripeEmulator({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`,
    webhookRetryDelayMs: 20,
  });
  stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(async () => {
  await emulator?.close();
  await new Promise((r) => receiver?.close(r));
});

const page = (url: string, form?: Record<string, string>) =>
  fetch(url, { method: form ? 'POST' : 'GET', redirect: 'manual', ...(form ? { body: new URLSearchParams(form) } : {}) });

describe('the Stripe emulator, through the SDK', () => {
  it('keeps prices by lookup key and answers creates once per idempotency key; lists page', async () => {
    const product = await stripe.products.create({ name: 'Growth' });
    const price = await stripe.prices.create({
      product: product.id,
      unit_amount: 2900,
      currency: 'usd',
      recurring: { interval: 'month' },
      lookup_key: 'growth_monthly',
    });
    expect(price).toMatchObject({ object: 'price', livemode: false, lookup_key: 'growth_monthly', type: 'recurring' });
    expect(price.id).toMatch(/^price_/);
    const found = await stripe.prices.list({ lookup_keys: ['growth_monthly'] });
    expect(found.data.map((p) => p.id)).toEqual([price.id]);
    await expect(
      stripe.prices.create({ product: product.id, unit_amount: 1, currency: 'usd', lookup_key: 'growth_monthly' }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'lookup_key_exists',
    });

    const a = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'customer-a' });
    const b = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'customer-a' });
    expect(b.id).toBe(a.id);
    expect(a.id).toMatch(/^cus_/);
    for (let i = 0; i < 3; i++) await stripe.customers.create({ email: `list${i}@example.com` });
    const first = await stripe.customers.list({ limit: 2 });
    expect(first.has_more).toBe(true);
    const next = await stripe.customers.list({ limit: 2, starting_after: first.data[1]!.id });
    expect(next.data[0]!.id).not.toBe(first.data[1]!.id);
  });

  it('refuses a wrong key and unknown objects with Stripe’s errors', async () => {
    const wrong = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(wrong.customers.list()).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    await expect(stripe.prices.retrieve('price_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    // A customer deleted (in the dashboard) is no longer known: its invoices, cards and new setup intents are refused.
    const gone = await stripe.customers.create({ email: 'gone@example.com' });
    await stripe.customers.del(gone.id);
    const noSuchCustomer = { code: 'resource_missing', param: 'customer', statusCode: 404 };
    await expect(stripe.invoices.list({ customer: gone.id })).rejects.toMatchObject(noSuchCustomer);
    await expect(stripe.paymentMethods.list({ customer: gone.id, type: 'card' })).rejects.toMatchObject(noSuchCustomer);
    await expect(stripe.setupIntents.create({ customer: gone.id })).rejects.toMatchObject(noSuchCustomer);
    await expect(stripe.invoices.list({ customer: 'cus_nope' })).rejects.toMatchObject(noSuchCustomer);
  });

  it('sells a subscription on the hosted page: a declined card says so, 4242 pays, signed webhooks follow (retried until taken)', async () => {
    const product = await stripe.products.create({ name: 'Starter' });
    const price = await stripe.prices.create({
      product: product.id,
      unit_amount: 900,
      currency: 'usd',
      recurring: { interval: 'month' },
      lookup_key: 'starter_monthly',
    });
    const customer = await stripe.customers.create({ email: 'buyer@example.com', metadata: { userId: 'user-1' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://studio.test/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://studio.test/subscription/canceled',
      metadata: { userId: 'user-1', tier: 'basic' },
      subscription_data: { metadata: { userId: 'user-1' } },
    });
    expect(session.url).toBe(`${emulator.url}/checkout/${session.id}`);
    expect(await (await page(session.url!)).text()).toContain('Pay $9.00');

    const declined = await page(`${session.url}/pay`, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');

    refuseNext = 1;
    const paid = await page(`${session.url}/pay`, { cardNumber: '4242 4242 4242 4242' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://studio.test/subscription/success?session_id=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', metadata: { tier: 'basic' } });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({ status: 'active', metadata: { userId: 'user-1' }, cancel_at_period_end: false });

    await emulator.webhooks.settled();
    const types = received.filter((e) => JSON.stringify(e.data.object).includes(customer.id)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']));
    // The first delivery was refused: it came again.
    expect(emulator.webhooks.deliveries.some((d) => d.status === 500)).toBe(true);

    const cards = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(cards.data[0]!.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const invoices = await stripe.invoices.list({ customer: customer.id, limit: 10 });
    expect(invoices.data[0]).toMatchObject({ status: 'paid', amount_paid: 900, billing_reason: 'subscription_create' });
  });

  it('the portal cancels at period end; the test clock renews a plan with a paid invoice', async () => {
    const product = await stripe.products.create({ name: 'Pro' });
    const price = await stripe.prices.create({ product: product.id, unit_amount: 7900, currency: 'usd', recurring: { interval: 'month' } });
    const customer = await stripe.customers.create({ email: 'pro@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://studio.test/ok?session_id={CHECKOUT_SESSION_ID}',
    });
    await page(`${session.url}/pay`, { cardNumber: '4242424242424242' });
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const before = await stripe.subscriptions.retrieve(subscriptionId);

    const renewed = await fetch(`${emulator.url}/_emulator/subscriptions/${subscriptionId}/advance`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    expect(renewed.status).toBe(200);
    const after = await stripe.subscriptions.retrieve(subscriptionId);
    expect(after.latest_invoice).not.toBe(before.latest_invoice);
    const latest = await stripe.invoices.retrieve(after.latest_invoice as string);
    expect(latest).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', amount_paid: 7900 });

    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://studio.test/app' });
    const html = await (await page(portal.url)).text();
    expect(html).toContain('Pro');
    expect(html).toContain('Return to Studio');
    await page(`${portal.url}/cancel`, { subscription: subscriptionId });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
    await stripe.subscriptions.cancel(subscriptionId);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    await emulator.webhooks.settled();
    expect(received.some((e) => e.type === 'customer.subscription.deleted')).toBe(true);
  });

  it('the test clock takes the secret key like the API; a portal session acts only on its own customer’s subscriptions', async () => {
    const product = await stripe.products.create({ name: 'Growth' });
    const price = await stripe.prices.create({ product: product.id, unit_amount: 2900, currency: 'usd', recurring: { interval: 'month' } });
    const subscribe = async (email: string) => {
      const customer = await stripe.customers.create({ email });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: 'http://studio.test/ok',
      });
      await page(`${session.url}/pay`, { cardNumber: '4242424242424242' });
      return { customer: customer.id, subscription: (await stripe.checkout.sessions.retrieve(session.id)).subscription as string };
    };
    const mine = await subscribe('mine@example.com');
    const theirs = await subscribe('theirs@example.com');

    const advance = `${emulator.url}/_emulator/subscriptions/${mine.subscription}/advance`;
    expect((await fetch(advance, { method: 'POST' })).status).toBe(401);
    expect((await fetch(advance, { method: 'POST', headers: { authorization: 'Bearer sk_test_wrong' } })).status).toBe(401);
    const basic = `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`;
    expect((await fetch(advance, { method: 'POST', headers: { authorization: basic } })).status).toBe(200);

    const portal = await stripe.billingPortal.sessions.create({ customer: mine.customer });
    expect((await page(`${portal.url}/cancel`, { subscription: theirs.subscription })).status).toBe(404);
    expect((await stripe.subscriptions.retrieve(theirs.subscription)).cancel_at_period_end).toBe(false);
    expect((await page(`${portal.url}/cancel`, { subscription: mine.subscription })).status).toBe(303);
    expect((await stripe.subscriptions.retrieve(mine.subscription)).cancel_at_period_end).toBe(true);
  });

  it('expires open checkout sessions, refunds an invoice’s payment once, and deletes a customer with its subscriptions', async () => {
    const product = await stripe.products.create({ name: 'Pro' });
    const price = await stripe.prices.create({ product: product.id, unit_amount: 7900, currency: 'usd', recurring: { interval: 'month' } });
    const customer = await stripe.customers.create({ email: 'twice@example.com' });
    const open = () =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: 'http://studio.test/ok',
      });
    const [first, second] = [await open(), await open()];
    await page(`${first.url}/pay`, { cardNumber: '4242424242424242' });
    const stillOpen = await stripe.checkout.sessions.list({ customer: customer.id, status: 'open' });
    expect(stillOpen.data.map((s) => s.id)).toEqual([second.id]);
    expect(await stripe.checkout.sessions.expire(second.id)).toMatchObject({ status: 'expired', url: null });
    expect((await page(`${second.url}/pay`, { cardNumber: '4242424242424242' })).status).not.toBe(303);
    await expect(stripe.checkout.sessions.expire(second.id)).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });

    const subscription = await stripe.subscriptions.retrieve((await stripe.checkout.sessions.retrieve(first.id)).subscription as string);
    const payments = await stripe.invoicePayments.list({ invoice: subscription.latest_invoice as string, status: 'paid' });
    expect(payments.data).toHaveLength(1);
    const intent = payments.data[0]!.payment.payment_intent as string;
    expect(await stripe.refunds.create({ payment_intent: intent })).toMatchObject({
      amount: 7900,
      status: 'succeeded',
      payment_intent: intent,
    });
    await expect(stripe.refunds.create({ payment_intent: intent })).rejects.toMatchObject({ code: 'charge_already_refunded' });

    expect(await stripe.customers.del(customer.id)).toEqual({ id: customer.id, object: 'customer', deleted: true });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ deleted: true });
    expect((await stripe.customers.list({ email: 'twice@example.com' })).data).toEqual([]);
    await emulator.webhooks.settled();
    expect(received.filter((e) => e.type === 'customer.deleted').map((e) => (e.data.object as { id: string }).id)).toContain(customer.id);
  });
});
