/**
 * Stripe's REST API, for the calls the studio makes: customers, products, prices (with lookup
 * keys), checkout sessions, subscriptions, invoices, payment methods, setup intents and billing
 * portal sessions. Form-encoded bodies, `expand[]`, list pagination and Stripe's error shape.
 */
import * as shapes from './shapes.ts';
import { newId, now, periodEnd, text, type Store, type StripeObject } from './store.ts';
import type { Webhooks } from './webhooks.ts';

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'api_error' | 'authentication_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

type Params = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const int = (v: unknown) => (text(v) === '' ? undefined : Number.parseInt(text(v), 10));
const bool = (v: unknown) => (v === undefined ? undefined : v === true || v === 'true');
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : v === undefined ? [] : [v]);
const meta = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, string>) : {});

/** Stripe's list envelope: newest first, `limit` (1–100, default 10) after `starting_after`. */
export function listOf(url: string, items: StripeObject[], params: Params) {
  const limit = Math.min(100, Math.max(1, int(params.limit) ?? 10));
  const after = str(params.starting_after);
  const start = after ? items.findIndex((i) => i.id === after) + 1 : 0;
  const data = items.slice(start, start + limit);
  return shapes.list(url, data, start + limit < items.length);
}

/** `expand[]`: fields holding an id become the object; `data.x` expands inside a list. */
export function expand(store: Store, value: Record<string, unknown>, paths: string[]): Record<string, unknown> {
  const copy = structuredClone(value);
  for (const path of paths) {
    const [head, ...rest] = path.split('.');
    if (head === 'data' && Array.isArray(copy.data)) {
      copy.data = copy.data.map((item: Record<string, unknown>) => expand(store, item, [rest.join('.')]));
      continue;
    }
    const field = copy[head!];
    if (typeof field === 'string') {
      const found = store.get(field);
      if (found) copy[head!] = rest.length ? expand(store, found, [rest.join('.')]) : structuredClone(found);
    } else if (field && typeof field === 'object' && rest.length) {
      copy[head!] = expand(store, field as Record<string, unknown>, [rest.join('.')]);
    }
  }
  return copy;
}

/** A subscription's one item (the studio sells one price per subscription). */
export const itemOf = (subscription: StripeObject) => (subscription.items as { data: StripeObject[] }).data[0]!;
/** Its current period, on its item at the pinned API version. */
export const periodOf = (subscription: StripeObject) => {
  const item = itemOf(subscription);
  return { start: Number(item.current_period_start), end: Number(item.current_period_end) };
};
const money = (cents: unknown) => `$${(Number(cents) / 100).toFixed(2)}`;

export class StripeApi {
  constructor(
    private readonly store: Store,
    private readonly events: Webhooks,
    private readonly publicUrl: () => string,
  ) {}

  customer(id: string) {
    const found = this.store.get(id, 'customer');
    if (!found || found.deleted) throw missing('customer', id, 'customer');
    return found;
  }
  /** `DELETE /v1/customers/<id>`: as Stripe does, its live subscriptions are cancelled at once; it then reads as deleted. */
  deleteCustomer(id: string) {
    const customer = this.customer(id);
    for (const subscription of this.store.list('subscription', (s) => s.customer === id && s.status !== 'canceled'))
      this.cancelSubscription(subscription.id);
    this.events.emit('customer.deleted', customer);
    this.store.update(id, { deleted: true });
    return shapes.deletedCustomer(id);
  }
  /** `GET /v1/customers/<id>`: a deleted customer answers as Stripe's `{ id, object, deleted: true }`. */
  retrieveCustomer(id: string) {
    const found = this.store.get(id, 'customer');
    if (found?.deleted) return shapes.deletedCustomer(id);
    return this.customer(id);
  }
  price(id: string) {
    const found = this.store.get(id, 'price');
    if (!found) throw missing('price', id, 'price');
    return found;
  }
  subscription(id: string) {
    const found = this.store.get(id, 'subscription');
    if (!found) throw missing('subscription', id);
    return found;
  }
  lineItems(sessionId: string): StripeObject[] {
    return this.store.checkoutLines.get(sessionId) ?? [];
  }
  productName(price: StripeObject): string {
    return text(this.store.get(text(price.product))?.name) || text(price.nickname) || price.id;
  }

  createCustomer(p: Params) {
    const customer = this.store.create(
      'customer',
      shapes.customer({ email: str(p.email) ?? null, name: str(p.name) ?? null, metadata: meta(p.metadata) }),
    );
    this.events.emit('customer.created', customer);
    return customer;
  }

