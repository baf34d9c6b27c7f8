import Router from '@koa/router';
import {
  CancelSubscriptionRequest,
  CheckoutResponse,
  InvoicesQuery,
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
  UserIdQuery,
  VerifySessionQuery,
  VerifySessionResponse,
} from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { payloadTooLarge } from '../../errors.ts';
import { assertSelf, currentUser } from '../../middlewares/auth.ts';
import { route } from '../route.ts';

/** Webhook bodies are small JSON documents; anything bigger is not from the provider. */
const WEBHOOK_MAX_BYTES = 512 * 1024;

export function paymentRoutes({ services: { billing } }: AppDeps): Router {
  const router = new Router();

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
      assertSelf(ctx, body.userId);
      ctx.body = await billing.subscriptionCheckout(currentUser(ctx.state), body);
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
      assertSelf(ctx, body.userId);
      ctx.body = await billing.topupCheckout(currentUser(ctx.state), body);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: PaymentRoutes.verifySession,
      summary: 'The result of one of your checkout sessions (the return page shows it; credits come from the webhook)',
      auth: 'user',
      query: VerifySessionQuery,
      responses: { 200: VerifySessionResponse, 400: PaymentMessages.noSessionId, 404: PaymentMessages.verifyFailed },
    },
    async (ctx, { query }) => {
      ctx.body = await billing.verifySession(currentUser(ctx.state).id, query.sessionId);
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
      ctx.body = { success: true, url: await billing.portal(currentUser(ctx.state)) } satisfies PortalSessionResponse;
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
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of ctx.req) {
        size += (chunk as Buffer).length;
        if (size > WEBHOOK_MAX_BYTES) throw payloadTooLarge(PaymentMessages.webhookSignature);
        chunks.push(chunk as Buffer);
      }
      await billing.receiveEvent(Buffer.concat(chunks), ctx.get('stripe-signature'));
      ctx.body = { received: true };
    },
  );

  route(
    router,
    {
      method: 'get',
      path: PaymentRoutes.subscriptionStatus,
      summary: 'Your current plan: status, interval, period end, whether it ends then',
      auth: 'user',
      query: UserIdQuery,
      responses: { 200: SubscriptionStatusResponse },
    },
    async (ctx, { query }) => {
      assertSelf(ctx, query.userId);
      ctx.body = await billing.subscriptionStatus(currentUser(ctx.state).id);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: PaymentRoutes.invoices,
      summary: 'Your last invoices (10 by default)',
      auth: 'user',
      query: InvoicesQuery,
      responses: { 200: InvoicesResponse, 403: 'Another user’s invoices' },
    },
    async (ctx, { query }) => {
      assertSelf(ctx, query.userId);
      ctx.body = await billing.invoices(currentUser(ctx.state), query.limit);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: PaymentRoutes.paymentMethods,
      summary: 'Your saved cards',
      auth: 'user',
      query: UserIdQuery,
      responses: { 200: PaymentMethodsResponse, 403: 'Another user’s cards' },
    },
    async (ctx, { query }) => {
      assertSelf(ctx, query.userId);
      ctx.body = await billing.paymentMethods(currentUser(ctx.state));
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
      ctx.body = { success: true, clientSecret: await billing.setupIntent(currentUser(ctx.state)) };
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
      await billing.cancel(currentUser(ctx.state).id, body.subscriptionId, body.immediately);
      ctx.body = { success: true };
    },
  );

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
      ctx.body = await billing.previewChange(currentUser(ctx.state).id, body);
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
      await billing.changePlan(currentUser(ctx.state).id, body);
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
      ctx.body = { success: true, eligible: await billing.trialEligible(currentUser(ctx.state).id) };
    },
  );

  return router;
}
