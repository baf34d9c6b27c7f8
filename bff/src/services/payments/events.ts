/**
 * Credits and plans come only from verified provider events (DESIGN decision 5). Each event is
 * applied once: its id is recorded in the same transaction as its effects. Each grant is keyed by
 * what was paid for (the checkout session of a top-up, the period an invoice pays for, a plan
 * change's new plan within the subscription's credit period), so the same payment arriving through
 * two events, again, or out of order grants once. A subscription's
 * state is read back from the provider rather than taken from the event, so whatever order events
 * arrive in, the end state is the provider's current one.
 */
import Stripe from 'stripe';
import type { Knex } from 'knex';
import type { Db } from '../../db/index.ts';
import { CHANNELS } from '../../db/notifications.ts';
import type { SubscriptionTierName } from '@studio/contracts';
import { grantCredits } from '../credits/ledger.ts';
import { isDowngrade, raiseToTierCredits } from '../credits/tiers.ts';

type Trx = Knex.Transaction;

/** Subscription states that still hold a plan (a past-due one keeps it while its card is retried). */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const;

/** spec 1 §3: the plans' tiers as profile tiers (Growth is the basic tier). */
const TIER_OF_PLAN: Record<string, Exclude<SubscriptionTierName, 'trial' | 'free'>> = {
  growth: 'basic',
  pro: 'pro',
  unlimited: 'unlimited',
};

/** A Stripe reference as its id (an expanded object or the id itself). */
export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * At the API version the SDK pins (and the emulator speaks), an invoice line keeps its price under
 * `pricing.price_details` and its proration flag under `parent.subscription_item_details`, an
 * invoice its subscription under `parent.subscription_details`, and a subscription its period on
 * its items; the older top-level fields are gone, so they are not read.
 */
const linePrice = (line: Stripe.InvoiceLineItem | undefined) => idOf(line?.pricing?.price_details?.price ?? null);
const isProration = (line: Stripe.InvoiceLineItem) => line.parent?.subscription_item_details?.proration === true;
const invoiceSubscription = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription ?? null);

/** The grant key of the plan credits for a period starting at `start` — the same key the monthly reset uses. */
export const periodKey = (start: number) => `monthly:${new Date(start * 1000).toISOString().slice(0, 19)}`;

async function userFor(trx: Trx, metadataUserId: string | undefined, customer: string | null): Promise<string | null> {
  if (metadataUserId && (await trx('profiles').where({ id: metadataUserId }).first('id'))) return metadataUserId;
  if (!customer) return null;
  const profile = await trx('profiles').where({ stripe_customer_id: customer }).first<{ id: string } | undefined>('id');
  return profile?.id ?? null;
}

async function planFor(trx: Trx, priceId: string | null) {
  if (!priceId) return null;
  const plan = await trx('subscription_plans')
    .where({ stripe_monthly_price_id: priceId })
    .orWhere({ stripe_annual_price_id: priceId })
    .first<{ id: string; plan_tier: string; plan_name: string; monthly_credits: number } | undefined>();
  return plan ?? null;
}

/** Every process forgets this user's cached plan status (after commit). */
const announce = (trx: Trx, userId: string) => trx.raw('SELECT pg_notify(?, ?)', [CHANNELS.planStatus, userId]);

const isLive = (status: string) => (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);

/** The user's other live subscription, the one that came first (its row is written), if any. */
async function earlierLiveSubscription(trx: Trx, userId: string, subscriptionId: string): Promise<string | null> {
  const row = await trx('user_subscriptions')
    .where({ user_id: userId })
    .whereNot({ stripe_subscription_id: subscriptionId })
    .whereIn('status', LIVE_SUBSCRIPTION_STATUSES)
    .first<{ stripe_subscription_id: string } | undefined>('stripe_subscription_id');
  return row?.stripe_subscription_id ?? null;
}

/**
 * One subscription per user: a second one paid (two checkouts opened before either was paid) is
 * marked as the duplicate of the first, refunded in full and cancelled at once; its credits are never
 * granted. Marked first, so a retry after a failure finishes the refund and the cancel, never grants.
 */