  createProduct(p: Params) {
    const name = str(p.name);
    if (!name) throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: name.', 'parameter_missing', 'name');
    const id = str(p.id);
    if (id && this.store.get(id))
      throw new StripeApiError(400, 'invalid_request_error', `Product already exists.`, 'resource_already_exists', 'id');
    return this.store.create('product', {
      ...(id ? { id } : {}),
      ...shapes.product({ name, active: bool(p.active) ?? true, description: str(p.description) ?? null, metadata: meta(p.metadata) }),
    });
  }

  createPrice(p: Params) {
    const product = str(p.product);
    if (!product || !this.store.get(product, 'product')) throw missing('product', product ?? '', 'product');
    const unitAmount = int(p.unit_amount);
    if (unitAmount === undefined || unitAmount < 0)
      throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: unit_amount.', 'parameter_missing', 'unit_amount');
    const lookupKey = str(p.lookup_key) ?? null;
    if (lookupKey) {
      const holder = this.store.list('price', (x) => x.lookup_key === lookupKey)[0];
      if (holder) {
        if (!bool(p.transfer_lookup_key))
          throw new StripeApiError(
            400,
            'invalid_request_error',
            `A price (\`${holder.id}\`) already uses that lookup key.`,
            'lookup_key_exists',
            'lookup_key',
          );
        this.store.update(holder.id, { lookup_key: null });
      }
    }
    const recurring = p.recurring as Params | undefined;
    return this.store.create(
      'price',
      shapes.price({
        product,
        currency: str(p.currency) ?? 'usd',
        unitAmount,
        lookupKey,
        nickname: str(p.nickname) ?? null,
        recurring: recurring ? { interval: str(recurring.interval) ?? 'month', interval_count: int(recurring.interval_count) ?? 1 } : null,
        metadata: meta(p.metadata),
      }),
    );
  }

  listPrices(p: Params) {
    const keys = arr(p.lookup_keys).map(String);
    const active = bool(p.active);
    return this.store.list(
      'price',
      (x) =>
        (keys.length === 0 || keys.includes(String(x.lookup_key))) &&
        (active === undefined || x.active === active) &&
        (!p.product || x.product === p.product),
    );
  }

