import Stripe from 'stripe';

/** Stripe answers a customer or subscription already gone with `resource_missing`: closing again is done, not an error. */
const isGone = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/**
 * A call naming a customer Stripe no longer knows (deleted in its dashboard, or a test account's
 * data gone) fails with `resource_missing` on its `customer` parameter; any other missing object
 * (a price) is not this.
 */
export const isMissingCustomer = (error: unknown) =>
  isGone(error) && (error as Stripe.errors.StripeInvalidRequestError).param === 'customer';

/**
 * Closes a customer at the provider when its account is deleted: every subscription still running is
 * cancelled at once (no renewal after the account is gone, nothing left for its period's end), then
 * the customer is deleted, so no card of theirs stays on file. Safe to repeat.
 */
export async function closeCustomer(stripe: Stripe, customerId: string): Promise<void> {
  try {
    const subscriptions = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
    for (const subscription of subscriptions.data)
      if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired')
        await stripe.subscriptions.cancel(subscription.id, { prorate: false });
    await stripe.customers.del(customerId);
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}
