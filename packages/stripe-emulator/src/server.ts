/**
 * A stateful stand-in for Stripe that the official `stripe` SDK talks to unchanged (point it at
 * `host`/`port`/`protocol: 'http'`), for running the studio with no keys and for tests. It serves
 * Stripe's REST API (`/v1/…`), a hosted checkout page (`/checkout/<session>`: 4242 4242 4242 4242
 * pays, 4000 0000 0000 0002 is declined), a billing portal page (`/portal/<session>`), signed
 * webhooks with retries, and a test clock (`POST /_emulator/subscriptions/<id>/advance`, or
 * `…/fail-renewal` for a renewal whose card is declined), which takes the secret key like the API.
 * With `stateFile` its objects are kept on disk and outlive a restart.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import { expand, listOf, StripeApi, StripeApiError } from './api.ts';
import * as shapes from './shapes.ts';
import { checkoutPage, portalPage } from './pages.ts';
import { StateFile, readStateFile } from './state-file.ts';
import { Store, now, text, type StripeObject } from './store.ts';
import { Webhooks } from './webhooks.ts';

export interface StripeEmulatorOptions {
  /** The secret key the SDK must send (`Authorization: Bearer …`). */
  secretKey: string;
  /** Where events are POSTed (the bff's `/api/stripe/webhook`), and the signing secret. */
  webhookUrl?: string;
  webhookSecret: string;
  port?: number;
  host?: string;
  webhookRetryDelayMs?: number;
  /**
   * Where its state is kept (a JSON file, e.g. under the studio's DATA_DIR): loaded at start and
   * saved before each change is answered. Unset: in memory only, gone when it stops.
   */
  stateFile?: string;
}

export interface StripeEmulator {
  url: string;
  /** The secret key its API and its control endpoints (`/_emulator/…`) take. */
  secretKey: string;
  port: number;
  store: Store;
  webhooks: Webhooks;
  api: StripeApi;
  close(): Promise<void>;
}

type Handler = (params: Record<string, unknown>, match: RegExpExecArray) => unknown;

