import Router from '@koa/router';
import {
  AppPaths,
  CancelSubscriptionRequest,
  CheckoutResponse,
  INVOICES_LIMIT,
  InvoicesResponse,
  PaymentMethodsResponse,
  SubscriptionStatusResponse,
  UpdateSubscriptionRequest,
  PaymentMessages,
  PaymentRoutes,
  PortalSessionResponse,
  PreviewSubscriptionChangeRequest,
  SubscriptionChangePreviewResponse,
  SubscriptionCheckoutRequest,
  TopupCheckoutRequest,
  VerifySessionResponse,
} from '@studio/contracts';
import type Stripe from 'stripe';
import type { AppDeps } from '../../deps.ts';
import { AppError, conflict, invalidRequest, notFound, payloadTooLarge } from '../../errors.ts';
import { assertSelf, currentUser } from '../../middlewares/auth.ts';
import { applyPaymentEvent, idOf, LIVE_SUBSCRIPTION_STATUSES, refreshSubscription } from '../../services/payments/events.ts';
import { getOrCreateProfileRow } from '../../services/profiles.ts';
import { route } from '../route.ts';

/** Webhook bodies are small JSON documents; anything bigger is not from the provider. */
const WEBHOOK_MAX_BYTES = 512 * 1024;

const unavailable = () => new AppError(503, 'upstream_failed', PaymentMessages.paymentsUnavailable);

