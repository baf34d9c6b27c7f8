/**
 * The emulator's state on disk: a restart (a new port, a new key) still knows every customer,
 * price, subscription and invoice, answers a retried create as before, and moves its page URLs to
 * its new address; the file is replaced whole, and one it cannot read stops the start.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStripeEmulator, type StripeEmulator } from './server.ts';

let dir: string;
let stateFile: string;
const running: StripeEmulator[] = [];

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stripe-emulator-state-'));
  stateFile = path.join(dir, 'stripe-emulator', 'state.json');
});
afterEach(async () => {
  for (const emulator of running.splice(0)) await emulator.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** An emulator on `stateFile` with a key of its own (the studio makes a new one each start), and the SDK pointed at it. */
async function start(secretKey: string) {
  const emulator = await startStripeEmulator({ secretKey, webhookSecret: 'whsec_state', stateFile });
  running.push(emulator);
  return { emulator, stripe: new Stripe(secretKey, { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0 }) };
}
const stop = async (emulator: StripeEmulator) => {
  running.splice(running.indexOf(emulator), 1);
  await emulator.close();
};

describe('the Stripe emulator’s state file', () => {
  it('a restart knows the customers, prices, subscriptions and invoices made before it, and retried creates answer as before', async () => {
    const first = await start('sk_test_first');
    const product = await first.stripe.products.create({ name: 'Growth' });
    const price = await first.stripe.prices.create({
      product: product.id,
      unit_amount: 2900,
      currency: 'usd',
      recurring: { interval: 'month' },
      lookup_key: 'growth_monthly',
    });
    const customer = await first.stripe.customers.create({ email: 'kept@example.com' }, { idempotencyKey: 'customer:kept' });
    const session = await first.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://studio.test/subscription/success',
      subscription_data: { metadata: { userId: 'user-kept' } },
    });
    const open = await first.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://studio.test/subscription/success',
    });
    const paid = await fetch(`${session.url}/pay`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ cardNumber: '4242424242424242' }),
    });
    expect(paid.status).toBe(303);
    const oldUrl = first.emulator.url;
    await stop(first.emulator);

    const second = await start('sk_test_second');
    expect(second.emulator.url).not.toBe(oldUrl);
    expect(await second.stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, email: 'kept@example.com' });
    expect((await second.stripe.prices.list({ lookup_keys: ['growth_monthly'] })).data.map((p) => p.id)).toEqual([price.id]);
    const [subscription] = (await second.stripe.subscriptions.list({ customer: customer.id })).data;
    expect(subscription).toMatchObject({ status: 'active', metadata: { userId: 'user-kept' } });
    const [invoice] = (await second.stripe.invoices.list({ customer: customer.id })).data;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 2900 });
    // The pages are at this start's address; the lines a session was sold with are still its lines.
    expect(invoice!.hosted_invoice_url).toBe(`${second.emulator.url}/invoices/${invoice!.id}`);
    const reopened = await second.stripe.checkout.sessions.retrieve(open.id, { expand: ['line_items'] });
    expect(reopened.url).toBe(`${second.emulator.url}/checkout/${open.id}`);
    expect(reopened.line_items!.data.map((l) => l.price!.id)).toEqual([price.id]);
    expect((await fetch(reopened.url!)).status).toBe(200);
    // The same idempotency key answers the customer it made before the restart.
    expect((await second.stripe.customers.create({ email: 'kept@example.com' }, { idempotencyKey: 'customer:kept' })).id).toBe(customer.id);
    // And the test clock renews what was bought before.
    const advanced = await fetch(`${second.emulator.url}/_emulator/subscriptions/${subscription!.id}/advance`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_second' },
    });
    expect(advanced.status).toBe(200);
  });

  it('a change is on disk once it is answered, and concurrent changes are all kept', async () => {
    const { emulator, stripe } = await start('sk_test_disk');
    const customers = await Promise.all(Array.from({ length: 20 }, (_, i) => stripe.customers.create({ email: `c${i}@example.com` })));
    const onDisk = JSON.parse(await fs.readFile(stateFile, 'utf8')) as { objects: { id: string }[] };
    expect(onDisk.objects.map((o) => o.id)).toEqual(expect.arrayContaining(customers.map((c) => c.id)));
    // Replaced whole: no temporary file is left beside it.
    expect(await fs.readdir(path.dirname(stateFile))).toEqual(['state.json']);
    await stripe.customers.del(customers[0]!.id);
    await stop(emulator);
    const again = await start('sk_test_disk');
    expect(await again.stripe.customers.retrieve(customers[0]!.id)).toMatchObject({ deleted: true });
    expect((await again.stripe.customers.list({ limit: 100 })).data).toHaveLength(19);
  });

  it('a file it cannot read stops the start instead of starting empty', async () => {
    await fs.mkdir(path.dirname(stateFile), { recursive: true });
    await fs.writeFile(stateFile, '{"version":1,"objects":[{"id":');
    await expect(startStripeEmulator({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', stateFile })).rejects.toThrow(stateFile);
  });

  it('without a state file nothing is written', async () => {
    const emulator = await startStripeEmulator({ secretKey: 'sk_test_memory', webhookSecret: 'whsec_memory' });
    running.push(emulator);
    const stripe = new Stripe('sk_test_memory', { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0 });
    await stripe.customers.create({ email: 'memory@example.com' });
    await expect(fs.access(path.dirname(stateFile))).rejects.toThrow();
  });
});