async function settleDuplicate(stripe: Stripe, sub: Stripe.Subscription, keptId: string): Promise<void> {
  if (!sub.metadata.duplicate_of) await stripe.subscriptions.update(sub.id, { metadata: { duplicate_of: keptId } });
  const invoices = await stripe.invoices.list({ subscription: sub.id, status: 'paid', limit: 100 });
  for (const invoice of invoices.data) {
    if (!invoice.id) continue;
    // At the pinned API version an invoice names its payment intents through its payments, not a field of its own.
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id, status: 'paid', limit: 100 });
    for (const payment of payments.data) {
      const intent = idOf(payment.payment.payment_intent ?? null);
      if (!intent) continue;
      await stripe.refunds
        .create(
          { payment_intent: intent, reason: 'duplicate', metadata: { subscription: sub.id } },
          { idempotencyKey: `refund-duplicate:${intent}` },
        )
        .catch((error: unknown) => {
          // Refunded by an earlier attempt whose key has expired: done.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded')) throw error;
        });
    }
  }
  await stripe.subscriptions.cancel(sub.id, { prorate: false });
}

/** A subscription as the provider has it now: its row, and the profile's tier and status. */
async function syncSubscription(trx: Trx, stripe: Stripe, subscriptionId: string): Promise<void> {
  let sub = await stripe.subscriptions.retrieve(subscriptionId);
  const customer = idOf(sub.customer);
  const userId = await userFor(trx, sub.metadata.userId, customer);
  if (!userId) return;
  // Locked first: the events of two subscriptions of one user are applied one after the other, so exactly one comes first.
  const before = await trx('profiles')
    .where({ id: userId })
    .forUpdate()
    .first<{ subscription_tier: SubscriptionTierName; current_subscription_id: string | null }>(
      'subscription_tier',
      'current_subscription_id',
    );
  if (isLive(sub.status)) {
    const kept = sub.metadata.duplicate_of ?? (await earlierLiveSubscription(trx, userId, sub.id));
    if (kept) {
      await settleDuplicate(stripe, sub, kept);
      sub = await stripe.subscriptions.retrieve(subscriptionId);
    }
  }
  const item = sub.items.data[0];
  const plan = await planFor(trx, item?.price.id ?? null);
  const row = {
    user_id: userId,
    plan_id: plan?.id ?? null,
    status: sub.status,
    billing_interval: item?.price.recurring?.interval === 'year' ? 'year' : 'month',
    stripe_subscription_id: sub.id,
    stripe_price_id: item?.price.id ?? null,
    cancel_at_period_end: sub.cancel_at_period_end,
    current_period_start: item ? new Date(item.current_period_start * 1000) : null,
    current_period_end: item ? new Date(item.current_period_end * 1000) : null,
    updated_at: trx.fn.now(),
  };
  await trx('user_subscriptions').insert(row).onConflict('stripe_subscription_id').merge();
  // The profile follows its current subscription only: an older one ending, or a duplicate, leaves the plan as it is.
  if (!before || (before.current_subscription_id && before.current_subscription_id !== sub.id) || sub.metadata.duplicate_of) return;
  const live = isLive(sub.status);
  const tier: SubscriptionTierName | null = live && plan ? (TIER_OF_PLAN[plan.plan_tier] ?? 'basic') : live ? null : 'free';
  await trx('profiles')
    .where({ id: userId })
    .update({
      stripe_customer_id: customer,
      subscription_status: sub.status,
      ...(tier ? { subscription_tier: tier, current_subscription_id: live ? sub.id : null } : {}),
      updated_at: trx.fn.now(),
    });
  // A downgrade or an ending comes with no paid grant: the new tier's credits are its floor (spec 1 §9).
  if (tier && isDowngrade(before.subscription_tier, tier)) {
    const period = item ? new Date(item.current_period_start * 1000).toISOString().slice(0, 19) : 'none';
    await raiseToTierCredits(trx, userId, tier, `tier-change:${sub.id}:${tier}:${period}`);
  }
  await announce(trx, userId);
}

/** A plan credit grant of the ledger, as far as a plan change needs it. */
interface PlanGrant {
  idempotency_key: string;
  amount: number;
  task_metadata: { plan_credits?: number; period_start?: string } | null;
  created_at: Date;
}

