/**
 * Buying: the bff creates the checkout session (prices from its catalog) and the browser goes to
 * the provider's checkout page (the local emulator's when no keys are set). Credits arrive from
 * the provider's webhook, not from the return page.
 */
import { PaymentMessages, PaymentRoutes, type CheckoutResponse, type CreditPackage, type SubscriptionPlan } from '@studio/contracts';
import { apiFetch, errorText } from '@studio/session';

const go = (answer: CheckoutResponse) => window.location.assign(answer.url);

/** The error to show for a checkout that did not start (the server's text, else the spec's). */
export const checkoutError = (error: unknown) => errorText(error, PaymentMessages.checkoutFailed);

export async function checkoutPlan(plan: SubscriptionPlan, annual: boolean): Promise<void> {
  go(
    await apiFetch<CheckoutResponse>(PaymentRoutes.subscriptionCheckout, {
      method: 'POST',
      json: {
        planId: plan.id,
        isAnnual: annual,
        priceId: (annual ? plan.stripe_annual_price_id : plan.stripe_monthly_price_id) ?? undefined,
      },
    }),
  );
}

export async function checkoutPackage(pack: CreditPackage): Promise<void> {
  go(
    await apiFetch<CheckoutResponse>(PaymentRoutes.topupCheckout, {
      method: 'POST',
      json: { packageId: pack.id, credits: pack.credits, priceUsd: pack.price_usd },
    }),
  );
}