export function paymentRoutes({ db, config, payments, logger }: AppDeps): Router {
  const router = new Router();
  const stripeOf = () => {
    if (!payments) throw unavailable();
    return payments.stripe;
  };

  /** The user's one customer at the provider, created once (idempotency key by user) and kept on the profile. */
  const customerFor = async (user: { id: string; email: string }): Promise<string> => {
    const profile = await getOrCreateProfileRow(db, user);
    if (profile.stripe_customer_id) return profile.stripe_customer_id;
    const customer = await stripeOf().customers.create(
      { email: user.email, metadata: { userId: user.id } },
      { idempotencyKey: `customer:${user.id}` },
    );
    await db('profiles').where({ id: user.id }).whereNull('stripe_customer_id').update({ stripe_customer_id: customer.id });
    return customer.id;
  };
  /** The caller's customer at the provider; none yet is the spec's "No billing information found". */
  const ownCustomer = async (user: { id: string; email: string }) => {
    const profile = await getOrCreateProfileRow(db, user);
    if (!profile.stripe_customer_id) throw notFound(PaymentMessages.noBillingInfo);
    return profile.stripe_customer_id;
  };
  /** The provider's failure as the spec words it; ours (4xx) pass through. */
  const checkoutFailure = (error: unknown): unknown => {
    if (error instanceof AppError) return error;
    logger.error({ err: error }, 'checkout session could not be created');
    return new AppError(502, 'upstream_failed', PaymentMessages.checkoutFailed);
  };

  route(
    router,
    {
      method: 'post',
      path: PaymentRoutes.subscriptionCheckout,
      summary: 'Start a plan checkout (monthly or annual); the price comes from the catalog, never the browser',
      auth: 'user',
      body: SubscriptionCheckoutRequest,
      responses: {
        200: CheckoutResponse,
        400: PaymentMessages.invalidPlan,
        409: PaymentMessages.alreadySubscribed,
        502: PaymentMessages.checkoutFailed,
        503: PaymentMessages.paymentsUnavailable,
      },
    },
    async (ctx, { body }) => {
      const user = currentUser(ctx.state);
      assertSelf(ctx, body.userId);
      const plan = await db('subscription_plans').where({ id: body.planId, is_active: true }).first();
      if (!plan) throw invalidRequest(PaymentMessages.invalidPlan);
      const price: string | null = body.isAnnual ? plan.stripe_annual_price_id : plan.stripe_monthly_price_id;
      if (!price) throw unavailable();
      if (body.priceId && body.priceId !== price) throw invalidRequest(PaymentMessages.priceMismatch);
      // One subscription per user: a subscriber changes the plan they have (update-subscription).
      if (await db('user_subscriptions').where({ user_id: user.id }).whereIn('status', LIVE_SUBSCRIPTION_STATUSES).first('id'))
        throw conflict(PaymentMessages.alreadySubscribed);
      try {
        const session = await stripeOf().checkout.sessions.create({
          mode: 'subscription',
          customer: await customerFor(user),
          line_items: [{ price, quantity: 1 }],
          success_url: `${config.appUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${config.appUrl}/subscription/canceled`,
          metadata: { userId: user.id, plan_id: plan.id, plan_name: plan.plan_name, billing: body.isAnnual ? 'year' : 'month' },
          subscription_data: { metadata: { userId: user.id, plan_id: plan.id } },
        });
        ctx.body = { success: true, sessionId: session.id, url: session.url! } satisfies CheckoutResponse;
      } catch (error) {
        throw checkoutFailure(error);
      }
    },
  );

  route(
    router,
    {
      method: 'post',
      path: PaymentRoutes.topupCheckout,
      summary: 'Start a credit package checkout; its credits and price come from the catalog',
      auth: 'user',
      body: TopupCheckoutRequest,
      responses: { 200: CheckoutResponse, 400: PaymentMessages.packageMismatch, 502: PaymentMessages.checkoutFailed },
    },
    async (ctx, { body }) => {
      const user = currentUser(ctx.state);
      assertSelf(ctx, body.userId);
      const pack = await db('credit_packages').where({ id: body.packageId, is_active: true }).first();
      if (!pack) throw invalidRequest(PaymentMessages.invalidPlan);
      if (
        (body.credits !== undefined && body.credits !== pack.credits) ||
        (body.priceUsd !== undefined && body.priceUsd !== Number(pack.price_usd))
      )
        throw invalidRequest(PaymentMessages.packageMismatch);
      if (!pack.stripe_price_id) throw unavailable();
      try {
        const session = await stripeOf().checkout.sessions.create({
          mode: 'payment',
          customer: await customerFor(user),
          line_items: [{ price: pack.stripe_price_id, quantity: 1 }],
          success_url: `${config.appUrl}/credits/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${config.appUrl}/credits/canceled`,
          metadata: { userId: user.id, package_id: pack.id, credits: String(pack.credits) },
        });
        ctx.body = { success: true, sessionId: session.id, url: session.url! } satisfies CheckoutResponse;
      } catch (error) {
        throw checkoutFailure(error);
      }
    },
  );

  route(
    router,
    {
      method: 'get',
      path: PaymentRoutes.verifySession,
      summary: 'The result of one of your checkout sessions (the return page shows it; credits come from the webhook)',
      auth: 'user',
      responses: { 200: VerifySessionResponse, 400: PaymentMessages.noSessionId, 404: PaymentMessages.verifyFailed },
    },
    async (ctx) => {
      const user = currentUser(ctx.state);
      const sessionId = typeof ctx.query.sessionId === 'string' ? ctx.query.sessionId : '';
      if (!/^cs_[\w]+$/.test(sessionId)) throw invalidRequest(PaymentMessages.noSessionId);
      let session: Stripe.Checkout.Session;
      try {
        session = await stripeOf().checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw notFound(PaymentMessages.verifyFailed);
      }
      if (session.metadata?.userId !== user.id) throw notFound(PaymentMessages.verifyFailed);
      const subscription = session.subscription && typeof session.subscription === 'object' ? session.subscription : null;
      ctx.body = {
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
      } satisfies VerifySessionResponse;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: PaymentRoutes.portalSession,
      summary: 'A billing portal session for your customer; it returns to /app',
      auth: 'user',
      responses: { 200: PortalSessionResponse, 404: PaymentMessages.noBillingInfo, 503: PaymentMessages.portalUnavailable },
    },
    async (ctx) => {
      const user = currentUser(ctx.state);
      if (!payments) throw new AppError(503, 'upstream_failed', PaymentMessages.portalUnavailable);
      const customer = await ownCustomer(user);
      try {
        const portal = await payments.stripe.billingPortal.sessions.create({
          customer,
          return_url: `${config.appUrl}${AppPaths.app}`,
        });
        ctx.body = { success: true, url: portal.url } satisfies PortalSessionResponse;
      } catch (error) {
        logger.error({ err: error }, 'billing portal session could not be created');
        throw new AppError(502, 'upstream_failed', PaymentMessages.portalFailed);
      }
    },
  );

  route(
    router,
    {
      method: 'post',
      path: PaymentRoutes.webhook,
      summary: 'Provider events, verified by their signature (raw body); each applied once',
      auth: 'none',
      responses: { 200: '{ received: true }', 400: PaymentMessages.webhookSignature },
    },
    async (ctx) => {
      if (!payments) throw unavailable();
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of ctx.req) {
        size += (chunk as Buffer).length;
        if (size > WEBHOOK_MAX_BYTES) throw payloadTooLarge(PaymentMessages.webhookSignature);
        chunks.push(chunk as Buffer);
      }
      let event: Stripe.Event;
      try {
        event = payments.stripe.webhooks.constructEvent(Buffer.concat(chunks), ctx.get('stripe-signature'), payments.webhookSecret);
      } catch {
        throw invalidRequest(PaymentMessages.webhookSignature);
      }
      const outcome = await applyPaymentEvent(db, payments.stripe, event);
      logger.info({ event: event.id, type: event.type, outcome }, 'payment event');
      ctx.body = { received: true };
    },
  );

  /** One of the caller's subscriptions (anyone else's is "not found"). */
  const ownSubscription = async (userId: string, subscriptionId: string) => {
    const row = await db('user_subscriptions').where({ user_id: userId, stripe_subscription_id: subscriptionId }).first();
    if (!row) throw notFound();
    return row as { stripe_subscription_id: string };
  };

  route(
    router,
    {
      method: 'get',
      path: PaymentRoutes.subscriptionStatus,
      summary: 'Your current plan: status, interval, period end, whether it ends then',
      auth: 'user',
      responses: { 200: SubscriptionStatusResponse },
    },
    async (ctx) => {
      const user = currentUser(ctx.state);
      assertSelf(ctx, typeof ctx.query.userId === 'string' ? ctx.query.userId : undefined);
      const row = await db('user_subscriptions as us')
        .leftJoin('subscription_plans as sp', 'sp.id', 'us.plan_id')
        .where('us.user_id', user.id)
        .whereNot('us.status', 'canceled')
        .orderBy('us.updated_at', 'desc')
        .first('us.*', 'sp.plan_name');
      ctx.body = {
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
      } satisfies SubscriptionStatusResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: PaymentRoutes.invoices,
      summary: 'Your last invoices (10 by default)',
      auth: 'user',
      responses: { 200: InvoicesResponse, 404: PaymentMessages.noBillingInfo },
    },
    async (ctx) => {
      const user = currentUser(ctx.state);
      const limit = Math.min(100, Math.max(1, Number.parseInt(String(ctx.query.limit ?? INVOICES_LIMIT), 10) || INVOICES_LIMIT));
      const invoices = await stripeOf().invoices.list({ customer: await ownCustomer(user), limit });
      ctx.body = {
        success: true,
        invoices: invoices.data.map((i) => ({
          id: i.id ?? '',
          amount: i.amount_paid,
          currency: i.currency,
          status: i.status ?? 'draft',
          created: new Date(i.created * 1000).toISOString(),
          url: i.hosted_invoice_url ?? null,
        })),
      } satisfies InvoicesResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: PaymentRoutes.paymentMethods,
      summary: 'Your saved cards',
      auth: 'user',
      responses: { 200: PaymentMethodsResponse, 404: PaymentMessages.noBillingInfo },
    },
    async (ctx) => {
      const user = currentUser(ctx.state);
      const methods = await stripeOf().paymentMethods.list({ customer: await ownCustomer(user), type: 'card' });
      ctx.body = {
        success: true,
        paymentMethods: methods.data.map((m) => ({
          id: m.id,
          brand: m.card?.brand ?? 'card',
          last4: m.card?.last4 ?? '',
          expMonth: m.card?.exp_month ?? 0,
          expYear: m.card?.exp_year ?? 0,
        })),
      } satisfies PaymentMethodsResponse;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: PaymentRoutes.setupIntent,
      summary: 'A setup intent to add a card to your customer',
      auth: 'user',
      responses: { 200: '{ success, clientSecret }', 404: PaymentMessages.noBillingInfo },
    },
    async (ctx) => {
      const user = currentUser(ctx.state);
      const intent = await stripeOf().setupIntents.create({ customer: await ownCustomer(user), usage: 'off_session' });
      ctx.body = { success: true, clientSecret: intent.client_secret };
    },
  );

  route(
    router,
    {
      method: 'post',
      path: PaymentRoutes.cancelSubscription,
      summary: 'Cancel your plan now, or at the end of its period',
      auth: 'user',
      body: CancelSubscriptionRequest,
      responses: { 200: '{ success }', 404: 'Not your subscription' },
    },
    async (ctx, { body }) => {
      const user = currentUser(ctx.state);
      const { stripe_subscription_id: id } = await ownSubscription(user.id, body.subscriptionId);
      const stripe = stripeOf();
      if (body.immediately) await stripe.subscriptions.cancel(id);
      else await stripe.subscriptions.update(id, { cancel_at_period_end: true });
      await refreshSubscription(db, stripe, id);
      ctx.body = { success: true };
    },
  );

  /** The plan a price belongs to, if it is one of the catalog's (a browser may send any price). */
  const catalogPlanOf = async (priceId: string) => {
    const plan = await db('subscription_plans')
      .where({ is_active: true })
      .andWhere((q) => void q.where({ stripe_monthly_price_id: priceId }).orWhere({ stripe_annual_price_id: priceId }))
      .first('id');
    if (!plan) throw invalidRequest(PaymentMessages.priceMismatch);
    return plan as { id: string };
  };
  /** The subscription's item changed to the new price, billed at once: the change the switch makes and the preview shows. */
  const planSwitch = (current: Stripe.Subscription, newPriceId: string) => ({
    items: [{ id: current.items.data[0]!.id, price: newPriceId }],
    // The difference is paid now, so an upgrade's extra credits come at once (from the paid invoice).
    proration_behavior: 'always_invoice' as const,
  });

  route(
    router,
    {
      method: 'post',
      path: PaymentRoutes.previewSubscriptionChange,
      summary: 'What switching your plan charges now (prorated) and the new plan’s price from the next period, changing nothing',
      auth: 'user',
      body: PreviewSubscriptionChangeRequest,
      responses: { 200: SubscriptionChangePreviewResponse, 400: PaymentMessages.priceMismatch, 404: 'Not your subscription' },
    },
    async (ctx, { body }) => {
      const user = currentUser(ctx.state);
      const { stripe_subscription_id: id } = await ownSubscription(user.id, body.subscriptionId);
      await catalogPlanOf(body.newPriceId);
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
      ctx.body = {
        success: true,
        preview: {
          amountDueNow: preview.amount_due,
          currency: preview.currency,
          nextPeriodAmount: price.unit_amount ?? 0,
          interval: price.recurring?.interval === 'year' ? 'year' : 'month',
          nextPeriodStart: new Date(periodEnd * 1000).toISOString(),
        },
      } satisfies SubscriptionChangePreviewResponse;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: PaymentRoutes.updateSubscription,
      summary: 'Change your plan (prorated); the new price must be one of the catalog’s plans',
      auth: 'user',
      body: UpdateSubscriptionRequest,
      responses: { 200: '{ success }', 400: PaymentMessages.priceMismatch, 404: 'Not your subscription' },
    },
    async (ctx, { body }) => {
      const user = currentUser(ctx.state);
      const { stripe_subscription_id: id } = await ownSubscription(user.id, body.subscriptionId);
      await catalogPlanOf(body.newPriceId);
      const stripe = stripeOf();
      const current = await stripe.subscriptions.retrieve(id);
      await stripe.subscriptions.update(id, { ...planSwitch(current, body.newPriceId), cancel_at_period_end: false });
      await refreshSubscription(db, stripe, id);
      ctx.body = { success: true };
    },
  );
  route(
    router,
    {
      method: 'get',
      path: PaymentRoutes.trialEligibility,
      summary: 'Whether you can still start a trial (never subscribed)',
      auth: 'user',
      responses: { 200: '{ success, eligible }' },
    },
    async (ctx) => {
      const user = currentUser(ctx.state);
      const any = await db('user_subscriptions').where({ user_id: user.id }).first('id');
      ctx.body = { success: true, eligible: !any };
    },
  );

  return router;
}