export async function startStripeEmulator(options: StripeEmulatorOptions): Promise<StripeEmulator> {
  const store = new Store();
  const saved = options.stateFile ? await readStateFile(options.stateFile) : null;
  const webhooks = new Webhooks(store, {
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryDelayMs: options.webhookRetryDelayMs,
  });
  let base = '';
  const api = new StripeApi(store, webhooks, () => base);
  const state = options.stateFile ? new StateFile(options.stateFile, store, () => base) : null;
  /** Only a GET changes nothing: anything else is on disk before it is answered, so what a caller saw survives a restart. */
  const persisted = (req: http.IncomingMessage) => (state && req.method !== 'GET' ? state.save() : Promise.resolve());

  const found = (object: string, kind: string) => (_p: Record<string, unknown>, m: RegExpExecArray) => {
    const o = store.get(m[1]!, object);
    if (!o) throw new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${m[1]}'`, 'resource_missing', 'id');
    return o;
  };
  /** As Stripe: a call naming a customer it does not know (or deleted) is `resource_missing` on `customer`, not an empty list. */
  const ofKnownCustomer =
    (handler: Handler): Handler =>
    (p, m) => {
      if (p.customer !== undefined) api.customer(text(p.customer));
      return handler(p, m);
    };
  const routes: [string, RegExp, Handler][] = [
    ['POST', /^\/v1\/customers$/, (p) => api.createCustomer(p)],
    [
      'GET',
      /^\/v1\/customers$/,
      (p) =>
        listOf(
          '/v1/customers',
          store.list('customer', (c) => !p.email || c.email === p.email),
          p,
        ),
    ],
    ['GET', /^\/v1\/customers\/([\w]+)$/, (_p, m) => api.retrieveCustomer(m[1]!)],
    ['DELETE', /^\/v1\/customers\/([\w]+)$/, (_p, m) => api.deleteCustomer(m[1]!)],
    [
      'POST',
      /^\/v1\/customers\/([\w]+)$/,
      (p, m) =>
        store.update(api.customer(m[1]!).id, { ...(p.email ? { email: p.email } : {}), ...(p.metadata ? { metadata: p.metadata } : {}) }),
    ],
    [
      'GET',
      /^\/v1\/customers\/([\w]+)\/payment_methods$/,
      (p, m) =>
        listOf(
          `/v1/customers/${m[1]}/payment_methods`,
          store.list('payment_method', (x) => x.customer === m[1]),
          p,
        ),
    ],
    ['POST', /^\/v1\/products$/, (p) => api.createProduct(p)],
    ['GET', /^\/v1\/products$/, (p) => listOf('/v1/products', store.list('product'), p)],
    ['GET', /^\/v1\/products\/([\w]+)$/, found('product', 'product')],
    ['POST', /^\/v1\/prices$/, (p) => api.createPrice(p)],
    ['GET', /^\/v1\/prices$/, (p) => listOf('/v1/prices', api.listPrices(p), p)],
    ['GET', /^\/v1\/prices\/([\w]+)$/, found('price', 'price')],
    ['POST', /^\/v1\/checkout\/sessions$/, (p) => api.createCheckoutSession(p)],
    ['GET', /^\/v1\/checkout\/sessions$/, (p) => listOf('/v1/checkout/sessions', api.listCheckoutSessions(p), p)],
    ['POST', /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/, (_p, m) => api.expireCheckoutSession(m[1]!)],
    ['GET', /^\/v1\/checkout\/sessions\/([\w]+)$/, found('checkout.session', 'checkout.session')],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([\w]+)\/line_items$/,
      (p, m) =>
        listOf(`/v1/checkout/sessions/${m[1]}/line_items`, api.lineItems(found('checkout.session', 'checkout session')(p, m).id), p),
    ],
    [
      'GET',
      /^\/v1\/subscriptions$/,
      (p) =>
        listOf(
          '/v1/subscriptions',
          store.list(
            'subscription',
            (s) => (!p.customer || s.customer === p.customer) && (!p.status || p.status === 'all' || s.status === p.status),
          ),
          p,
        ),
    ],
    ['GET', /^\/v1\/subscriptions\/([\w]+)$/, (_p, m) => api.subscription(m[1]!)],
    ['POST', /^\/v1\/subscriptions\/([\w]+)$/, (p, m) => api.updateSubscription(m[1]!, p)],
    ['DELETE', /^\/v1\/subscriptions\/([\w]+)$/, (_p, m) => api.cancelSubscription(m[1]!)],
    [
      'GET',
      /^\/v1\/invoices$/,
      ofKnownCustomer((p) =>
        listOf(
          '/v1/invoices',
          store.list(
            'invoice',
            (i) =>
              (!p.customer || i.customer === p.customer) &&
              (!p.subscription ||
                (i.parent as { subscription_details?: { subscription?: string } }).subscription_details?.subscription === p.subscription),
          ),
          p,
        ),
      ),
    ],
    ['POST', /^\/v1\/invoices\/create_preview$/, (p) => api.previewInvoice(p)],
    ['GET', /^\/v1\/invoices\/([\w]+)$/, found('invoice', 'invoice')],
    ['GET', /^\/v1\/invoice_payments$/, (p) => listOf('/v1/invoice_payments', api.listInvoicePayments(p), p)],
    ['POST', /^\/v1\/refunds$/, (p) => api.createRefund(p)],
    ['GET', /^\/v1\/refunds\/([\w]+)$/, (_p, m) => api.refund(m[1]!)],
    [
      'GET',
      /^\/v1\/payment_methods$/,
      ofKnownCustomer((p) =>
        listOf(
          '/v1/payment_methods',
          store.list('payment_method', (x) => x.customer === p.customer),
          p,
        ),
      ),
    ],
    [
      'POST',
      /^\/v1\/setup_intents$/,
      ofKnownCustomer((p) =>
        store.create('setup_intent', shapes.setupIntent({ customer: text(p.customer) || null, usage: text(p.usage) || 'off_session' })),
      ),
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (p) => {
        const customer = api.customer(text(p.customer));
        const session = store.create(
          'billing_portal.session',
          shapes.portalSession({ customer: customer.id, returnUrl: text(p.return_url) || null }),
        );
        return store.update(session.id, { url: `${base}/portal/${session.id}` });
      },
    ],
    [
      'GET',
      /^\/v1\/events$/,
      (p) =>
        listOf(
          '/v1/events',
          store.list('event', (e) => !p.type || e.type === p.type),
          p,
        ),
    ],
    ['GET', /^\/v1\/events\/([\w]+)$/, found('event', 'event')],
    // The test clock and a resend, for tests and for seeing renewals locally.
    ['POST', /^\/_emulator\/subscriptions\/([\w]+)\/advance$/, (_p, m) => api.advance(m[1]!)],
    ['POST', /^\/_emulator\/subscriptions\/([\w]+)\/fail-renewal$/, (_p, m) => api.failRenewal(m[1]!)],
    [
      'POST',
      /^\/_emulator\/events\/([\w]+)\/resend$/,
      (_p, m) => {
        const event = found('event', 'event')({}, m);
        webhooks.send(event);
        return event;
      },
    ],
  ];

  const authorized = (header: string | undefined) => {
    if (header === `Bearer ${options.secretKey}`) return true;
    const basic = /^Basic (.+)$/.exec(header ?? '');
    return Boolean(basic) && Buffer.from(basic![1]!, 'base64').toString().split(':')[0] === options.secretKey;
  };
  const readBody = async (req: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };
  const send = (res: http.ServerResponse, status: number, body: unknown, type = 'application/json') =>
    void persisted(res.req).then(
      () => {
        res.writeHead(status, { 'content-type': type, 'request-id': `req_${Date.now()}` });
        res.end(type === 'application/json' ? JSON.stringify(body) : String(body));
      },
      () => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unexpected error occurred in the emulator.' } }));
      },
    );

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const text = await readBody(req);
      const form = qs.parse(text) as Record<string, unknown>;
      try {
        // The hosted pages a person uses (no key: the session id is the secret).
        const page = /^\/(checkout|portal)\/([\w]+)(?:\/(\w+))?$/.exec(url.pathname);
        if (page) return hosted(page[1]!, page[2]!, page[3], req.method ?? 'GET', form, res);
        // The API and the test clock alike take the secret key, as Stripe's API does: a Bearer token or basic auth's user name.
        if (!authorized(req.headers.authorization)) throw new StripeApiError(401, 'authentication_error', 'Invalid API Key provided.');
        const idempotencyKey = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
        const remembered = typeof idempotencyKey === 'string' ? store.idempotent.get(idempotencyKey) : undefined;
        if (remembered) return send(res, remembered.status, remembered.body);
        const params = { ...(qs.parse(url.search.slice(1)) as Record<string, unknown>), ...form };
        const route = routes.find(([method, pattern]) => method === req.method && pattern.test(url.pathname));
        if (!route) throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
        const result = route[2](params, route[1].exec(url.pathname)!) as Record<string, unknown>;
        const paths = (Array.isArray(params.expand) ? params.expand : params.expand ? [params.expand] : []).map(String);
        const body = expand(store, result, paths);
        // A checkout session's lines are not one of its fields: Stripe includes them only when asked.
        if (result.object === 'checkout.session' && paths.includes('line_items'))
          body.line_items = listOf(`/v1/checkout/sessions/${String(result.id)}/line_items`, api.lineItems(String(result.id)), {
            limit: 100,
          });
        if (typeof idempotencyKey === 'string') store.idempotent.set(idempotencyKey, { status: 200, body, at: now() });
        send(res, 200, body);
      } catch (error) {
        if (error instanceof StripeApiError) return send(res, error.status, error.body());
        send(res, 500, { error: { type: 'api_error', message: 'An unexpected error occurred in the emulator.' } });
      }
    })();
  });

  /** The checkout and portal pages: GET shows them, POST acts, then redirects as Stripe does. */
  function hosted(
    kind: string,
    id: string,
    action: string | undefined,
    method: string,
    form: Record<string, unknown>,
    res: http.ServerResponse,
  ) {
    const redirect = (to: string) =>
      void persisted(res.req).then(
        () => res.writeHead(303, { location: to }).end(),
        () => res.writeHead(500).end(),
      );
    if (kind === 'checkout') {
      const session = store.get(id, 'checkout.session');
      if (!session) return send(res, 404, 'This checkout session does not exist.', 'text/plain');
      if (method === 'POST' && action === 'pay') {
        try {
          api.pay(id, text(form.cardNumber));
        } catch (error) {
          if (error instanceof StripeApiError && error.type === 'card_error')
            return send(res, 402, checkoutPage(session, api, error.message), 'text/html; charset=utf-8');
          throw error;
        }
        return redirect(text(session.success_url).replace('{CHECKOUT_SESSION_ID}', id));
      }
      if (method === 'POST' && action === 'cancel') return redirect(text(session.cancel_url) || '/');
      return send(res, 200, checkoutPage(session, api), 'text/html; charset=utf-8');
    }
    const portal = store.get(id, 'billing_portal.session');
    if (!portal) return send(res, 404, 'This portal session does not exist.', 'text/plain');
    if (method === 'POST' && action) {
      const subscription = text(form.subscription);
      // A portal session is its customer's: another customer's subscription is not found from it, as on Stripe's portal.
      if (store.get(subscription, 'subscription')?.customer !== portal.customer)
        return send(res, 404, 'This subscription does not exist.', 'text/plain');
      if (action === 'cancel') api.updateSubscription(subscription, { cancel_at_period_end: 'true' });
      if (action === 'renew') api.updateSubscription(subscription, { cancel_at_period_end: 'false' });
      if (action === 'switch')
        api.updateSubscription(subscription, { items: [{ price: text(form.price) }], proration_behavior: 'always_invoice' });
      return redirect(`/portal/${id}`);
    }
    return send(res, 200, portalPage(portal, store, api), 'text/html; charset=utf-8');
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://${options.host ?? '127.0.0.1'}:${port}`;
  // Taken back once the address is known (no one else knows it yet): URLs made at the last start's port move to this one.
  if (saved) store.restore(saved, base);
  return {
    url: base,
    secretKey: options.secretKey,
    port,
    store,
    webhooks,
    api,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Changes made without a request (a test driving `api` directly) are kept too.
      await state?.save();
    },
  };
}

export type { StripeObject };
