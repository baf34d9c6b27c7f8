import { Messages } from '@studio/contracts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { conflict, DbErrorCodes, isDbError } from '../errors.ts';
import { retirePendingAuthTokens, consumeAuthToken } from './auth-tokens.ts';
import type { OidcIdentity } from './oidc.ts';
import type { SessionUser } from './sessions.ts';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  email_confirmed_at: Date | null;
  created_at: Date;
}

/** E-mail addresses are compared lowercased (the unique index is on `lower(email)`). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db('users').whereRaw('lower(email) = ?', [email.toLowerCase()]).first();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db('users').where({ id }).first();
}

/** The user as the API shows it (contracts `User`). */
export function toSessionUser(row: Pick<UserRow, 'id' | 'email' | 'email_confirmed_at' | 'created_at'>, config: Config): SessionUser {
  return {
    id: row.id,
    email: row.email,
    email_confirmed_at: row.email_confirmed_at ? new Date(row.email_confirmed_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
    is_admin: config.adminEmails.has(row.email.toLowerCase()),
  };
}

/** A new account with a password, its e-mail not yet confirmed; an address already taken is the spec's conflict. */
export async function createPasswordUser(db: Db, email: string, passwordHash: string): Promise<string> {
  try {
    const [row] = await db('users').insert({ email, password_hash: passwordHash }).returning('id');
    return row.id as string;
  } catch (error) {
    if (isDbError(error, DbErrorCodes.uniqueViolation)) throw conflict(Messages.userAlreadyRegistered);
    throw error;
  }
}

/** Confirms the user's e-mail with the mailed link's token (used once); false when the token is not theirs or spent. */
export async function confirmEmail(db: Db, userId: string, token: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    if ((await consumeAuthToken(trx, token, 'confirm_email')) !== userId) return false;
    await trx('users').where({ id: userId }).update({ email_confirmed_at: trx.fn.now(), updated_at: trx.fn.now() });
    await retirePendingAuthTokens(trx, userId, 'confirm_email');
    return true;
  });
}

/** Sets a new password (hashed); pending reset and confirmation links die with the old one. */
export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.transaction(async (trx) => {
    // Holding a recovery link proves control of the inbox, so the address counts as confirmed.
    await trx('users')
      .where({ id: userId })
      .update({
        password_hash: passwordHash,
        email_confirmed_at: trx.raw('coalesce(email_confirmed_at, now())'),
        updated_at: trx.fn.now(),
      });
    // Reset links still in flight die with the old password; confirmation links have done their work.
    await retirePendingAuthTokens(trx, userId, 'recover');
    await retirePendingAuthTokens(trx, userId, 'confirm_email');
  });
}

const GOOGLE = 'google';

class UnverifiedEmailError extends Error {
  override name = 'UnverifiedEmailError';
}

/**
 * The account for a provider identity: the one already linked to it, else the account with the
 * same *verified* e-mail (linked now), else a new confirmed account without a password.
 */
async function linkOrCreate(db: Db, identity: OidcIdentity): Promise<string> {
  return db.transaction(async (trx) => {
    const linked = await trx('oauth_identities').where({ provider: GOOGLE, subject: identity.subject }).first('user_id');
    if (linked) return linked.user_id as string;
    // An unverified address proves nothing: linking on it would hand over someone else's account.
    if (!identity.email || !identity.emailVerified) throw new UnverifiedEmailError('the provider did not vouch for the e-mail');
    let user = await trx('users').whereRaw('lower(email) = ?', [identity.email]).forUpdate().first('id', 'email_confirmed_at');
    if (!user) {
      [user] = await trx('users')
        .insert({ email: identity.email, email_confirmed_at: trx.fn.now() })
        .returning(['id', 'email_confirmed_at']);
    } else if (!user.email_confirmed_at) {
      // Whoever signed up with this address never proved it; the provider now has. Their password
      // is dropped so a squatter who registered first cannot sign in to the owner's account.
      await trx('users').where({ id: user.id }).update({ email_confirmed_at: trx.fn.now(), password_hash: null, updated_at: trx.fn.now() });
      await trx('sessions').where({ user_id: user.id }).delete();
      // The address is proven: links mailed for that registration have nothing left to confirm.
      await retirePendingAuthTokens(trx, user.id, 'confirm_email');
    }
    await trx('oauth_identities').insert({ user_id: user.id, provider: GOOGLE, subject: identity.subject, email: identity.email });
    return user.id as string;
  });
}

/** `linkOrCreate`, once more when two first sign-ins race: the loser finds the winner's rows on a second look. */
export async function accountForIdentity(db: Db, identity: OidcIdentity): Promise<string> {
  try {
    return await linkOrCreate(db, identity);
  } catch (error) {
    if (!isDbError(error, DbErrorCodes.uniqueViolation)) throw error;
    return linkOrCreate(db, identity);
  }
}