  createCheckoutSession(p: Params) {
    const mode = str(p.mode);
    if (mode !== 'payment' && mode !== 'subscription' && mode !== 'setup')
      throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: mode.', 'parameter_missing', 'mode');
    if (!str(p.success_url) && mode !== 'setup')
      throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: success_url.', 'parameter_missing', 'success_url');
    const lines = arr(p.line_items).map((raw) => {
      const item = raw as Params;
      const price = this.price(text(item.price));
      return shapes.checkoutLine(price, int(item.quantity) ?? 1, this.productName(price));
    });
    if (mode !== 'setup' && lines.length === 0)
      throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: line_items.', 'parameter_missing', 'line_items');
    const recurring = lines.some((l) => (l.price as StripeObject).type === 'recurring');
    if (mode === 'subscription' && !recurring)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'You must provide at least one recurring price in `subscription` mode.',
        undefined,
        'line_items',
      );
    if (mode === 'payment' && recurring)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'You specified `payment` mode but passed a recurring price.',
        undefined,
        'line_items',
      );
    const customer = str(p.customer);
    if (customer) this.customer(customer);
    const session = this.store.create(
      'checkout.session',
      shapes.checkoutSession({
        mode,
        customer: customer ?? null,
        customerEmail: str(p.customer_email) ?? null,
        clientReferenceId: str(p.client_reference_id) ?? null,
        successUrl: str(p.success_url) ?? null,
        cancelUrl: str(p.cancel_url) ?? null,
        amount: lines.reduce((n, l) => n + Number(l.amount_total), 0),
        metadata: meta(p.metadata),
      }),
    );
    this.store.checkoutLines.set(session.id, lines);
    this.store.subscriptionMetadata.set(session.id, meta((p.subscription_data as Params | undefined)?.metadata));
    return this.store.update(session.id, { url: `${this.publicUrl()}/checkout/${session.id}` });
  }

  /** `GET /v1/checkout/sessions`, by customer, status or subscription. */
  listCheckoutSessions(p: Params) {
    return this.store.list(
      'checkout.session',
      (c) =>
        (!p.customer || c.customer === p.customer) &&
        (!p.status || c.status === p.status) &&
        (!p.subscription || c.subscription === p.subscription),
    );
  }

  /** `POST /v1/checkout/sessions/<id>/expire`: an open session can no longer be paid. */
  expireCheckoutSession(id: string) {
    const session = this.store.get(id, 'checkout.session');
    if (!session) throw missing('checkout.session', id, 'session');
    if (session.status !== 'open')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${text(session.status)}".`,
      );
    this.store.update(id, { status: 'expired', url: null });
    this.events.emit('checkout.session.expired', session);
    return session;
  }

  /** `GET /v1/invoice_payments`: an invoice's payments (since the 2025 versions, how an invoice names its payment intent). */
  listInvoicePayments(p: Params) {
    return this.store.list('invoice_payment', (x) => (!p.invoice || x.invoice === p.invoice) && (!p.status || x.status === p.status));
  }

  /** `POST /v1/refunds`: all of a payment intent (or `amount` of it), once its refunds do not exceed what it received. */
  createRefund(p: Params) {
    const intentId = str(p.payment_intent);
    if (!intentId)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    const intent = this.store.get(intentId, 'payment_intent');
    if (!intent) throw missing('payment_intent', intentId, 'payment_intent');
    const refunded = this.store.list('refund', (r) => r.payment_intent === intentId).reduce((n, r) => n + Number(r.amount), 0);
    const left = Number(intent.amount_received) - refunded;
    const amount = int(p.amount) ?? left;
    if (left <= 0)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge for payment intent ${intentId} has already been refunded.`,
        'charge_already_refunded',
      );
    if (amount <= 0 || amount > left)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount_too_large',
        'amount',
      );
    const refund = this.store.create(
      'refund',
      shapes.refund({
        amount,
        customer: (intent.customer as string | null) ?? null,
        paymentIntent: intentId,
        paymentMethod: (intent.payment_method as string | null) ?? null,
        reason: str(p.reason) ?? null,
        metadata: meta(p.metadata),
      }),
    );
    // A refund, unlike most objects, has no `livemode` at the pinned version.
    delete refund.livemode;
    this.events.emit('refund.created', refund);
    return refund;
  }
  refund(id: string) {
    const found = this.store.get(id, 'refund');
    if (!found) throw missing('refund', id);
    return found;
  }

  private line(
    subscription: StripeObject,
    price: StripeObject,
    amount: number,
    period: { start: number; end: number },
    kind: 'charge' | 'unused' | 'remaining',
  ): shapes.LineSpec {
    const name = this.productName(price);
    const description =
      kind === 'unused'
        ? `Unused time on ${name}`
        : kind === 'remaining'
          ? `Remaining time on ${name}`
          : `1 × ${name} (at ${money(price.unit_amount)} / ${(price.recurring as shapes.Recurring).interval})`;
    return { price, amount, period, proration: kind !== 'charge', description };
  }

  /** A subscription's current period: a paid invoice for its price (what a renewal looks like). */
  private invoiceFor(subscription: StripeObject, reason: 'subscription_create' | 'subscription_cycle', paid = true) {
    const price = itemOf(subscription).price as StripeObject;
    return this.invoice(
      subscription,
      reason,
      [this.line(subscription, price, Number(price.unit_amount), periodOf(subscription), 'charge')],
      false,
      paid,
    );
  }

  private invoice(subscription: StripeObject, reason: string, lines: shapes.LineSpec[], preview = false, paid = true) {
    const id = preview ? `upcoming_${newId('invoice')}` : newId('invoice');
    const item = itemOf(subscription).id;
    const fields = shapes.invoice({
      id,
      subscription,
      customerEmail: (this.store.get(text(subscription.customer), 'customer')?.email as string | null | undefined) ?? null,
      reason,
      lines: lines.map((line) => shapes.invoiceLine(preview ? null : id, subscription, item, line)),
      period: periodOf(subscription),
      preview,
    });
    // A preview is computed, never kept: nothing is charged and no event follows.
    if (preview) return { id, object: 'invoice', livemode: false, created: now(), ...fields } as StripeObject;
    const invoice = this.store.create('invoice', fields);
    subscription.latest_invoice = invoice.id;
    // The card on file paid what was due: a payment intent, named by the invoice's payment (a $0 invoice has none).
    if (paid && Number(invoice.amount_paid) > 0) {
      const intent = this.store.create(
        'payment_intent',
        shapes.paymentIntent({
          amount: Number(invoice.amount_paid),
          customer: text(subscription.customer),
          paymentMethod: text(subscription.default_payment_method),
        }),
      );
      this.store.create(
        'invoice_payment',
        shapes.invoicePayment({ invoice: invoice.id, amount: Number(invoice.amount_paid), paymentIntent: intent.id, paidAt: now() }),
      );
    }
    return this.store.update(invoice.id, {
      hosted_invoice_url: `${this.publicUrl()}/invoices/${invoice.id}`,
      invoice_pdf: `${this.publicUrl()}/invoices/${invoice.id}.pdf`,
    });
  }

  /**
   * A plan change, billed as Stripe bills it: a new interval starts a new period now and is
   * invoiced in full less the unused time; the same interval with `always_invoice` is invoiced
   * now for the remaining time's difference (proration lines); otherwise the prorations wait for
   * the next invoice. Answers the invoice's lines and the new period, changing nothing.
   */
  private planChange(subscription: StripeObject, price: StripeObject, behavior: string | undefined, at = now()) {
    const old = itemOf(subscription).price as StripeObject;
    const { start, end } = periodOf(subscription);
    at = Math.min(at, end);
    const unused = (end - at) / Math.max(1, end - start);
    const unusedLine = this.line(subscription, old, -Math.round(Number(old.unit_amount) * unused), { start: at, end }, 'unused');
    if (JSON.stringify(old.recurring) !== JSON.stringify(price.recurring)) {
      const recurring = price.recurring as shapes.Recurring;
      const period = { start: at, end: periodEnd(at, recurring.interval, recurring.interval_count) };
      return { period, lines: [unusedLine, this.line(subscription, price, Number(price.unit_amount), period, 'charge')] };
    }
    if (behavior !== 'always_invoice') return { period: { start, end }, lines: null };
    const remaining = this.line(subscription, price, Math.round(Number(price.unit_amount) * unused), { start: at, end }, 'remaining');
    return { period: { start, end }, lines: [unusedLine, remaining] };
  }

  private changePrice(subscription: StripeObject, price: StripeObject, behavior: string | undefined): StripeObject | null {
    const change = this.planChange(subscription, price, behavior);
    const item = itemOf(subscription);
    Object.assign(item, shapes.subscriptionItem(subscription.id, price, change.period), { id: item.id, created: item.created });
    if (behavior === 'none' || !change.lines) return null;
    return this.invoice(subscription, 'subscription_update', change.lines);
  }

  /** `POST /v1/invoices/create_preview`: what a subscription change would invoice now, charging nothing. */
  previewInvoice(p: Params) {
    const subscription = this.subscription(text(p.subscription));
    if (p.customer && p.customer !== subscription.customer) throw missing('subscription', subscription.id, 'subscription');
    const details = (p.subscription_details ?? {}) as Params;
    const item = arr(details.items)[0] as Params | undefined;
    const behavior = str(details.proration_behavior) ?? 'create_prorations';
    if (!item?.price) {
      const price = itemOf(subscription).price as StripeObject;
      const { end } = periodOf(subscription);
      const recurring = price.recurring as shapes.Recurring;
      const next = { start: end, end: periodEnd(end, recurring.interval, recurring.interval_count) };
      return this.invoice(subscription, 'upcoming', [this.line(subscription, price, Number(price.unit_amount), next, 'charge')], true);
    }
    const change = this.planChange(subscription, this.price(text(item.price)), behavior, int(details.proration_date) ?? now());
    return this.invoice(subscription, 'subscription_update', behavior === 'none' || !change.lines ? [] : change.lines, true);
  }

  /** The card a checkout page took: a Visa ending in its last four, attached to the customer. */
  private attachCard(customer: string, number: string) {
    const card = this.store.create(
      'payment_method',
      shapes.card({ customer, email: (this.customer(customer).email as string | null) ?? null, number }),
    );
    const settings = this.customer(customer).invoice_settings as Record<string, unknown>;
    this.store.update(customer, { invoice_settings: { ...settings, default_payment_method: card.id } });
    return card;
  }

  /** The hosted checkout page's Pay: a test card pays or is declined with Stripe's message. */
  pay(sessionId: string, cardNumber: string): StripeObject {
    const session = this.store.get(sessionId, 'checkout.session');
    if (!session) throw missing('checkout session', sessionId);
    if (session.status !== 'open') throw new StripeApiError(400, 'invalid_request_error', 'This Checkout Session is no longer active.');
    const number = cardNumber.replace(/\D/g, '');
    if (number === '4000000000000002') throw new StripeApiError(402, 'card_error', 'Your card was declined.', 'card_declined');
    if (number !== '4242424242424242') throw new StripeApiError(402, 'card_error', 'Your card number is incorrect.', 'incorrect_number');
    const customer = (session.customer as string | null) ?? this.createCustomer({ email: session.customer_email ?? undefined }).id;
    const card = this.attachCard(customer, number);
    const fields: Record<string, unknown> = {
      status: 'complete',
      payment_status: 'paid',
      customer,
      customer_details: shapes.customerDetails((this.customer(customer).email as string | null) ?? null),
    };
    if (session.mode === 'subscription') {
      const price = this.lineItems(session.id)[0]!.price as StripeObject;
      const recurring = price.recurring as shapes.Recurring;
      const start = now();
      const id = newId('subscription');
      const item = shapes.subscriptionItem(id, price, { start, end: periodEnd(start, recurring.interval, recurring.interval_count) });
      const subscription = this.store.create(
        'subscription',
        shapes.subscription({
          id,
          customer,
          item,
          start,
          defaultPaymentMethod: card.id,
          metadata: this.store.subscriptionMetadata.get(session.id) ?? {},
        }),
      );
      const invoice = this.invoiceFor(subscription, 'subscription_create');
      Object.assign(fields, { subscription: subscription.id, invoice: invoice.id });
      this.store.update(session.id, fields);
      this.events.emit('checkout.session.completed', session);
      this.events.emit('customer.subscription.created', subscription);
      this.events.emit('invoice.paid', invoice);
    } else {
      const intent = this.store.create(
        'payment_intent',
        shapes.paymentIntent({ amount: Number(session.amount_total), customer, paymentMethod: card.id }),
      );
      fields.payment_intent = intent.id;
      this.store.update(session.id, fields);
      this.events.emit('checkout.session.completed', session);
    }
    return session;
  }

  updateSubscription(id: string, p: Params) {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    const previous: Record<string, unknown> = {};
    const cancelAtEnd = bool(p.cancel_at_period_end);
    if (cancelAtEnd !== undefined && cancelAtEnd !== subscription.cancel_at_period_end) {
      Object.assign(previous, {
        cancel_at_period_end: subscription.cancel_at_period_end,
        cancel_at: subscription.cancel_at,
        canceled_at: subscription.canceled_at,
      });
      Object.assign(subscription, {
        cancel_at_period_end: cancelAtEnd,
        cancel_at: cancelAtEnd ? periodOf(subscription).end : null,
        canceled_at: cancelAtEnd ? now() : null,
        cancellation_details: shapes.cancellation(cancelAtEnd ? 'cancellation_requested' : null),
      });
    }
    const item = arr(p.items)[0] as Params | undefined;
    let invoice: StripeObject | null = null;
    if (item?.price) {
      previous.items = structuredClone(subscription.items);
      invoice = this.changePrice(subscription, this.price(text(item.price)), str(p.proration_behavior));
      if (invoice) previous.latest_invoice = invoice.id === subscription.latest_invoice ? null : subscription.latest_invoice;
    }
    if (p.metadata) {
      previous.metadata = subscription.metadata;
      subscription.metadata = { ...(subscription.metadata as object), ...meta(p.metadata) };
    }
    this.events.emit('customer.subscription.updated', subscription, previous);
    if (invoice) this.events.emit('invoice.paid', invoice);
    return subscription;
  }

  cancelSubscription(id: string) {
    const subscription = this.subscription(id);
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: now(),
      ended_at: now(),
      cancel_at_period_end: false,
      cancellation_details: shapes.cancellation('cancellation_requested'),
    });
    this.events.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  /** The test clock with a failing card: the renewal's invoice stays open and the subscription goes past due. */
  failRenewal(id: string) {
    const subscription = this.subscription(id);
    const invoice = this.invoiceFor(subscription, 'subscription_cycle', false);
    this.store.update(invoice.id, {
      status: 'open',
      amount_paid: 0,
      amount_remaining: invoice.amount_due,
      attempt_count: 1,
      status_transitions: { ...(invoice.status_transitions as object), paid_at: null },
      next_payment_attempt: now() + 3 * 24 * 3600,
    });
    subscription.status = 'past_due';
    this.events.emit('invoice.payment_failed', invoice);
    this.events.emit('customer.subscription.updated', subscription, { status: 'active' });
    return subscription;
  }

  /** The test clock: the subscription reaches its next period and is renewed (or ends, if set to). */
  advance(id: string) {
    const subscription = this.subscription(id);
    if (subscription.status !== 'active') throw new StripeApiError(400, 'invalid_request_error', 'Only an active subscription advances.');
    if (subscription.cancel_at_period_end) return this.cancelSubscription(id);
    const item = itemOf(subscription);
    const previous = { items: structuredClone(subscription.items), latest_invoice: subscription.latest_invoice };
    const recurring = (item.price as StripeObject).recurring as shapes.Recurring;
    const { end } = periodOf(subscription);
    Object.assign(item, { current_period_start: end, current_period_end: periodEnd(end, recurring.interval, recurring.interval_count) });
    const invoice = this.invoiceFor(subscription, 'subscription_cycle');
    this.events.emit('customer.subscription.updated', subscription, previous);
    this.events.emit('invoice.paid', invoice);
    return subscription;
  }
}
