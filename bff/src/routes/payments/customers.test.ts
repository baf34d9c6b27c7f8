/**
 * A paying user's customer at Stripe stays theirs: the local emulator's customers outlive a restart
 * of the studio (as the database that names them does), and a stored customer Stripe no longer
 * knows (deleted in its dashboard) is replaced once, so checkout, the portal and adding a card keep
 * working, and its invoices and cards read as none meanwhile.
 */
import { PaymentRoutes } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, member, startTestStudio, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
}, 120_000);
afterAll(() => studio?.stop());

const emulator = () => studio.deps.payments!.emulator!;
const db = () => studio.deps.db;
/** What a person does on the hosted checkout page. */
const pay = (url: string) =>
  fetch(`${url}/pay`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242' }) });
const storedCustomer = async (userId: string) => (await db()('profiles').where({ id: userId }).first()).stripe_customer_id as string;
const packOf100 = async () => (await db()('credit_packages').where({ credits: 100 }).first()).id as string;
/** The customer deleted in Stripe's dashboard. */
async function deleteAtStripe(customer: string) {
  const removal = await fetch(`${emulator().url}/v1/customers/${customer}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${emulator().secretKey}` },
  });
  expect(removal.status).toBe(200);
}
const customersOf = (userId: string) =>
  emulator()
    .store.list('customer', (c) => (c.metadata as { userId?: string }).userId === userId)
    .map((c) => c.id);

/** A top-up of 100 credits bought on the checkout page; answers the checkout's status. */
async function buyTopUp(client: Awaited<ReturnType<typeof member>>['client']) {
  const started = await client.post(PaymentRoutes.topupCheckout, { packageId: await packOf100() });
  if (started.status !== 200) return started.status;
  expect((await pay(started.body.url)).status).toBe(303);
  await emulator().webhooks.settled();
  return started.status;
}

describe('a customer at Stripe', () => {
  it('outlives a restart: a top-up after it is bought by the same customer, with the card kept', async () => {
    const { user, client } = await member(studio);
    expect(await buyTopUp(client)).toBe(200);
    expect(await balanceOf(client)).toBe(120);
    const customer = await storedCustomer(user.id);
    const emulatorUrl = emulator().url;

    studio = await studio.restart();
    expect(emulator().url).not.toBe(emulatorUrl);

    const started = await client.post(PaymentRoutes.topupCheckout, { packageId: await packOf100() });
    expect(started.status).toBe(200);
    expect(started.body.url).toBe(`${emulator().url}/checkout/${started.body.sessionId}`);
    expect((await pay(started.body.url)).status).toBe(303);
    await emulator().webhooks.settled();
    expect(await balanceOf(client)).toBe(220);
    // The same customer, not a replacement: the card paid with before the restart is still on file.
    expect(await storedCustomer(user.id)).toBe(customer);
    expect((await client.get(PaymentRoutes.paymentMethods)).body.paymentMethods).toMatchObject([{ last4: '4242' }]);
    const portal = await client.post(PaymentRoutes.portalSession);
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${emulator().url}/portal/bps_`));
  }, 120_000);

  it('deleted at Stripe is replaced once: checkout (plan and top-up) and the portal work, with one new customer stored', async () => {
    const { user, client } = await member(studio);
    expect(await buyTopUp(client)).toBe(200);
    const deleted = await storedCustomer(user.id);
    await deleteAtStripe(deleted);

    const growth = await db()('subscription_plans').where({ plan_tier: 'growth' }).first();
    const plan = await client.post(PaymentRoutes.subscriptionCheckout, { planId: growth.id, isAnnual: false });
    expect(plan.status).toBe(200);
    const replacement = await storedCustomer(user.id);
    expect(replacement).toMatch(/^cus_/);
    expect(replacement).not.toBe(deleted);
    expect(emulator().store.get(plan.body.sessionId)?.customer).toBe(replacement);

    const portal = await client.post(PaymentRoutes.portalSession);
    expect(portal.status).toBe(200);
    expect(emulator().store.get(portal.body.url.split('/').pop())?.customer).toBe(replacement);
    expect(await buyTopUp(client)).toBe(200);
    expect(await balanceOf(client)).toBe(220);

    // One replacement, kept: the later calls used it rather than making more.
    expect(await storedCustomer(user.id)).toBe(replacement);
    expect(customersOf(user.id)).toEqual([replacement]);
  }, 120_000);

  it('deleted at Stripe: invoices and saved cards read as none, and adding a card replaces it once', async () => {
    const { user, client } = await member(studio);
    expect(await buyTopUp(client)).toBe(200);
    expect((await client.get(PaymentRoutes.paymentMethods)).body.paymentMethods).toMatchObject([{ last4: '4242' }]);
    const deleted = await storedCustomer(user.id);
    await deleteAtStripe(deleted);

    // The billing screens still open: the gone customer has nothing on file, and reading changes nothing.
    const invoices = await client.get(PaymentRoutes.invoices);
    expect(invoices.status).toBe(200);
    expect(invoices.body.invoices).toEqual([]);
    const cards = await client.get(PaymentRoutes.paymentMethods);
    expect(cards.status).toBe(200);
    expect(cards.body.paymentMethods).toEqual([]);
    expect(await storedCustomer(user.id)).toBe(deleted);

    const added = await client.post(PaymentRoutes.setupIntent);
    expect(added.status).toBe(200);
    const replacement = await storedCustomer(user.id);
    expect(replacement).toMatch(/^cus_/);
    expect(replacement).not.toBe(deleted);
    const [intent] = emulator().store.list('setup_intent', (i) => i.client_secret === added.body.clientSecret);
    expect(intent?.customer).toBe(replacement);

    // The replacement's (empty) files from then on, and no further customer made.
    expect((await client.get(PaymentRoutes.invoices)).body.invoices).toEqual([]);
    expect((await client.get(PaymentRoutes.paymentMethods)).body.paymentMethods).toEqual([]);
    expect((await client.post(PaymentRoutes.setupIntent)).status).toBe(200);
    expect(await storedCustomer(user.id)).toBe(replacement);
    expect(customersOf(user.id)).toEqual([replacement]);
  }, 120_000);
});
