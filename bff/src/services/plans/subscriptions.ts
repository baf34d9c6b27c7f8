import type { Queryable } from '../../db/index.ts';

export interface ActiveSubscription {
  id: string;
  status: string;
  plan_id: string | null;
  subscription_plans: { plan_name: string; plan_tier: string } | null;
}

/** The user's newest active subscription with its plan's name and tier, or null. */
export async function findActiveSubscription(db: Queryable, userId: string): Promise<ActiveSubscription | null> {
  const row = await db('user_subscriptions as us')
    .leftJoin('subscription_plans as sp', 'sp.id', 'us.plan_id')
    .where({ 'us.user_id': userId, 'us.status': 'active' })
    .orderBy('us.created_at', 'desc')
    .first('us.id', 'us.status', 'us.plan_id', 'sp.plan_name', 'sp.plan_tier');
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    plan_id: row.plan_id,
    subscription_plans: row.plan_name ? { plan_name: row.plan_name, plan_tier: row.plan_tier } : null,
  };
}
