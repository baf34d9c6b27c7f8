import { z } from 'zod';
import { INVOICES_LIMIT } from './constants.ts';

/** spec 1 §8 payment texts and the billing portal's. */
export const PaymentMessages = {
  checkoutFailed: 'Failed to create checkout session',
  invalidPlan: 'Invalid plan selected',
  priceMismatch: 'This price does not match the plan. Please reload the page and try again.',
  packageMismatch: 'This package’s credits or price have changed. Please reload the page and try again.',
  verifyFailed: 'Failed to verify payment. Please contact support.',
  noSessionId: 'No session ID found',
  verificationFailedHeading: 'Payment Verification Failed',
  portalUnavailable: 'Billing portal is currently unavailable. Please contact support.',
  noBillingInfo: 'No billing information found. Please make a purchase first.',
  portalFailed: 'Unable to access billing portal. Please try again later.',
  paymentsUnavailable: 'Payments are currently unavailable. Please try again later.',
  webhookSignature: 'The webhook signature could not be verified.',
  paymentFailed: 'Your last payment failed. Update your card in Manage billing to keep your plan.',
  alreadySubscribed: 'You already have a plan. Switch plans from the plans page instead.',
  /** The banner on the app after a plan checkout's return page (`?payment_success=true`). */
  planActive: 'Payment successful: your plan is active and its credits are in your balance.',
  /** The banner on the app after a top-up's return page (`?credits_purchased=true`). */
  creditsAdded: 'Payment successful: your credits have been added to your balance.',
} as const;

/** `{payments}` of spec 1 §7 is the provider's name. */
export const PaymentRoutes = {
  subscriptionCheckout: '/api/stripe/create-subscription-checkout',
  topupCheckout: '/api/stripe/create-topup-checkout',
  verifySession: '/api/stripe/verify-session',
  portalSession: '/api/stripe/create-portal-session',
  webhook: '/api/stripe/webhook',
  paymentMethods: '/api/stripe/payment-methods',
  setupIntent: '/api/stripe/create-setup-intent',
  cancelSubscription: '/api/stripe/cancel-subscription',
  updateSubscription: '/api/stripe/update-subscription',
  previewSubscriptionChange: '/api/stripe/preview-subscription-change',
  subscriptionStatus: '/api/stripe/subscription-status',
  invoices: '/api/stripe/invoices',
  trialEligibility: '/api/stripe/trial-eligibility',
} as const;

/** `GET /api/stripe/subscription-status`: the caller's plan as the provider has it. */
export const SubscriptionStatusResponse = z.object({
  success: z.literal(true),
  subscription: z
    .object({
      id: z.string(),
      status: z.string(),
      planId: z.string().nullable(),
      planName: z.string().nullable(),
      interval: z.enum(['month', 'year']),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
});
export type SubscriptionStatusResponse = z.infer<typeof SubscriptionStatusResponse>;

export const InvoicesResponse = z.object({
  success: z.literal(true),
  invoices: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      created: z.string(),
      url: z.string().nullable(),
    }),
  ),
});
export type InvoicesResponse = z.infer<typeof InvoicesResponse>;
export const PaymentMethodsResponse = z.object({
  success: z.literal(true),
  paymentMethods: z.array(z.object({ id: z.string(), brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() })),
});
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>;
/** `GET /api/stripe/verify-session?sessionId=cs_…`: the return page's checkout session. */
export const VerifySessionQuery = z.object({
  sessionId: z.string({ error: PaymentMessages.noSessionId }).regex(/^cs_\w+$/, PaymentMessages.noSessionId),
});
/** `GET /api/stripe/invoices`: how many (10 by default, at most 100); a `userId` other than the caller's is refused. */
export const InvoicesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).catch(INVOICES_LIMIT).default(INVOICES_LIMIT),
  userId: z.string().max(100).optional(),
});
export const UserIdQuery = z.object({ userId: z.string().max(100).optional() });
export const CancelSubscriptionRequest = z.object({ subscriptionId: z.string().max(200), immediately: z.boolean().default(false) });
export const UpdateSubscriptionRequest = z.object({ subscriptionId: z.string().max(200), newPriceId: z.string().max(200) });
/** `POST /api/stripe/preview-subscription-change`: what a plan switch charges, before it happens. */
export const PreviewSubscriptionChangeRequest = UpdateSubscriptionRequest;
export const SubscriptionChangePreviewResponse = z.object({
  success: z.literal(true),
  preview: z.object({
    /** Charged at once when switching (cents; the unused time of the current plan is credited). */
    amountDueNow: z.number().int(),
    currency: z.string(),
    /** The new plan's price for each period from the next one on (cents), and that period's interval. */
    nextPeriodAmount: z.number().int(),
    interval: z.enum(['month', 'year']),
    /** When the period the switch starts (or keeps) ends and the new price is first charged in full. */
    nextPeriodStart: z.string(),
  }),
});
export type SubscriptionChangePreviewResponse = z.infer<typeof SubscriptionChangePreviewResponse>;

export const SubscriptionCheckoutRequest = z.object({
  userId: z.string().max(100).optional(),
  planId: z.string({ error: PaymentMessages.invalidPlan }).uuid({ error: PaymentMessages.invalidPlan }),
  priceId: z.string().max(200).optional(),
  isAnnual: z.boolean().default(false),
  successUrl: z.string().max(500).optional(),
  cancelUrl: z.string().max(500).optional(),
});
export const TopupCheckoutRequest = z.object({
  userId: z.string().max(100).optional(),
  packageId: z.string({ error: PaymentMessages.invalidPlan }).uuid({ error: PaymentMessages.invalidPlan }),
  credits: z.number().int().optional(),
  priceUsd: z.number().optional(),
  successUrl: z.string().max(500).optional(),
  cancelUrl: z.string().max(500).optional(),
});
export const CheckoutResponse = z.object({ success: z.literal(true), sessionId: z.string(), url: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

/** spec 1 §3 "checkout session result". */
export const VerifiedSession = z.object({
  id: z.string(),
  status: z.string().nullable(),
  payment_status: z.string(),
  mode: z.string(),
  amount_total: z.number().nullable(),
  currency: z.string().nullable(),
  customer: z.string().nullable(),
  payment_intent: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  subscription: z
    .object({
      id: z.string(),
      items: z.object({ data: z.array(z.object({ price: z.object({ recurring: z.object({ interval: z.string() }).nullable() }) })) }),
    })
    .nullable(),
});
export const VerifySessionResponse = z.object({ success: z.literal(true), session: VerifiedSession });
export type VerifySessionResponse = z.infer<typeof VerifySessionResponse>;
export const PortalSessionResponse = z.object({ success: z.literal(true), url: z.string() });
export type PortalSessionResponse = z.infer<typeof PortalSessionResponse>;
