/**
 * Stripe's REST API, for the calls the studio makes: customers, products, prices (with lookup
 * keys), checkout sessions, subscriptions, invoices, payment methods, setup intents and billing
 * portal sessions. Form-encoded bodies, `expand[]`, list pagination and Stripe's error shape.
 */
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

/** An invoice line for a price over a period; proration lines are a plan change's unused or remaining time. */
const invoiceLine = (price: StripeObject, amount: number, period: { start: number; end: number }, proration: boolean): StripeObject => ({
  id: newId('il'),
  object: 'line_item',
  price,
  amount,
  proration,
  period,
});

/** Stripe's list envelope: newest first, `limit` (1–100, default 10) after `starting_after`. */
export function listOf(url: string, items: StripeObject[], params: Params) {
  const limit = Math.min(100, Math.max(1, int(params.limit) ?? 10));
  const after = str(params.starting_after);
  const start = after ? items.findIndex((i) => i.id === after) + 1 : 0;
  const data = items.slice(start, start + limit);
  return { object: 'list', url, has_more: start + limit < items.length, data };
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

  createCustomer(p: Params) {
    const customer = this.store.create('customer', {
      email: str(p.email) ?? null,
      name: str(p.name) ?? null,
      metadata: meta(p.metadata),
      invoice_settings: { default_payment_method: null },
    });
    this.events.emit('customer.created', customer);
    return customer;
  }

  createProduct(p: Params) {
    if (!str(p.name)) throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: name.', 'parameter_missing', 'name');
    const id = str(p.id);
    if (id && this.store.get(id))
      throw new StripeApiError(400, 'invalid_request_error', `Product already exists.`, 'resource_already_exists', 'id');
    return this.store.create('product', {
      ...(id ? { id } : {}),
      name: p.name,
      active: bool(p.active) ?? true,
      description: str(p.description) ?? null,
      metadata: meta(p.metadata),
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
    return this.store.create('price', {
      product,
      active: true,
      currency: str(p.currency) ?? 'usd',
      unit_amount: unitAmount,
      lookup_key: lookupKey,
      nickname: str(p.nickname) ?? null,
      type: recurring ? 'recurring' : 'one_time',
      recurring: recurring ? { interval: str(recurring.interval) ?? 'month', interval_count: int(recurring.interval_count) ?? 1 } : null,
      metadata: meta(p.metadata),
    });
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
    const items = arr(p.line_items).map((raw) => {
      const item = raw as Params;
      const price = this.price(text(item.price));
      return { price: price.id, quantity: int(item.quantity) ?? 1, amount: Number(price.unit_amount) * (int(item.quantity) ?? 1) };
    });
    if (mode !== 'setup' && items.length === 0)
      throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: line_items.', 'parameter_missing', 'line_items');
    const recurring = items.some((i) => this.price(i.price).type === 'recurring');
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
    const session = this.store.create('checkout.session', {
      mode,
      status: 'open',
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      customer: customer ?? null,
      customer_email: str(p.customer_email) ?? null,
      client_reference_id: str(p.client_reference_id) ?? null,
      success_url: str(p.success_url) ?? null,
      cancel_url: str(p.cancel_url) ?? null,
      currency: 'usd',
      amount_subtotal: items.reduce((n, i) => n + i.amount, 0),
      amount_total: items.reduce((n, i) => n + i.amount, 0),
      metadata: meta(p.metadata),
      subscription_data: { metadata: meta((p.subscription_data as Params | undefined)?.metadata) },
      line_items: {
        object: 'list',
        data: items.map((i) => ({
          id: newId('li'),
          object: 'item',
          price: this.price(i.price),
          quantity: i.quantity,
          amount_total: i.amount,
        })),
      },
      subscription: null,
      payment_intent: null,
      invoice: null,
      expires_at: now() + 24 * 3600,
    });
    return this.store.update(session.id, { url: `${this.publicUrl()}/checkout/${session.id}` });
  }

  /** A subscription's next period: a paid invoice for its price (what a renewal looks like). */
  private invoiceFor(subscription: StripeObject, reason: 'subscription_create' | 'subscription_cycle') {
    const price = (subscription.items as { data: { price: StripeObject }[] }).data[0]!.price;
    const period = { start: Number(subscription.current_period_start), end: Number(subscription.current_period_end) };
    return this.invoice(subscription, reason, [invoiceLine(price, Number(price.unit_amount), period, false)]);
  }

  private invoice(subscription: StripeObject, reason: string, lines: StripeObject[]) {
    const total = lines.reduce((sum, line) => sum + Number(line.amount), 0);
    const invoice = this.store.create('invoice', {
      customer: subscription.customer,
      subscription: subscription.id,
      status: 'paid',
      paid: true,
      billing_reason: reason,
      currency: 'usd',
      // A negative total (a downgrade's unused time) is left on the customer's balance, not refunded.
      amount_due: Math.max(0, total),
      amount_paid: Math.max(0, total),
      total,
      period_start: subscription.current_period_start,
      period_end: subscription.current_period_end,
      lines: { object: 'list', data: lines },
      metadata: {},
    });
    subscription.latest_invoice = invoice.id;
    return this.store.update(invoice.id, {
      hosted_invoice_url: `${this.publicUrl()}/invoices/${invoice.id}`,
      invoice_pdf: `${this.publicUrl()}/invoices/${invoice.id}.pdf`,
    });
  }

  /**
   * A plan change, billed as Stripe bills it: a new interval starts a new period now and is
   * invoiced in full less the unused time; the same interval with `always_invoice` is invoiced
   * now for the remaining time's difference (proration lines); otherwise the prorations wait for
   * the next invoice.
   */
  private changePrice(subscription: StripeObject, price: StripeObject, behavior: string | undefined): StripeObject | null {
    const items = subscription.items as { data: { price: StripeObject }[] };
    const old = items.data[0]!.price;
    items.data[0]!.price = price;
    if (behavior === 'none') return null;
    const start = Number(subscription.current_period_start);
    const end = Number(subscription.current_period_end);
    const at = Math.min(now(), end);
    const unused = (end - at) / Math.max(1, end - start);
    const unusedLine = invoiceLine(old, -Math.round(Number(old.unit_amount) * unused), { start: at, end }, true);
    const interval = (p: StripeObject) => JSON.stringify(p.recurring);
    if (interval(old) !== interval(price)) {
      const recurring = price.recurring as { interval: string; interval_count: number };
      subscription.current_period_start = at;
      subscription.current_period_end = periodEnd(at, recurring.interval, recurring.interval_count);
      const period = { start: at, end: Number(subscription.current_period_end) };
      return this.invoice(subscription, 'subscription_update', [unusedLine, invoiceLine(price, Number(price.unit_amount), period, false)]);
    }
    if (behavior !== 'always_invoice') return null;
    const remaining = invoiceLine(price, Math.round(Number(price.unit_amount) * unused), { start: at, end }, true);
    return this.invoice(subscription, 'subscription_update', [unusedLine, remaining]);
  }

  /** The card a checkout page took: a Visa ending in its last four, attached to the customer. */
  private attachCard(customer: string, number: string) {
    const card = this.store.create('payment_method', {
      type: 'card',
      customer,
      card: {
        brand: 'visa',
        last4: number.slice(-4),
        exp_month: 12,
        exp_year: new Date().getFullYear() + 3,
        funding: 'credit',
        country: 'US',
      },
      billing_details: { email: this.customer(customer).email, name: null },
    });
    this.store.update(customer, { invoice_settings: { default_payment_method: card.id } });
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
    const fields: Record<string, unknown> = { status: 'complete', payment_status: 'paid', customer };
    if (session.mode === 'subscription') {
      const price = (session.line_items as { data: { price: StripeObject }[] }).data[0]!.price;
      const recurring = price.recurring as { interval: string; interval_count: number };
      const start = now();
      const subscription = this.store.create('subscription', {
        customer,
        status: 'active',
        cancel_at_period_end: false,
        canceled_at: null,
        cancel_at: null,
        current_period_start: start,
        current_period_end: periodEnd(start, recurring.interval, recurring.interval_count),
        default_payment_method: card.id,
        items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', price, quantity: 1 }] },
        metadata: (session.subscription_data as { metadata: Record<string, string> }).metadata,
        latest_invoice: null,
      });
      const invoice = this.invoiceFor(subscription, 'subscription_create');
      Object.assign(fields, { subscription: subscription.id, invoice: invoice.id });
      this.store.update(session.id, fields);
      this.events.emit('checkout.session.completed', session);
      this.events.emit('customer.subscription.created', subscription);
      this.events.emit('invoice.paid', invoice);
    } else {
      const intent = this.store.create('payment_intent', {
        amount: session.amount_total,
        currency: 'usd',
        status: 'succeeded',
        customer,
        payment_method: card.id,
      });
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
    if (cancelAtEnd !== undefined) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      Object.assign(subscription, {
        cancel_at_period_end: cancelAtEnd,
        cancel_at: cancelAtEnd ? subscription.current_period_end : null,
        canceled_at: cancelAtEnd ? now() : null,
      });
    }
    const item = arr(p.items)[0] as Params | undefined;
    let invoice: StripeObject | null = null;
    if (item?.price) {
      previous.items = structuredClone(subscription.items);
      invoice = this.changePrice(subscription, this.price(text(item.price)), str(p.proration_behavior));
    }
    if (p.metadata) subscription.metadata = { ...(subscription.metadata as object), ...meta(p.metadata) };
    this.events.emit('customer.subscription.updated', subscription, previous);
    if (invoice) this.events.emit('invoice.paid', invoice);
    return subscription;
  }

  cancelSubscription(id: string) {
    const subscription = this.subscription(id);
    Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now(), cancel_at_period_end: false });
    this.events.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  /** The test clock with a failing card: the renewal's invoice stays open and the subscription goes past due. */
  failRenewal(id: string) {
    const subscription = this.subscription(id);
    const invoice = this.invoiceFor(subscription, 'subscription_cycle');
    this.store.update(invoice.id, { status: 'open', paid: false, amount_paid: 0, attempt_count: 1 });
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
    const previous = { current_period_start: subscription.current_period_start, current_period_end: subscription.current_period_end };
    const price = (subscription.items as { data: { price: StripeObject }[] }).data[0]!.price;
    const recurring = price.recurring as { interval: string; interval_count: number };
    subscription.current_period_start = subscription.current_period_end;
    subscription.current_period_end = periodEnd(Number(subscription.current_period_end), recurring.interval, recurring.interval_count);
    const invoice = this.invoiceFor(subscription, 'subscription_cycle');
    this.events.emit('customer.subscription.updated', subscription, previous);
    this.events.emit('invoice.paid', invoice);
    return subscription;
  }
}