/**
 * The credit period a plan change falls in: the one the user's last periodic grant (a paid period, or
 * the monthly reset) opened, and the highest plan's monthly credits granted in it so far. A change
 * does not open one, even one that starts a new billing period at the provider (a new interval): so
 * switching back and forth within a period never grants a plan's credits twice.
 */
async function creditPeriod(trx: Trx, userId: string, fallbackStart: number): Promise<{ start: string; granted: number }> {
  const grants = await trx('credit_transactions')
    .where({ user_id: userId, transaction_type: 'PLAN_MONTHLY_CREDIT' })
    .orderBy('created_at', 'desc')
    .select<PlanGrant[]>('idempotency_key', 'amount', 'task_metadata', 'created_at');
  const opening = grants.find((grant) => grant.idempotency_key.startsWith('monthly:'));
  const start = opening ? opening.idempotency_key.slice('monthly:'.length) : new Date(fallbackStart * 1000).toISOString().slice(0, 19);
  const since = opening ? grants.filter((grant) => grant.created_at >= opening.created_at) : [];
  return { start, granted: Math.max(0, ...since.map((grant) => grant.task_metadata?.plan_credits ?? grant.amount)) };
}

/**
 * A paid invoice of a plan. A period's charge grants the plan's credits for that period, once
 * (the monthly reset's key), and moves the next reset a month on. A plan change — mid-period (only
 * proration lines) or to another interval (which starts a new billing period) — grants the new
 * plan's monthly credits less the most already granted in the credit period, once per subscription,
 * credit period and plan: Growth → Pro → Growth → Pro grants Pro's difference once. A downgrade
 * grants nothing and takes nothing back. A duplicate subscription (refunded) grants nothing.
 */
async function grantPeriod(trx: Trx, stripe: Stripe, invoiceId: string): Promise<void> {
  const invoice = await stripe.invoices.retrieve(invoiceId);
  if (invoice.status !== 'paid') return;
  const subscriptionId = invoiceSubscription(invoice);
  const sub = subscriptionId ? await stripe.subscriptions.retrieve(subscriptionId) : null;
  if (sub?.metadata.duplicate_of) return;
  const userId = await userFor(trx, sub?.metadata.userId, idOf(invoice.customer));
  if (!userId || !subscriptionId) return;
  // One plan grant at a time per user: a change reads what its credit period has granted, then grants the rest.
  await trx('profiles').where({ id: userId }).forUpdate().first('id');
  const lines = invoice.lines.data;
  const charge = lines.find((line) => !isProration(line) && line.amount >= 0);
  if (invoice.billing_reason === 'subscription_update') {
    const [from, to] = await Promise.all([
      planFor(trx, linePrice(lines.find((line) => line.amount < 0))),
      planFor(trx, linePrice(charge ?? lines.find((line) => line.amount > 0))),
    ]);
    if (!to) return;
    const period = await creditPeriod(trx, userId, sub?.items.data[0]?.current_period_start ?? invoice.period_start);
    const granted = Math.max(period.granted, from?.monthly_credits ?? 0);
    if (to.monthly_credits > granted)
      await grantCredits(trx, {
        userId,
        type: 'PLAN_MONTHLY_CREDIT',
        credits: to.monthly_credits - granted,
        description: `Upgrade to ${to.plan_name}: ${to.monthly_credits - granted} credits`,
        taskMetadata: {
          invoice: invoice.id,
          from_plan: from?.plan_name ?? null,
          plan_credits: to.monthly_credits,
          period_start: period.start,
        },
        idempotencyKey: `plan-change:${subscriptionId}:${period.start}:${to.id}`,
      });
    // The new tier's credits are the floor after the upgrade's own grant (spec 1 §9), so the grant counts toward them.
    const tier = TIER_OF_PLAN[to.plan_tier];
    if (tier && (!from || to.monthly_credits > from.monthly_credits))
      await raiseToTierCredits(trx, userId, tier, `tier-change:${subscriptionId}:${tier}:${period.start}`);
    if (charge) await moveResetDate(trx, userId, charge.period.start);
    return;
  }
  if (!charge) return;
  const plan = await planFor(trx, linePrice(charge));
  if (!plan) return;
  const start = charge.period.start;
  await grantCredits(trx, {
    userId,
    type: 'PLAN_MONTHLY_CREDIT',
    credits: plan.monthly_credits,
    description: `${plan.plan_name} plan credits`,
    taskMetadata: {
      invoice: invoice.id,
      subscription: subscriptionId,
      period_start: new Date(start * 1000).toISOString(),
      plan_credits: plan.monthly_credits,
    },
    idempotencyKey: periodKey(start),
  });
  await moveResetDate(trx, userId, start);
}

