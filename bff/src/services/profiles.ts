import { INITIAL_TRIAL_CREDITS, Messages, type Profile, type SubscriptionTier } from '@studio/contracts';
import type { Db } from '../db/index.ts';
import { conflict, DbErrorCodes, isDbError } from '../errors.ts';

/** The unique index on lower(username) (migration 001). */
const USERNAME_INDEX = 'profiles_username_unique';

/** A `profiles` row as the pg driver returns it. */
export interface ProfileRow {
  id: string;
  email: string;
  full_name: string | null;
  username: string | null;
  subscription_tier: SubscriptionTier;
  subscription_status: string | null;
  credits_remaining: number;
  credits_reset_date: Date | null;
  stripe_customer_id: string | null;
  current_subscription_id: string | null;
  avatar_url: string | null;
  welcome_shown_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Row → the contracts `Profile` (dates as ISO strings; internal columns left out). */
export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    username: row.username,
    subscription_tier: row.subscription_tier,
    subscription_status: row.subscription_status,
    credits_remaining: row.credits_remaining,
    credits_reset_date: iso(row.credits_reset_date),
    stripe_customer_id: row.stripe_customer_id,
    current_subscription_id: row.current_subscription_id,
    avatar_url: row.avatar_url,
    welcome_shown: row.welcome_shown_at !== null,
    updated_at: iso(row.updated_at)!,
  };
}

/**
 * The user's profile, created on first read with the trial grant (spec 1 §4, §9: tier trial,
 * 20 credits as a TRIAL_CREDIT ledger row). `ensure_profile` makes racing first reads give one
 * profile and one grant.
 */
export async function getOrCreateProfile(db: Db, user: { id: string; email: string }): Promise<Profile> {
  return toProfile(await getOrCreateProfileRow(db, user));
}

export async function getOrCreateProfileRow(db: Db, user: { id: string; email: string }): Promise<ProfileRow> {
  const result = await db.raw<{ rows: ProfileRow[] }>('SELECT * FROM ensure_profile(?, ?, ?)', [
    user.id,
    user.email,
    INITIAL_TRIAL_CREDITS,
  ]);
  return result.rows[0]!;
}

/** Whether another profile holds this username (compared in lowercase, spec 1 §5). */
export async function isUsernameTaken(db: Db, username: string, ownUserId: string | null): Promise<boolean> {
  const query = db('profiles').whereRaw('lower(username) = lower(?)', [username]);
  if (ownUserId) query.whereNot({ id: ownUserId });
  return Boolean(await query.first(db.raw('1')));
}

/** Changes to a profile the user may make themselves (validated by `ProfilePatchRequest`). */
export interface ProfileChanges {
  username?: string;
  full_name?: string | null;
  avatar_url?: string | null;
  /** Set once; never taken back. */
  welcome_shown?: true;
}

/**
 * Applies the user's own profile changes. The username is checked against other profiles first
 * (the user's own name is not "taken"); a racing writer that wins anyway trips the unique index,
 * which the caller turns into the same "taken" answer.
 */
export async function updateProfileRow(db: Db, userId: string, changes: ProfileChanges): Promise<ProfileRow> {
  const update: Record<string, unknown> = {};
  if (changes.username !== undefined) update.username = changes.username;
  if (changes.full_name !== undefined) update.full_name = changes.full_name === '' ? null : changes.full_name;
  if (changes.avatar_url !== undefined) update.avatar_url = changes.avatar_url;
  if (changes.welcome_shown) update.welcome_shown_at = db.raw('coalesce(welcome_shown_at, now())');
  const query = db('profiles').where({ id: userId });
  try {
    const [row] = Object.keys(update).length
      ? await query.update({ ...update, updated_at: db.fn.now() }).returning('*')
      : await query.select('*');
    return row as ProfileRow;
  } catch (error) {
    // spec 1 §5: a uniqueness violation on the username column gives the same message.
    if (isDbError(error, DbErrorCodes.uniqueViolation) && error.constraint === USERNAME_INDEX) throw conflict(Messages.usernameTaken);
    throw error;
  }
}
