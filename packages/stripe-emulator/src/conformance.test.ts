/**
 * The emulator answers in the shapes of the API version the installed `stripe` SDK pins: every
 * response and webhook payload of a full SDK-driven flow (catalog, customer, subscription checkout
 * paid with 4242, retrieve with expand, invoices, payment methods, a previewed and prorated plan
 * change, cancel at period end, portal, setup intent, top-up, renewal and failed renewal on the
 * test clock, immediate cancel, Stripe's errors) is validated against JSON schemas generated from
 * the SDK's own types (`test/stripe-schemas.ts`): required fields present, types right,
 * expandable fields as id or object, lists with `has_more` and `url`, no field the version lacks.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv, { type ValidateFunction } from 'ajv';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeSchemas } from '../test/stripe-schemas.ts';
import { startStripeEmulator, type StripeEmulator } from './server.ts';

const SECRET_KEY = 'sk_test_conformance';
const WEBHOOK_SECRET = 'whsec_conformance';

/** Which schema an object answers to, by its `object` (events by their `type`). */
const SCHEMA_OF_OBJECT: Record<string, string> = {
  customer: 'WireCustomer',
  price: 'WirePrice',
  product: 'WireProduct',
  'checkout.session': 'WireCheckoutSession',
  item: 'WireLineItem',
  subscription: 'WireSubscription',
  subscription_item: 'WireSubscriptionItem',
  invoice: 'WireInvoice',
  line_item: 'WireInvoiceLineItem',
  payment_method: 'WirePaymentMethod',
  setup_intent: 'WireSetupIntent',
  'billing_portal.session': 'WireBillingPortalSession',
  invoice_payment: 'WireInvoicePayment',
  refund: 'WireRefund',
};
const SCHEMA_OF_EVENT: Record<string, string> = {
  'customer.created': 'WireCustomerCreatedEvent',
  'checkout.session.completed': 'WireCheckoutSessionCompletedEvent',
  'customer.subscription.created': 'WireCustomerSubscriptionCreatedEvent',
  'customer.subscription.updated': 'WireCustomerSubscriptionUpdatedEvent',
  'customer.subscription.deleted': 'WireCustomerSubscriptionDeletedEvent',
  'invoice.paid': 'WireInvoicePaidEvent',
  'invoice.payment_failed': 'WireInvoicePaymentFailedEvent',
  'checkout.session.expired': 'WireCheckoutSessionExpiredEvent',
  'refund.created': 'WireRefundCreatedEvent',
  'customer.deleted': 'WireCustomerDeletedEvent',
};

interface Captured {
  what: string;
  status: number;
  body: Record<string, unknown>;
}
const responses: Captured[] = [];
const webhooks: Captured[] = [];
let emulator: StripeEmulator;
let receiver: http.Server;
let stripe: Stripe;

/** The SDK's own fetch client, keeping each raw JSON answer as it came over the wire. */
const recordingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  responses.push({
    what: `${init?.method ?? 'GET'} ${url.pathname}${url.search}`,
    status: res.status,
    body: (await res.clone().json()) as Record<string, unknown>,
  });
  return res;
};

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      // A payload is kept only once the SDK has verified its signature, as the bff does.
      stripe.webhooks.constructEvent(raw, String(req.headers['stripe-signature']), WEBHOOK_SECRET);
      const body = JSON.parse(raw.toString()) as Record<string, unknown>;
      webhooks.push({ what: `webhook ${String(body.type)}`, status: 200, body });
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
  stripe = new Stripe(SECRET_KEY, {
    host: '127.0.0.1',
    port: emulator.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient(recordingFetch),
  });
});
afterAll(async () => {
  await emulator?.close();
  await new Promise((r) => receiver?.close(r));
});

const page = (url: string, form?: Record<string, string>) =>
  fetch(url, { method: form ? 'POST' : 'GET', redirect: 'manual', ...(form ? { body: new URLSearchParams(form) } : {}) });
const clock = (subscription: string, action: 'advance' | 'fail-renewal') =>
  fetch(`${emulator.url}/_emulator/subscriptions/${subscription}/${action}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SECRET_KEY}` },
  });

