/**
 * Stripe's objects in the shapes of the API version the installed `stripe` SDK pins
 * (`API_VERSION`): every field that version requires, with Stripe's defaults for what the studio
 * never sets. `conformance.test.ts` validates them against schemas generated from the SDK's types,
 * so a field missing here, or one the version moved away (a subscription's period, an invoice's
 * `subscription`, a line's `price`), fails there.
 */
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { newId, now, type StripeObject } from './store.ts';

/** The version the SDK sends and expects in events: read from the SDK, so an SDK upgrade moves it. */
export const API_VERSION: string = Stripe.API_VERSION;

type Fields = Record<string, unknown>;
/** An object that lives inside another (a line, an item): an id with Stripe's prefix. */
const embedded = (prefix: string, object: string, fields: Fields): StripeObject => ({ id: newId(prefix), object, ...fields });

/** Stripe's list envelope (`has_more`, `url`). */
export const list = (url: string, data: unknown[], hasMore = false) => ({ object: 'list', data, has_more: hasMore, url });

export const customer = (f: { email: string | null; name: string | null; metadata: Fields }): Fields => ({
  address: null,
  balance: 0,
  currency: null,
  default_source: null,
  delinquent: false,
  description: null,
  discount: null,
  email: f.email,
  invoice_prefix: newId('').slice(1, 9).toUpperCase(),
  invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
  metadata: f.metadata,
  name: f.name,
  next_invoice_sequence: 1,
  phone: null,
  preferred_locales: [],
  shipping: null,
  tax_exempt: 'none',
  test_clock: null,
});

export const deletedCustomer = (id: string) => ({ id, object: 'customer', deleted: true });

export const product = (f: { name: string; active: boolean; description: string | null; metadata: Fields }): Fields => ({
  active: f.active,
  default_price: null,
  description: f.description,
  images: [],
  marketing_features: [],
  metadata: f.metadata,
  name: f.name,
  package_dimensions: null,
  shippable: null,
  statement_descriptor: null,
  tax_code: null,
  tax_details: null,
  type: 'service',
  unit_label: null,
  updated: now(),
  url: null,
});

export interface Recurring {
  interval: string;
  interval_count: number;
}

export const price = (f: {
  product: string;
  currency: string;
  unitAmount: number;
  lookupKey: string | null;
  nickname: string | null;
  recurring: Recurring | null;
  metadata: Fields;
}): Fields => ({
  active: true,
  billing_scheme: 'per_unit',
  currency: f.currency,
  custom_unit_amount: null,
  lookup_key: f.lookupKey,
  metadata: f.metadata,
  nickname: f.nickname,
  product: f.product,
  recurring: f.recurring ? { ...f.recurring, meter: null, trial_period_days: null, usage_type: 'licensed' } : null,
  tax_behavior: 'unspecified',
  tiers_mode: null,
  transform_quantity: null,
  type: f.recurring ? 'recurring' : 'one_time',
  unit_amount: f.unitAmount,
  unit_amount_decimal: String(f.unitAmount),
});

