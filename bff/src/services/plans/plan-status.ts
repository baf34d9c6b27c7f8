import { PLAN_STATUS_CACHE_MS, type PlanStatusResponse } from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../sessions.ts';
import { findActiveSubscription } from './subscriptions.ts';
import { getOrCreateProfile } from '../profiles.ts';

interface CachedStatus {
  status: PlanStatusResponse;
  expiresAt: number;
}

/**
 * spec 1 §4: the plan check is cached per user for 30 minutes. Held in this process; every
 * ledger write and subscription change calls `invalidatePlanStatus`, so a stale answer never
 * outlives the change that made it wrong.
 */
const cache = new Map<string, CachedStatus>();
/** Past this many entries, expired ones are swept on the next write (bounds memory). */
const SWEEP_AT = 10_000;

/** Forgets the cached plan status of a user; call after any change to their credits or subscription. */
export function invalidatePlanStatus(userId: string): void {
  cache.delete(userId);
}

/** Forgets every cached plan status (changes may have gone unannounced). */
export function forgetPlanStatuses(): void {
  cache.clear();
}

function remember(userId: string, status: PlanStatusResponse): void {
  const now = Date.now();
  if (cache.size >= SWEEP_AT) {
    for (const [key, entry] of cache) if (entry.expiresAt <= now) cache.delete(key);
  }
  cache.set(userId, { status, expiresAt: now + PLAN_STATUS_CACHE_MS });
}

async function computePlanStatus(db: Db, user: Pick<SessionUser, 'id' | 'email'>): Promise<PlanStatusResponse> {
  const profile = await getOrCreateProfile(db, user);
  if (profile.subscription_tier === 'trial') {
    return profile.credits_remaining > 0
      ? { needsPlan: false, reason: 'trial_with_credits' }
      : { needsPlan: true, reason: 'trial_no_credits' };
  }
  const subscription = await findActiveSubscription(db, user.id);
  return subscription ? { needsPlan: false, reason: 'active_subscription' } : { needsPlan: true, reason: 'no_active_subscription' };
}

/**
 * Whether the user must pick a plan (spec 1 §4). Any failure forces the paywall and is not
 * cached, so the next request checks again.
 */
export async function getPlanStatus(
  db: Db,
  user: Pick<SessionUser, 'id' | 'email'>,
  onError?: (error: unknown) => void,
): Promise<PlanStatusResponse> {
  const cached = cache.get(user.id);
  if (cached && cached.expiresAt > Date.now()) return cached.status;
  try {
    const status = await computePlanStatus(db, user);
    remember(user.id, status);
    return status;
  } catch (error) {
    onError?.(error);
    return { needsPlan: true, reason: 'check_failed' };
  }
}

/** The caller's plan status, from its 30-minute cache (kept fresh by the ledger's notifications). */
export function createPlanStatusService({ db }: { db: Db }) {
  return {
    of: (user: Pick<SessionUser, 'id' | 'email'>, onError?: (error: unknown) => void) => getPlanStatus(db, user, onError),
  };
}