/** Everything the studio does with Stripe, start to end. */
async function fullFlow() {
  const product = await stripe.products.create({ id: 'prod_conformance_growth', name: 'Studio Growth' });
  await stripe.products.retrieve(product.id);
  const proProduct = await stripe.products.create({ name: 'Studio Pro' });
  const packProduct = await stripe.products.create({ name: 'Studio Pack' });
  const growth = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: 2900,
    recurring: { interval: 'month' },
    lookup_key: 'conf_growth_monthly',
  });
  const pro = await stripe.prices.create({ product: proProduct.id, currency: 'usd', unit_amount: 7900, recurring: { interval: 'month' } });
  await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 29000, recurring: { interval: 'year' } });
  const pack = await stripe.prices.create({ product: packProduct.id, currency: 'usd', unit_amount: 500, lookup_key: 'conf_pack' });
  await stripe.prices.list({ lookup_keys: ['conf_growth_monthly', 'conf_pack'], active: true, limit: 10 });
  await stripe.prices.retrieve(growth.id);

  const customer = await stripe.customers.create({ email: 'conformance@example.com', metadata: { userId: 'user-c' } });
  await stripe.customers.retrieve(customer.id);
  await stripe.customers.list({ email: 'conformance@example.com' });

  const checkout = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: growth.id, quantity: 1 }],
    success_url: 'http://studio.test/ok?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://studio.test/canceled',
    metadata: { userId: 'user-c' },
    subscription_data: { metadata: { userId: 'user-c' } },
  });
  expect((await page(`${checkout.url}/pay`, { cardNumber: '4242 4242 4242 4242' })).status).toBe(303);
  const paid = await stripe.checkout.sessions.retrieve(checkout.id, { expand: ['subscription'] });
  await stripe.checkout.sessions.retrieve(checkout.id, { expand: ['line_items'] });
  const subscriptionId = (paid.subscription as Stripe.Subscription).id;

  const invoices = await stripe.invoices.list({ customer: customer.id, limit: 10 });
  await stripe.invoices.retrieve(invoices.data[0]!.id);
  await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
  await stripe.customers.listPaymentMethods(customer.id);

  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const change = {
    items: [{ id: subscription.items.data[0]!.id, price: pro.id }],
    proration_behavior: 'always_invoice' as const,
  };
  await stripe.invoices.createPreview({
    customer: customer.id,
    subscription: subscriptionId,
    subscription_details: change,
  });
  await stripe.subscriptions.update(subscriptionId, { ...change, cancel_at_period_end: false });
  await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
  await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://studio.test/app' });
  await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });

  const topUp = await stripe.checkout.sessions.create({
    mode: 'payment',
    customer: customer.id,
    line_items: [{ price: pack.id, quantity: 1 }],
    success_url: 'http://studio.test/credits?session_id={CHECKOUT_SESSION_ID}',
    metadata: { userId: 'user-c', package_id: 'pack-1' },
  });
  expect((await page(`${topUp.url}/pay`, { cardNumber: '4242424242424242' })).status).toBe(303);
  await stripe.checkout.sessions.retrieve(topUp.id);

  expect((await clock(subscriptionId, 'advance')).status).toBe(200);
  expect((await clock(subscriptionId, 'fail-renewal')).status).toBe(200);
  await stripe.subscriptions.cancel(subscriptionId);
  await stripe.subscriptions.list({ customer: customer.id, status: 'all' });
  // A second checkout left open is expired; the first invoice's payment is refunded.
  const unpaid = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: growth.id, quantity: 1 }],
    success_url: 'http://studio.test/ok?session_id={CHECKOUT_SESSION_ID}',
  });
  await stripe.checkout.sessions.list({ customer: customer.id, status: 'open' });
  await stripe.checkout.sessions.expire(unpaid.id);
  const [payment] = (await stripe.invoicePayments.list({ invoice: paid.invoice as string, status: 'paid' })).data;
  await stripe.refunds.create({ payment_intent: payment!.payment.payment_intent as string });
  const events = await stripe.events.list({ limit: 5 });
  await stripe.events.retrieve(events.data[0]!.id);
  await stripe.customers.del(customer.id);
  await stripe.customers.retrieve(customer.id);

  // Five of Stripe's errors.
  const wrongKey = new Stripe('sk_test_wrong', {
    host: '127.0.0.1',
    port: emulator.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient(recordingFetch),
  });
  await expect(wrongKey.customers.list()).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
  await expect(stripe.prices.retrieve('price_missing')).rejects.toMatchObject({ code: 'resource_missing' });
  await expect(stripe.products.create({ name: '' })).rejects.toMatchObject({ code: 'parameter_missing' });
  await expect(
    stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 1, lookup_key: 'conf_growth_monthly' }),
  ).rejects.toMatchObject({ code: 'lookup_key_exists' });
  await expect(stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })).rejects.toMatchObject({
    type: 'StripeInvalidRequestError',
  });
  await emulator.webhooks.settled();
}