/** A recurring price as the legacy `plan` Stripe still puts on a subscription item. */
const planOf = (p: StripeObject) => {
  const recurring = p.recurring as Recurring;
  return {
    id: p.id,
    object: 'plan',
    active: p.active,
    amount: p.unit_amount,
    amount_decimal: p.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: p.created,
    currency: p.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: p.nickname,
    product: p.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
};

/** A checkout session's line (returned only with `expand[]=line_items`). */
export const checkoutLine = (p: StripeObject, quantity: number, description: string): StripeObject =>
  embedded('li', 'item', {
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: Number(p.unit_amount) * quantity,
    amount_tax: 0,
    amount_total: Number(p.unit_amount) * quantity,
    currency: p.currency,
    description,
    metadata: {},
    price: p,
    quantity,
  });

export const checkoutSession = (f: {
  mode: string;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  amount: number;
  metadata: Fields;
}): Fields => ({
  adaptive_pricing: null,
  after_expiration: null,
  allow_promotion_codes: null,
  allowed_payment_method_types: null,
  amount_subtotal: f.amount,
  amount_total: f.amount,
  automatic_tax: { enabled: false, liability: null, provider: null, status: null },
  billing_address_collection: null,
  cancel_url: f.cancelUrl,
  client_reference_id: f.clientReferenceId,
  client_secret: null,
  collected_information: null,
  consent: null,
  consent_collection: null,
  currency: 'usd',
  currency_conversion: null,
  custom_fields: [],
  custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
  customer: f.customer,
  customer_account: null,
  customer_creation: f.customer ? null : 'if_required',
  customer_details: null,
  customer_email: f.customerEmail,
  discounts: [],
  expires_at: now() + 24 * 3600,
  integration_identifier: null,
  invoice: null,
  invoice_creation: null,
  locale: null,
  managed_payments: null,
  metadata: f.metadata,
  mode: f.mode,
  origin_context: null,
  payment_intent: null,
  payment_link: null,
  payment_method_collection: f.mode === 'payment' ? null : 'always',
  payment_method_configuration_details: null,
  payment_method_options: null,
  payment_method_types: ['card'],
  payment_status: f.mode === 'setup' ? 'no_payment_required' : 'unpaid',
  permissions: null,
  recovered_from: null,
  saved_payment_method_options: null,
  setup_intent: null,
  shipping_address_collection: null,
  shipping_cost: null,
  shipping_options: [],
  status: 'open',
  submit_type: null,
  subscription: null,
  success_url: f.successUrl,
  total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
  ui_mode: 'hosted_page',
  url: null,
  wallet_options: null,
});

/** Who paid on the hosted page, as the session records it once complete. */
export const customerDetails = (email: string | null) => ({
  address: null,
  business_name: null,
  email,
  individual_name: null,
  name: null,
  phone: null,
  tax_exempt: 'none',
  tax_ids: [],
});

/** A subscription item: since the 2025 versions, the current period lives here, not on the subscription. */
export const subscriptionItem = (subscription: string, p: StripeObject, period: { start: number; end: number }): StripeObject =>
  embedded('si', 'subscription_item', {
    billing_thresholds: null,
    created: now(),
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(p),
    price: p,
    quantity: 1,
    subscription,
    tax_rates: [],
  });

export const cancellation = (reason: 'cancellation_requested' | null) => ({ comment: null, feedback: null, feedback_option: null, reason });

export const subscription = (f: {
  id: string;
  customer: string;
  item: StripeObject;
  start: number;
  defaultPaymentMethod: string;
  metadata: Fields;
}): Fields => ({
  id: f.id,
  application: null,
  application_fee_percent: null,
  automatic_tax: { disabled_reason: null, enabled: false, liability: null },
  billing_cycle_anchor: f.start,
  billing_cycle_anchor_config: null,
  billing_mode: { flexible: null, type: 'classic' },
  billing_schedules: [],
  billing_thresholds: null,
  cancel_at: null,
  cancel_at_period_end: false,
  canceled_at: null,
  cancellation_details: cancellation(null),
  collection_method: 'charge_automatically',
  currency: 'usd',
  customer: f.customer,
  customer_account: null,
  days_until_due: null,
  default_payment_method: f.defaultPaymentMethod,
  default_source: null,
  description: null,
  discounts: [],
  ended_at: null,
  invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
  items: list(`/v1/subscription_items?subscription=${f.id}`, [f.item]),
  latest_invoice: null,
  managed_payments: null,
  metadata: f.metadata,
  next_pending_invoice_item_invoice: null,
  on_behalf_of: null,
  pause_collection: null,
  payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
  pending_invoice_item_interval: null,
  pending_setup_intent: null,
  pending_update: null,
  schedule: null,
  start_date: f.start,
  status: 'active',
  test_clock: null,
  transfer_data: null,
  trial_end: null,
  trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
  trial_start: null,
});

export interface LineSpec {
  price: StripeObject;
  amount: number;
  period: { start: number; end: number };
  proration: boolean;
  description: string;
}

/** An invoice line of a subscription item: its price under `pricing`, its proration flag under `parent`. */
export const invoiceLine = (invoice: string | null, subscription: StripeObject, item: string, line: LineSpec): StripeObject =>
  embedded('il', 'line_item', {
    amount: line.amount,
    currency: line.price.currency,
    description: line.description,
    discount_amounts: [],
    discountable: !line.proration,
    discounts: [],
    invoice,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item,
      },
      type: 'subscription_item_details',
    },
    period: line.period,
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: line.price.id, product: line.price.product },
      type: 'price_details',
      unit_amount_decimal: String(line.price.unit_amount),
    },
    quantity: 1,
    quantity_decimal: '1',
    subscription: subscription.id,
    subtotal: line.amount,
    taxes: [],
  });

/**
 * An invoice of a subscription: paid at once (the card on file), or a preview (`draft`, nothing
 * charged). A negative total (a downgrade's unused time) is left on the customer's balance.
 */
