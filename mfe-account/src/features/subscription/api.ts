/**
 * The plans screen's server calls (spec 1 §7, §8): the plan at the provider, invoices, cards, a plan
 * switch's preview, the switch, cancelling and the billing portal. Components use these hooks and
 * fetchers, never `apiFetch`; keys live in `accountKeys`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import {
  ApiRoutes,
  PaymentMessages,
  PaymentRoutes,
  type CheckoutResponse,
  type CreditHistoryResponse,
  type CreditPackage,
  type CreditPackagesResponse,
  type PlanRecommendationResponse,
  type SubscriptionPlansResponse,
  type InvoicesResponse,
  type PaymentMethodsResponse,
  type SubscriptionChangePreviewResponse,
  type SubscriptionPlan,
  type SubscriptionStatusResponse,
} from '@studio/contracts';
import { apiFetch, errorText, refreshCredits, refreshSession, sessionStatusAtom } from '@studio/session';
import { useOpenBillingPortal } from '@studio/session/query';
import { accountKeys } from '../../lib/query-keys.ts';

const priceOf = (plan: SubscriptionPlan, annual: boolean) => (annual ? plan.stripe_annual_price_id : plan.stripe_monthly_price_id) ?? '';

/** The caller's plan at the payment provider (shared by the plan cards and Your plan). */
export const useSubscriptionStatus = () =>
  useQuery({
    queryKey: accountKeys.billing('status'),
    queryFn: () => apiFetch<SubscriptionStatusResponse>(PaymentRoutes.subscriptionStatus),
  });

/** The last invoices (none before a first purchase). */
export const useInvoices = () =>
  useQuery({ queryKey: accountKeys.billing('invoices'), queryFn: () => apiFetch<InvoicesResponse>(PaymentRoutes.invoices) });

/** The saved cards, one per card. */
export const usePaymentMethods = () =>
  useQuery({ queryKey: accountKeys.billing('cards'), queryFn: () => apiFetch<PaymentMethodsResponse>(PaymentRoutes.paymentMethods) });

/** What switching to `plan` would charge now and from the next period; changes nothing. */
export const usePlanChangePreview = (subscriptionId: string | null, plan: SubscriptionPlan | null, annual: boolean) =>
  useQuery({
    queryKey: accountKeys.planChangePreview(subscriptionId ?? '', plan ? priceOf(plan, annual) : ''),
    queryFn: () =>
      apiFetch<SubscriptionChangePreviewResponse>(PaymentRoutes.previewSubscriptionChange, {
        method: 'POST',
        json: { subscriptionId, newPriceId: priceOf(plan!, annual) },
      }),
    enabled: Boolean(subscriptionId && plan),
    // A preview is of this moment: prorations move with the clock.
    staleTime: 0,
    gcTime: 0,
  });

/** After a change at the provider: the plan, invoices, cards, the session's tier and the balance are read again. */
function useAfterBillingChange() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: accountKeys.billing() });
    void refreshSession();
    void refreshCredits();
  };
}

/** Switches the subscription to `plan` (prorated, the difference paid now). */
export function useSwitchPlan() {
  const after = useAfterBillingChange();
  return useMutation({
    mutationFn: ({ subscriptionId, plan, annual }: { subscriptionId: string; plan: SubscriptionPlan; annual: boolean }) =>
      apiFetch(PaymentRoutes.updateSubscription, { method: 'POST', json: { subscriptionId, newPriceId: priceOf(plan, annual) } }),
    onSuccess: after,
  });
}

/** Cancels the plan at the end of its period. */
export function useCancelPlan() {
  const after = useAfterBillingChange();
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      apiFetch(PaymentRoutes.cancelSubscription, { method: 'POST', json: { subscriptionId, immediately: false } }),
    onSuccess: after,
  });
}

/** Opens the provider's billing portal (it returns to /app): the shell's user menu opens it too, so it is shared. */
export { useOpenBillingPortal };

/** The catalog: active plans and top-up packages; the user's plan recommendation; the credit history by page. */
export const getPlans = () => apiFetch<SubscriptionPlansResponse>(ApiRoutes.subscriptionPlans);
export const getPlanRecommendation = () => apiFetch<PlanRecommendationResponse>(ApiRoutes.planRecommendation);
export const getPackages = () => apiFetch<CreditPackagesResponse>(ApiRoutes.creditPackages);
export const getHistory = (page: number) => apiFetch<CreditHistoryResponse>(`${ApiRoutes.creditHistory}?page=${page}`);

/** The plans (the plans page, the upgrade dialog once open). */
export const usePlans = (options: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: accountKeys.plans(), queryFn: getPlans, enabled: options.enabled ?? true });
/**
 * The user's 30-day usage and the plan recommended for it: its own query, since adding up the usage
 * is slow and the plan cards must not wait for it (the badge and the usage line fill in when it comes).
 * Asked only when signed in: a visitor has no usage, and a 401 would be logged.
 */
export function usePlanRecommendation(options: { enabled?: boolean } = {}) {
  const signedIn = useAtomValue(sessionStatusAtom) === 'signed_in';
  return useQuery({
    queryKey: accountKeys.planRecommendation(),
    queryFn: getPlanRecommendation,
    enabled: signedIn && (options.enabled ?? true),
  });
}
export const usePackages = () => useQuery({ queryKey: accountKeys.packages(), queryFn: getPackages });
export const useCreditHistory = (page: number) => useQuery({ queryKey: accountKeys.history(page), queryFn: () => getHistory(page) });

/*
 * Buying: the bff creates the checkout session (prices from its catalog) and the browser goes to
 * the provider's checkout page (the local emulator's when no keys are set). Credits arrive from
 * the provider's webhook, not from the return page.
 */
const go = (answer: CheckoutResponse) => window.location.assign(answer.url);

/** The error to show for a checkout that did not start (the server's text, else the spec's). */
export const checkoutError = (error: unknown) => errorText(error, PaymentMessages.checkoutFailed);

export const checkoutPlan = ({ plan, annual }: { plan: SubscriptionPlan; annual: boolean }) =>
  apiFetch<CheckoutResponse>(PaymentRoutes.subscriptionCheckout, {
    method: 'POST',
    json: {
      planId: plan.id,
      isAnnual: annual,
      priceId: (annual ? plan.stripe_annual_price_id : plan.stripe_monthly_price_id) ?? undefined,
    },
  });

export const checkoutPackage = (pack: CreditPackage) =>
  apiFetch<CheckoutResponse>(PaymentRoutes.topupCheckout, {
    method: 'POST',
    json: { packageId: pack.id, credits: pack.credits, priceUsd: pack.price_usd },
  });

/** Starts a plan's checkout; the page leaves for the provider (nothing to invalidate until the webhook). */
export const useCheckoutPlan = () => useMutation({ mutationFn: checkoutPlan, onSuccess: go });

/** Starts a top-up package's checkout; the page leaves for the provider. */
export const useCheckoutPackage = () => useMutation({ mutationFn: checkoutPackage, onSuccess: go });
