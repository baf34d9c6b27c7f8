import type { Db } from '../db/index.ts';
import { hashToken, newToken } from './sessions.ts';

/** What an e-mailed link is for; each purpose has its own lifetime. */
export type AuthTokenPurpose = 'confirm_email' | 'recover';

const LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  confirm_email: 24 * 3600_000,
  recover: 3600_000,
};

/**
 * Issues a single-use link token. Only its hash is stored, so a database leak yields no working
 * link. With `replacePending`, the user's earlier unused tokens of the same purpose stop working.
 */
export async function issueAuthToken(
  db: Db,
  userId: string,
  purpose: AuthTokenPurpose,
  options: { replacePending?: boolean } = {},
): Promise<string> {
  const token = newToken();
  await db.transaction(async (trx) => {
    if (options.replacePending) await retirePendingAuthTokens(trx, userId, purpose);
    await trx('auth_tokens').insert({
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + LIFETIME_MS[purpose]),
    });
  });
  return token;
}

/** The user's unused tokens of `purpose` stop working (their purpose is met or void). */
export async function retirePendingAuthTokens(db: Db, userId: string, purpose: AuthTokenPurpose): Promise<void> {
  await db('auth_tokens').where({ user_id: userId, purpose }).whereNull('used_at').update({ used_at: db.fn.now() });
}

const isTokenShaped = (token: unknown): token is string => typeof token === 'string' && token.length > 0 && token.length <= 100;

/** The user a live link token belongs to, without spending it (null when unknown, used or expired). */
export async function findAuthTokenUser(db: Db, token: unknown, purpose: AuthTokenPurpose): Promise<string | null> {
  if (!isTokenShaped(token)) return null;
  const row = await db('auth_tokens')
    .where({ token_hash: hashToken(token), purpose })
    .whereNull('used_at')
    .where('expires_at', '>', db.fn.now())
    .first('user_id');
  return row ? (row.user_id as string) : null;
}

/**
 * Spends a link token: returns its user id once, or null when the token is unknown, used, expired
 * or meant for another purpose. One UPDATE decides, so two clicks racing cannot both succeed.
 */
export async function consumeAuthToken(db: Db, token: unknown, purpose: AuthTokenPurpose): Promise<string | null> {
  if (!isTokenShaped(token)) return null;
  const [row] = await db('auth_tokens')
    .where({ token_hash: hashToken(token), purpose })
    .whereNull('used_at')
    .where('expires_at', '>', db.fn.now())
    .update({ used_at: db.fn.now() })
    .returning('user_id');
  return row ? (row.user_id as string) : null;
}
