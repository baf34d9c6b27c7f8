/**
 * Payments when the provider cannot be reached: the routes answer the spec's texts and the rest
 * of the studio keeps working.
 */
import { ApiRoutes, PaymentMessages, PaymentRoutes } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureProfile, signedInUser, startTestStudio, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
}, 120_000);
afterAll(() => studio?.stop());

describe('payments with the provider down', () => {
  it('says checkout and the billing portal are unavailable; credits and plans still answer', async () => {
    const { user, client } = await signedInUser(studio);
    await ensureProfile(studio, user, 20);
    await studio.deps.db('profiles').where({ id: user.id }).update({ stripe_customer_id: 'cus_known' });
    await studio.deps.payments!.emulator!.close();
    const growth = await studio.deps.db('subscription_plans').where({ plan_tier: 'growth' }).first();

    const checkout = await client.post(PaymentRoutes.subscriptionCheckout, { planId: growth.id });
    expect(checkout.status).toBe(502);
    expect(checkout.body.error.message).toBe(PaymentMessages.checkoutFailed);
    const portal = await client.post(PaymentRoutes.portalSession);
    expect(portal.status).toBe(502);
    expect(portal.body.error.message).toBe(PaymentMessages.portalFailed);
    expect((await client.get(ApiRoutes.credits)).body.credits).toBe(20);
    expect((await client.get(ApiRoutes.subscriptionPlans)).status).toBe(200);
  });
});
