import {
  AppPaths,
  PaymentMessages,
  type CheckoutResponse,
  type InvoicesResponse,
  type PaymentMethodsResponse,
  type SubscriptionChangePreviewResponse,
  type SubscriptionCheckoutRequest,
  type SubscriptionStatusResponse,
  type TopupCheckoutRequest,
  type UpdateSubscriptionRequest,
  type VerifySessionResponse,
} from '@studio/contracts';
import type Stripe from 'stripe';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { Logger } from '../../logger.ts';
import { AppError, conflict, invalidRequest, notFound } from '../../errors.ts';
import { getOrCreateProfileRow } from '../profiles.ts';
import { isMissingCustomer } from './customers.ts';
import { applyPaymentEvent, idOf, refreshSubscription } from './events.ts';
import type { Payments } from './stripe.ts';
import {
  activePackage,
  activePlan,
  currentSubscriptionRow,
  everSubscribed,
  hasLiveSubscription,
  keepCustomerId,
  ownSubscriptionRow,
  planOfPrice,
  replaceCustomerId,
} from './store.ts';

const unavailable = () => new AppError(503, 'upstream_failed', PaymentMessages.paymentsUnavailable);

type Caller = { id: string; email: string };
export interface BillingDeps {
  db: Db;
  config: Pick<Config, 'appUrl'>;
  /** Null when payments are unavailable: every call then answers 503. */
  payments: Payments | null;
  logger: Logger;
}

/** The subscription's item changed to the new price, billed at once: the change the switch makes and the preview shows. */
const planSwitch = (current: Stripe.Subscription, newPriceId: string) => ({
  items: [{ id: current.items.data[0]!.id, price: newPriceId }],
  // The difference is paid now, so an upgrade's extra credits come at once (from the paid invoice).
  proration_behavior: 'always_invoice' as const,
});

/**
 * Payments as the API offers them (spec 1 §7, §8): checkouts priced from the catalog (never the
 * browser), the return page's session, the portal, provider events, and the caller's plan, invoices,
 * cards and plan changes. Everything goes through the official SDK (Stripe, or its emulator).
 */