/** The next monthly reset: a month after a billing period's start (never earlier than it is). */
async function moveResetDate(trx: Trx, userId: string, start: number): Promise<void> {
  const next = new Date(start * 1000);
  next.setUTCMonth(next.getUTCMonth() + 1);
  await trx('profiles')
    .where({ id: userId })
    .andWhere((q) => void q.whereNull('credits_reset_date').orWhere('credits_reset_date', '<', next))
    .update({ credits_reset_date: next });
}

/** A top-up checkout: the package's credits (from the catalog, not the event), once per session. */
async function grantTopUp(trx: Trx, session: Stripe.Checkout.Session): Promise<void> {
  const userId = await userFor(trx, session.metadata?.userId, idOf(session.customer));
  const pack = session.metadata?.package_id
    ? await trx('credit_packages').where({ id: session.metadata.package_id }).first<{ name: string; credits: number } | undefined>()
    : undefined;
  if (!userId || !pack || session.payment_status !== 'paid') return;
  await grantCredits(trx, {
    userId,
    type: 'TOPUP_CREDIT',
    credits: pack.credits,
    description: `${pack.name}: ${pack.credits} credits`,
    taskMetadata: { checkout_session: session.id },
    idempotencyKey: `topup:${session.id}`,
  });
}

/**
 * A subscription checkout completed: the user's other subscription checkouts still open can no longer
 * be paid (one subscription per user). One paid meanwhile is settled as a duplicate when its events come.
 */
async function expireOtherCheckouts(stripe: Stripe, session: Stripe.Checkout.Session): Promise<void> {
  const customer = idOf(session.customer);
  if (!customer) return;
  const open = await stripe.checkout.sessions.list({ customer, status: 'open', limit: 100 });
  for (const other of open.data) {
    if (other.id === session.id || other.mode !== 'subscription') continue;
    await stripe.checkout.sessions.expire(other.id).catch((error: unknown) => {
      // Completed or expired since it was listed: nothing left to close.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    });
  }
}

/**
 * Reads a subscription back from the provider now (after the caller changed it), as its events will;
 * with the invoice the change produced, its credits too (a paid upgrade's difference, at once: the
 * invoice's own event later finds them granted, by the same ledger key).
 */
export async function refreshSubscription(db: Db, stripe: Stripe, subscriptionId: string, invoiceId?: string | null): Promise<void> {
  await db.transaction(async (trx) => {
    await syncSubscription(trx, stripe, subscriptionId);
    if (invoiceId) await grantPeriod(trx, stripe, invoiceId);
  });
}

/** Applies a verified event once. Answers whether it was new. */
export async function applyPaymentEvent(db: Db, stripe: Stripe, event: Stripe.Event): Promise<'applied' | 'duplicate'> {
  return db.transaction(async (trx) => {
    const recorded = await trx('payment_events').insert({ id: event.id, type: event.type }).onConflict('id').ignore().returning('id');
    if (recorded.length === 0) return 'duplicate';
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        if (session.mode === 'payment') await grantTopUp(trx, session);
        if (session.mode === 'subscription') await expireOtherCheckouts(stripe, session);
        const subscription = idOf(session.subscription);
        if (subscription) await syncSubscription(trx, stripe, subscription);
        const invoice = idOf(session.invoice);
        if (invoice) await grantPeriod(trx, stripe, invoice);
        break;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await syncSubscription(trx, stripe, event.data.object.id);
        break;
      case 'invoice.paid': {
        const invoice = event.data.object;
        const subscription = invoiceSubscription(invoice);
        if (subscription) await syncSubscription(trx, stripe, subscription);
        if (invoice.id) await grantPeriod(trx, stripe, invoice.id);
        break;
      }
      case 'invoice.payment_failed': {
        const subscription = invoiceSubscription(event.data.object);
        if (subscription) await syncSubscription(trx, stripe, subscription);
        break;
      }
    }
    return 'applied';
  });
}
