import { INITIAL_TRIAL_CREDITS, type Profile, type SessionResponse } from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../../middlewares/auth.ts';

const isoOrNull = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/**
 * The user's profile, created on first read with the trial grant (spec 1 §4; `ensure_profile`
 * makes concurrent first reads give one profile and one grant).
 */
export async function loadProfile(db: Db, user: Pick<SessionUser, 'id' | 'email'>): Promise<Profile> {
  const { rows } = await db.raw('SELECT * FROM ensure_profile(?, ?, ?)', [user.id, user.email, INITIAL_TRIAL_CREDITS]);
  const row = rows[0];
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    username: row.username,
    subscription_tier: row.subscription_tier,
    subscription_status: row.subscription_status,
    credits_remaining: row.credits_remaining,
    credits_reset_date: isoOrNull(row.credits_reset_date),
    stripe_customer_id: row.stripe_customer_id,
    current_subscription_id: row.current_subscription_id,
    avatar_url: row.avatar_url,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** What `GET /api/auth/session` and every sign-in answer. */
export async function sessionResponse(db: Db, user: SessionUser, recovery: boolean): Promise<SessionResponse> {
  return { user, profile: await loadProfile(db, user), recovery };
}