export function createBillingService({ db, config, payments, logger }: BillingDeps) {
  const stripeOf = () => {
    if (!payments) throw unavailable();
    return payments.stripe;
  };

  /** The user's one customer at the provider, created once (idempotency key by user) and kept on the profile. */
  async function customerFor(user: Caller): Promise<string> {
    const profile = await getOrCreateProfileRow(db, user);
    if (profile.stripe_customer_id) return profile.stripe_customer_id;
    const customer = await stripeOf().customers.create(
      { email: user.email, metadata: { userId: user.id } },
      { idempotencyKey: `customer:${user.id}` },
    );
    await keepCustomerId(db, user.id, customer.id);
    return customer.id;
  }
  /** The caller's customer at the provider, or null before their first purchase. */
  async function existingCustomer(user: Caller): Promise<string | null> {
    return (await getOrCreateProfileRow(db, user)).stripe_customer_id ?? null;
  }
  /**
   * Runs `call` with the caller's stored customer. One Stripe no longer knows (deleted in its
   * dashboard) would fail every checkout, portal visit and added card for good: a new customer takes
   * its place on the profile and `call` runs once more with it, and only once.
   */
  async function withCustomer<T>(user: Caller, customer: string, call: (customer: string) => Promise<T>): Promise<T> {
    try {
      return await call(customer);
    } catch (error) {
      if (!isMissingCustomer(error)) throw error;
      // Keyed by the customer it replaces: concurrent requests make one, and the first key's answer (the gone one) is not replayed.
      const replacement = await stripeOf().customers.create(
        { email: user.email, metadata: { userId: user.id } },
        { idempotencyKey: `customer:${user.id}:replacing:${customer}` },
      );
      await replaceCustomerId(db, user.id, customer, replacement.id);
      logger.warn(
        { userId: user.id, missing: customer, customer: replacement.id },
        'payments: the stored customer is unknown to Stripe; replaced',
      );
      return call(replacement.id);
    }
  }
  /**
   * What the caller's customer has on file (invoices, cards): nothing before their first purchase, and
   * nothing for a customer Stripe no longer knows, rather than a failed screen. A read does not replace
   * that customer: the next call that needs one (a checkout, the portal, adding a card) does.
   */
  async function onFile<T>(user: Caller, read: (customer: string) => Promise<{ data: T[] }>): Promise<T[]> {
    const customer = await existingCustomer(user);
    if (!customer) return [];
    try {
      return (await read(customer)).data;
    } catch (error) {
      if (!isMissingCustomer(error)) throw error;
      logger.warn({ userId: user.id, missing: customer }, 'payments: the stored customer is unknown to Stripe; nothing on file');
      return [];
    }
  }
  /** The provider's failure as the spec words it; ours (4xx) pass through. */
  const checkoutFailure = (error: unknown): unknown => {
    if (error instanceof AppError) return error;
    logger.error({ err: error }, 'checkout session could not be created');
    return new AppError(502, 'upstream_failed', PaymentMessages.checkoutFailed);
  };
  /** A checkout session for the caller's customer (created on their first purchase). */
  const checkout = async (user: Caller, params: Omit<Stripe.Checkout.SessionCreateParams, 'customer'>): Promise<CheckoutResponse> => {
    try {
      const session = await withCustomer(user, await customerFor(user), (customer) =>
        stripeOf().checkout.sessions.create({ ...params, customer }),
      );
      return { success: true, sessionId: session.id, url: session.url! };
    } catch (error) {
      throw checkoutFailure(error);
    }
  };
  /** One of the caller's subscriptions (anyone else's is "not found"). */
  const ownSubscription = async (userId: string, subscriptionId: string) => {
    const row = await ownSubscriptionRow(db, userId, subscriptionId);
    if (!row) throw notFound();
    return row.stripe_subscription_id;
  };
  /** The price must be one of the catalog's plans (a browser may send any price). */
  const assertCatalogPrice = async (priceId: string) => {
    if (!(await planOfPrice(db, priceId))) throw invalidRequest(PaymentMessages.priceMismatch);
  };

  return {
    async subscriptionCheckout(user: Caller, body: z.infer<typeof SubscriptionCheckoutRequest>): Promise<CheckoutResponse> {
      const plan = await activePlan(db, body.planId);
      if (!plan) throw invalidRequest(PaymentMessages.invalidPlan);
      const price = body.isAnnual ? plan.stripe_annual_price_id : plan.stripe_monthly_price_id;
      if (!price) throw unavailable();
      if (body.priceId && body.priceId !== price) throw invalidRequest(PaymentMessages.priceMismatch);
      // One subscription per user: a subscriber changes the plan they have (update-subscription).
      if (await hasLiveSubscription(db, user.id)) throw conflict(PaymentMessages.alreadySubscribed);
      return checkout(user, {
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        success_url: `${config.appUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${config.appUrl}/subscription/canceled`,
        metadata: { userId: user.id, plan_id: plan.id, plan_name: plan.plan_name, billing: body.isAnnual ? 'year' : 'month' },
        subscription_data: { metadata: { userId: user.id, plan_id: plan.id } },
      });
    },

    async topupCheckout(user: Caller, body: z.infer<typeof TopupCheckoutRequest>): Promise<CheckoutResponse> {
      const pack = await activePackage(db, body.packageId);
      if (!pack) throw invalidRequest(PaymentMessages.invalidPlan);
      if (
        (body.credits !== undefined && body.credits !== pack.credits) ||
        (body.priceUsd !== undefined && body.priceUsd !== Number(pack.price_usd))
      )
        throw invalidRequest(PaymentMessages.packageMismatch);
      if (!pack.stripe_price_id) throw unavailable();
      return checkout(user, {
        mode: 'payment',
        line_items: [{ price: pack.stripe_price_id, quantity: 1 }],
        success_url: `${config.appUrl}/credits/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${config.appUrl}/credits/canceled`,
        metadata: { userId: user.id, package_id: pack.id, credits: String(pack.credits) },
      });
    },

    /** One of the caller's checkout sessions, as the return page shows it (credits come from the webhook). */
    async verifySession(userId: string, sessionId: string): Promise<VerifySessionResponse> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripeOf().checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw notFound(PaymentMessages.verifyFailed);
      }
      if (session.metadata?.userId !== userId) throw notFound(PaymentMessages.verifyFailed);
      const subscription = session.subscription && typeof session.subscription === 'object' ? session.subscription : null;
      return {
        success: true,
        session: {
          id: session.id,
          status: session.status,
          payment_status: session.payment_status,
          mode: session.mode,
          amount_total: session.amount_total,
          currency: session.currency,
          customer: idOf(session.customer),
          payment_intent: idOf(session.payment_intent),
          metadata: session.metadata ?? {},
          subscription: subscription
            ? {
                id: subscription.id,
                items: {
                  data: subscription.items.data.map((i) => ({
                    price: { recurring: i.price.recurring ? { interval: i.price.recurring.interval } : null },
                  })),
                },
              }
            : null,
        },
      };
    },

    /** A billing portal session for the caller's customer; none yet is the spec's "No billing information found". */
    async portal(user: Caller): Promise<string> {
      if (!payments) throw new AppError(503, 'upstream_failed', PaymentMessages.portalUnavailable);
      const customer = await existingCustomer(user);
      if (!customer) throw notFound(PaymentMessages.noBillingInfo);
      try {
        const portal = await withCustomer(user, customer, (id) =>
          payments.stripe.billingPortal.sessions.create({ customer: id, return_url: `${config.appUrl}${AppPaths.app}` }),
        );
        return portal.url;
      } catch (error) {
        logger.error({ err: error }, 'billing portal session could not be created');
        throw new AppError(502, 'upstream_failed', PaymentMessages.portalFailed);
      }
    },

    /** A provider event, verified by its signature over the raw body, applied once. */
    async receiveEvent(rawBody: Buffer, signature: string): Promise<void> {
      if (!payments) throw unavailable();
      let event: Stripe.Event;
      try {
        event = payments.stripe.webhooks.constructEvent(rawBody, signature, payments.webhookSecret);
      } catch {
        throw invalidRequest(PaymentMessages.webhookSignature);
      }
      const outcome = await applyPaymentEvent(db, payments.stripe, event);
      logger.info({ event: event.id, type: event.type, outcome }, 'payment event');
    },

    async subscriptionStatus(userId: string): Promise<SubscriptionStatusResponse> {
      const row = await currentSubscriptionRow(db, userId);
      return {
        success: true,
        subscription: row
          ? {
              id: row.stripe_subscription_id,
              status: row.status,
              planId: row.plan_id,
              planName: row.plan_name ?? null,
              interval: row.billing_interval === 'year' ? 'year' : 'month',
              currentPeriodEnd: row.current_period_end ? new Date(row.current_period_end).toISOString() : null,
              cancelAtPeriodEnd: row.cancel_at_period_end,
            }
          : null,
      };
    },

    /** The caller's last invoices; none before their first purchase. */
    async invoices(user: Caller, limit: number): Promise<InvoicesResponse> {
      const invoices = await onFile(user, (customer) => stripeOf().invoices.list({ customer, limit }));
      return {
        success: true,
        invoices: invoices.map((i) => ({
          id: i.id ?? '',
          amount: i.amount_paid,
          currency: i.currency,
          status: i.status ?? 'draft',
          created: new Date(i.created * 1000).toISOString(),
          url: i.hosted_invoice_url ?? null,
        })),
      };
    },

    /** The caller's saved cards, one per card (a card paid with twice is one card: its fingerprint says so). */
    async paymentMethods(user: Caller): Promise<PaymentMethodsResponse> {
      const methods = await onFile(user, (customer) => stripeOf().paymentMethods.list({ customer, type: 'card' }));
      const seen = new Set<string>();
      const cards = methods.filter((m) => {
        const fingerprint = m.card?.fingerprint ?? m.id;
        if (seen.has(fingerprint)) return false;
        seen.add(fingerprint);
        return true;
      });
      return {
        success: true,
        paymentMethods: cards.map((m) => ({
          id: m.id,
          brand: m.card?.brand ?? 'card',
          last4: m.card?.last4 ?? '',
          expMonth: m.card?.exp_month ?? 0,
          expYear: m.card?.exp_year ?? 0,
        })),
      };
    },

    /** A setup intent to add a card to the caller's customer; none yet is the spec's "No billing information found". */
    async setupIntent(user: Caller): Promise<string | null> {
      const customer = await existingCustomer(user);
      if (!customer) throw notFound(PaymentMessages.noBillingInfo);
      const intent = await withCustomer(user, customer, (id) => stripeOf().setupIntents.create({ customer: id, usage: 'off_session' }));
      return intent.client_secret;
    },

    /** Cancels the caller's plan now, or at the end of its period. */
    async cancel(userId: string, subscriptionId: string, immediately: boolean): Promise<void> {
      const id = await ownSubscription(userId, subscriptionId);
      const stripe = stripeOf();
      if (immediately) await stripe.subscriptions.cancel(id);
      else await stripe.subscriptions.update(id, { cancel_at_period_end: true });
      await refreshSubscription(db, stripe, id);
    },

    /** What switching the plan charges now (prorated) and the new plan's price from the next period, changing nothing. */
    async previewChange(userId: string, body: z.infer<typeof UpdateSubscriptionRequest>): Promise<SubscriptionChangePreviewResponse> {
      const id = await ownSubscription(userId, body.subscriptionId);
      await assertCatalogPrice(body.newPriceId);
      const stripe = stripeOf();
      const current = await stripe.subscriptions.retrieve(id);
      const [preview, price] = await Promise.all([
        stripe.invoices.createPreview({
          customer: idOf(current.customer)!,
          subscription: id,
          subscription_details: planSwitch(current, body.newPriceId),
        }),
        stripe.prices.retrieve(body.newPriceId),
      ]);
      // The period the switch leaves running: the current one, or a new one when the interval changes.
      const periodEnd = Math.max(current.items.data[0]!.current_period_end, ...preview.lines.data.map((line) => line.period.end));
      return {
        success: true,
        preview: {
          amountDueNow: preview.amount_due,
          currency: preview.currency,
          nextPeriodAmount: price.unit_amount ?? 0,
          interval: price.recurring?.interval === 'year' ? 'year' : 'month',
          nextPeriodStart: new Date(periodEnd * 1000).toISOString(),
        },
      };
    },

    /** Switches the caller's plan (prorated, paid now); the new price must be one of the catalog's plans. */
    async changePlan(userId: string, body: z.infer<typeof UpdateSubscriptionRequest>): Promise<void> {
      const id = await ownSubscription(userId, body.subscriptionId);
      await assertCatalogPrice(body.newPriceId);
      const stripe = stripeOf();
      const current = await stripe.subscriptions.retrieve(id);
      const updated = await stripe.subscriptions.update(id, { ...planSwitch(current, body.newPriceId), cancel_at_period_end: false });
      // The switch is paid now: its credits are granted before the answer, so the balance the app reads next has them.
      await refreshSubscription(db, stripe, id, idOf(updated.latest_invoice));
    },

    /** Whether the caller can still start a trial (never subscribed). */
    async trialEligible(userId: string): Promise<boolean> {
      return !(await everSubscribed(db, userId));
    },
  };
}
