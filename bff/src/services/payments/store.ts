import type { Db } from '../../db/index.ts';
import { LIVE_SUBSCRIPTION_STATUSES } from './events.ts';

/** The payments' store: the catalog's plans and packages, and the user's subscriptions as the webhooks recorded them. */

export interface PlanRow {
  id: string;
  plan_name: string;
  stripe_monthly_price_id: string | null;
  stripe_annual_price_id: string | null;
}
export interface PackageRow {
  id: string;
  credits: number;
  price_usd: string | number;
  stripe_price_id: string | null;
}
export interface SubscriptionRow {
  stripe_subscription_id: string;
  status: string;
  plan_id: string | null;
  plan_name: string | null;
  billing_interval: string | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
}

export const activePlan = (db: Db, planId: string) =>
  db('subscription_plans').where({ id: planId, is_active: true }).first<PlanRow | undefined>();

export const activePackage = (db: Db, packageId: string) =>
  db('credit_packages').where({ id: packageId, is_active: true }).first<PackageRow | undefined>();

/** The active plan a price belongs to (monthly or annual), if it is one of the catalog's. */
export const planOfPrice = (db: Db, priceId: string) =>
  db('subscription_plans')
    .where({ is_active: true })
    .andWhere((q) => void q.where({ stripe_monthly_price_id: priceId }).orWhere({ stripe_annual_price_id: priceId }))
    .first<Pick<PlanRow, 'id'> | undefined>('id');

export async function hasLiveSubscription(db: Db, userId: string): Promise<boolean> {
  return Boolean(await db('user_subscriptions').where({ user_id: userId }).whereIn('status', LIVE_SUBSCRIPTION_STATUSES).first('id'));
}

export async function everSubscribed(db: Db, userId: string): Promise<boolean> {
  return Boolean(await db('user_subscriptions').where({ user_id: userId }).first('id'));
}

/** One of the user's subscriptions by its provider id, or undefined when it is not theirs. */
export const ownSubscriptionRow = (db: Db, userId: string, subscriptionId: string) =>
  db('user_subscriptions').where({ user_id: userId, stripe_subscription_id: subscriptionId }).first<SubscriptionRow | undefined>();

/** The user's current subscription (the latest not cancelled), with its plan's name. */
export const currentSubscriptionRow = (db: Db, userId: string) =>
  db('user_subscriptions as us')
    .leftJoin('subscription_plans as sp', 'sp.id', 'us.plan_id')
    .where('us.user_id', userId)
    .whereNot('us.status', 'canceled')
    .orderBy('us.updated_at', 'desc')
    .first<SubscriptionRow | undefined>('us.*', 'sp.plan_name');

/** Keeps the user's customer id at the provider, unless one was kept meanwhile. */
export async function keepCustomerId(db: Db, userId: string, customerId: string): Promise<void> {
  await db('profiles').where({ id: userId }).whereNull('stripe_customer_id').update({ stripe_customer_id: customerId });
}

/** Puts `customerId` in place of `missingId` on the user's profile, unless another request replaced it meanwhile. */
export async function replaceCustomerId(db: Db, userId: string, missingId: string, customerId: string): Promise<void> {
  await db('profiles').where({ id: userId, stripe_customer_id: missingId }).update({ stripe_customer_id: customerId });
}
