import type { SessionResponse } from '@studio/contracts';
import type { Context } from 'koa';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { deleteAccount } from './account.ts';
import { consumeAuthToken, findAuthTokenUser, issueAuthToken, type AuthTokenPurpose } from './auth-tokens.ts';
import type { OidcIdentity } from './oidc.ts';
import type { Payments } from './payments/stripe.ts';
import { getOrCreateProfile } from './profiles.ts';
import { confirmAccountOwner } from './reauthentication.ts';
import { endOtherSessions, endSession, startSession, type SessionKind, type SessionUser } from './sessions.ts';
import type { ObjectStore } from './storage/object-store.ts';
import {
  accountForIdentity,
  confirmEmail,
  createPasswordUser,
  findUserByEmail,
  findUserById,
  setPassword,
  toSessionUser,
  type UserRow,
} from './users.ts';

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  objects: ObjectStore;
  payments: Payments | null;
}

/**
 * Accounts and sign-in (spec 1 §3): users, one-time links, sessions (the cookie is the session's,
 * so its calls take the request's context), re-authentication and deleting an account.
 */
export function createAuthService({ db, config, objects, payments }: AuthServiceDeps) {
  return {
    users: {
      byEmail: (email: string) => findUserByEmail(db, email),
      byId: (id: string) => findUserById(db, id),
      createWithPassword: (email: string, passwordHash: string) => createPasswordUser(db, email, passwordHash),
      confirmEmail: (userId: string, token: string) => confirmEmail(db, userId, token),
      setPassword: (userId: string, passwordHash: string) => setPassword(db, userId, passwordHash),
      forIdentity: (identity: OidcIdentity) => accountForIdentity(db, identity),
      toSessionUser: (row: UserRow) => toSessionUser(row, config),
    },
    tokens: {
      issue: (userId: string, purpose: AuthTokenPurpose, options?: { replacePending?: boolean }) =>
        issueAuthToken(db, userId, purpose, options),
      userOf: (token: unknown, purpose: AuthTokenPurpose) => findAuthTokenUser(db, token, purpose),
      consume: (token: unknown, purpose: AuthTokenPurpose) => consumeAuthToken(db, token, purpose),
    },
    sessions: {
      start: (ctx: Context, userId: string, kind?: SessionKind) => startSession(ctx, db, config, userId, kind),
      end: (ctx: Context) => endSession(ctx, db, config),
      endOthers: (userId: string, keepIdHash: string | null) => endOtherSessions(db, userId, keepIdHash),
    },
    confirmOwner: (...args: Parameters<typeof confirmAccountOwner> extends [Db, ...infer Rest] ? Rest : never) =>
      confirmAccountOwner(db, ...args),
    /** What `GET /api/auth/session` and every sign-in answer; the first one creates the profile. */
    async sessionResponse(user: SessionUser, recovery: boolean): Promise<SessionResponse> {
      return { user, profile: await getOrCreateProfile(db, user), recovery };
    },
    /** Deletes the account with its paid plan, rows and files. */
    deleteAccount: (userId: string) => deleteAccount({ db, objects, payments }, userId),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