export const invoice = (f: {
  id: string;
  subscription: StripeObject;
  customerEmail: string | null;
  reason: string;
  lines: StripeObject[];
  period: { start: number; end: number };
  preview?: boolean;
}): Fields => {
  const total = f.lines.reduce((sum, line) => sum + Number(line.amount), 0);
  const due = Math.max(0, total);
  const at = now();
  return {
    id: f.id,
    account_country: 'US',
    account_name: 'Studio',
    account_tax_ids: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: f.preview ? 0 : due,
    amount_remaining: f.preview ? due : 0,
    amount_shipping: 0,
    application: null,
    attempt_count: f.preview ? 0 : 1,
    attempted: !f.preview,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: f.reason,
    collection_method: 'charge_automatically',
    currency: 'usd',
    custom_fields: null,
    customer: f.subscription.customer,
    customer_account: null,
    customer_address: null,
    customer_email: f.customerEmail,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: f.preview ? null : at,
    ending_balance: f.preview ? null : Math.min(0, total),
    footer: null,
    from_invoice: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: list(`/v1/invoices/${f.id}/lines`, f.lines),
    metadata: {},
    next_payment_attempt: null,
    number: f.preview ? null : `${f.id.slice(3, 11).toUpperCase()}-0001`,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: f.subscription.metadata, subscription: f.subscription.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: f.period.end,
    period_start: f.period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: f.preview ? 'draft' : 'paid',
    status_transitions: {
      finalized_at: f.preview ? null : at,
      marked_uncollectible_at: null,
      paid_at: f.preview ? null : at,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: f.preview ? null : at,
  };
};

/** A card's fingerprint: the same number gives the same one, as Stripe's does within an account. */
export const cardFingerprint = (number: string) => createHash('sha256').update(`card:${number}`).digest('base64url').slice(0, 16);

export const card = (f: { customer: string; email: string | null; number: string }): Fields => ({
  allow_redisplay: 'always',
  billing_details: { address: null, email: f.email, name: null, phone: null, tax_id: null },
  card: {
    brand: 'visa',
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    country: 'US',
    display_brand: 'visa',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 3,
    fingerprint: cardFingerprint(f.number),
    funding: 'credit',
    generated_from: null,
    last4: f.number.slice(-4),
    networks: { available: ['visa'], preferred: null },
    regulated_status: 'unregulated',
    three_d_secure_usage: { supported: true },
    wallet: null,
  },
  customer: f.customer,
  customer_account: null,
  metadata: {},
  type: 'card',
});

export const setupIntent = (f: { customer: string | null; usage: string }): Fields => ({
  allowed_payment_method_types: null,
  application: null,
  automatic_payment_methods: null,
  cancellation_reason: null,
  client_secret: `seti_secret_${newId('').slice(1)}`,
  customer: f.customer,
  description: null,
  excluded_payment_method_types: null,
  last_setup_error: null,
  latest_attempt: null,
  mandate: null,
  metadata: {},
  next_action: null,
  on_behalf_of: null,
  payment_method: null,
  payment_method_configuration_details: null,
  payment_method_options: null,
  payment_method_types: ['card'],
  single_use_mandate: null,
  status: 'requires_payment_method',
  usage: f.usage,
});

/** A payment intent that paid an invoice or a checkout (only what the studio reads: its amount and status). */
export const paymentIntent = (f: { amount: number; customer: string; paymentMethod: string }): Fields => ({
  amount: f.amount,
  amount_received: f.amount,
  currency: 'usd',
  customer: f.customer,
  metadata: {},
  payment_method: f.paymentMethod,
  status: 'succeeded',
});

/** How an invoice was paid: since the 2025 versions an invoice names its payments here, not in a `payment_intent` field. */
export const invoicePayment = (f: { invoice: string; amount: number; paymentIntent: string; paidAt: number }): Fields => ({
  amount_paid: f.amount,
  amount_requested: f.amount,
  currency: 'usd',
  invoice: f.invoice,
  is_default: true,
  payment: { payment_intent: f.paymentIntent, type: 'payment_intent' },
  status: 'paid',
  status_transitions: { canceled_at: null, paid_at: f.paidAt },
});

export const refund = (f: {
  amount: number;
  customer: string | null;
  paymentIntent: string;
  paymentMethod: string | null;
  reason: string | null;
  metadata: Fields;
}): Fields => ({
  amount: f.amount,
  balance_transaction: null,
  charge: null,
  currency: 'usd',
  customer: f.customer,
  customer_account: null,
  destination_details: {
    card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
    type: 'card',
  },
  metadata: f.metadata,
  payment_intent: f.paymentIntent,
  payment_method: f.paymentMethod,
  reason: f.reason,
  receipt_number: null,
  source_transfer_reversal: null,
  status: 'succeeded',
  transfer_reversal: null,
});

export const portalSession = (f: { customer: string; returnUrl: string | null }): Fields => ({
  configuration: 'bpc_emulator_default',
  customer: f.customer,
  customer_account: null,
  flow: null,
  locale: null,
  on_behalf_of: null,
  return_url: f.returnUrl,
});

export const event = (f: { type: string; object: StripeObject; previous?: Fields; pendingWebhooks: number }): Fields => ({
  api_version: API_VERSION,
  data: { object: structuredClone(f.object), ...(f.previous ? { previous_attributes: f.previous } : {}) },
  pending_webhooks: f.pendingWebhooks,
  request: { id: null, idempotency_key: null },
  type: f.type,
});