describe('the emulator against the SDK’s own types', () => {
  let validators: Map<string, ValidateFunction>;
  beforeAll(() => {
    const ajv = new Ajv({ strict: false, allErrors: false });
    ajv.addSchema(stripeSchemas(), 'stripe');
    validators = new Map(
      [...Object.values(SCHEMA_OF_OBJECT), ...Object.values(SCHEMA_OF_EVENT), 'WireList', 'WireDeletedCustomer'].map((name) => [
        name,
        ajv.getSchema(`stripe#/definitions/${name}`)!,
      ]),
    );
  }, 60_000);

  it('every response and webhook payload of a full flow is valid at the pinned API version', async () => {
    await fullFlow();
    const failures: string[] = [];
    const seen = new Set<string>();
    const check = (what: string, schema: string | undefined, value: unknown) => {
      if (!schema) return failures.push(`${what}: no schema for this object`);
      seen.add(schema);
      const validate = validators.get(schema)!;
      if (!validate(value))
        failures.push(
          `${what} (${schema}): ${validate.errors!.map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`).join('; ')}`,
        );
    };
    for (const { what, status, body } of [...responses, ...webhooks]) {
      if (status >= 400) {
        const error = body.error as { type?: unknown; message?: unknown } | undefined;
        if (typeof error?.type !== 'string' || typeof error.message !== 'string') failures.push(`${what}: not Stripe's error envelope`);
        continue;
      }
      if (body.object === 'list') {
        check(what, 'WireList', body);
        for (const item of body.data as Record<string, unknown>[]) {
          const type = item.object === 'event' ? SCHEMA_OF_EVENT[String(item.type)] : SCHEMA_OF_OBJECT[String(item.object)];
          check(`${what} ${String(item.id)}`, type, item);
        }
      } else if (body.object === 'event') {
        check(what, SCHEMA_OF_EVENT[String(body.type)], body);
        if (body.api_version !== Stripe.API_VERSION) failures.push(`${what}: api_version ${String(body.api_version)}`);
      } else if (body.deleted === true) check(what, 'WireDeletedCustomer', body);
      else check(what, SCHEMA_OF_OBJECT[String(body.object)], body);
    }
    expect(failures).toEqual([]);
    // The flow reached every object and event the studio handles (a check that ran on nothing proves nothing).
    expect([...seen].sort()).toEqual(
      [
        ...Object.values(SCHEMA_OF_OBJECT).filter((s) => !['WireLineItem', 'WireSubscriptionItem', 'WireInvoiceLineItem'].includes(s)),
        ...Object.values(SCHEMA_OF_EVENT),
        'WireList',
        'WireDeletedCustomer',
      ].sort(),
    );
    expect(webhooks.length).toBeGreaterThanOrEqual(10);
  });

  it('a checkout session carries its line items only when asked to expand them', async () => {
    const sessions = responses.filter((r) => r.body.object === 'checkout.session');
    expect(sessions.length).toBeGreaterThan(0);
    for (const { what, body } of sessions) expect([what, 'line_items' in body]).toEqual([what, what.includes('line_items')]);
    const expanded = sessions.find((r) => r.what.includes('line_items'))!.body.line_items as Record<string, unknown>;
    expect(expanded).toMatchObject({ object: 'list', has_more: false, url: expect.stringMatching(/\/line_items$/) });
    expect(validators.get('WireLineItem')!((expanded.data as unknown[])[0])).toBe(true);
  });
});
