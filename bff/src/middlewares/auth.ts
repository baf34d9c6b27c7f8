import { Messages } from '@studio/contracts';
import type { Context, Middleware } from 'koa';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { forbidden, unauthenticated } from '../errors.ts';
import { hashToken, SESSION_COOKIE, sessionLifetimeMs, type SessionKind, type SessionUser } from '../services/sessions.ts';
import { toSessionUser } from '../services/users.ts';

export interface SessionState {
  idHash: string;
  kind: SessionKind;
  /** When the user signed in (a session is never re-issued without a sign-in). */
  createdAt: Date;
}

declare module 'koa' {
  interface DefaultState {
    user?: SessionUser;
    session?: SessionState;
    requestId: string;
    log: import('pino').Logger;
  }
}

/** Sessions are extended when used, at most once an hour (a write per request would be waste). */
const SLIDE_AFTER_MS = 3600_000;

/** Attaches the signed-in user (if the cookie names a live session) to `ctx.state`. */
export function loadSession(db: Db, config: Config): Middleware {
  return async (ctx, next) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token && token.length <= 100) {
      const idHash = hashToken(token);
      const row = await db('sessions as s')
        .join('users as u', 'u.id', 's.user_id')
        .where('s.id_hash', idHash)
        .where('s.expires_at', '>', db.fn.now())
        .first('s.kind', 's.created_at as session_created_at', 's.last_seen_at', 'u.id', 'u.email', 'u.email_confirmed_at', 'u.created_at');
      if (row) {
        ctx.state.session = { idHash, kind: row.kind, createdAt: new Date(row.session_created_at) };
        ctx.state.user = toSessionUser(row, config);
        if (row.kind === 'user' && Date.now() - new Date(row.last_seen_at).getTime() > SLIDE_AFTER_MS) {
          await db('sessions')
            .where({ id_hash: idHash })
            .update({ last_seen_at: db.fn.now(), expires_at: new Date(Date.now() + sessionLifetimeMs('user')) });
        }
      }
    }
    return next();
  };
}

/** A signed-in user with a full session (a recovery session may only set a new password). */
export const requireUser: Middleware = async (ctx, next) => {
  if (!ctx.state.user || ctx.state.session?.kind !== 'user') throw unauthenticated();
  return next();
};

/** A signed-in user, or one holding a password-recovery session. */
export const requireUserOrRecovery: Middleware = async (ctx, next) => {
  if (!ctx.state.user) throw unauthenticated();
  return next();
};

/** spec 1 §6: admin is decided on the server from the e-mail; others get "Admin access denied". */
export const requireAdmin: Middleware = async (ctx, next) => {
  if (!ctx.state.user || ctx.state.session?.kind !== 'user') throw unauthenticated();
  if (!ctx.state.user.is_admin) throw forbidden(Messages.adminAccessDenied);
  return next();
};

/** The session of the request; only call behind `requireUser` or `requireUserOrRecovery`. */
export function currentSession(state: { session?: SessionState }): SessionState {
  if (!state.session) throw unauthenticated();
  return state.session;
}

/** The signed-in user; only call behind `requireUser`. */
export function currentUser(state: { user?: SessionUser }): SessionUser {
  if (!state.user) throw unauthenticated();
  return state.user;
}

/** spec 2 §7: a `userId` in a path, query or body must be the caller's own; only call behind `requireUser`. */
export function assertSelf(ctx: Context, userId: string | undefined): void {
  if (userId !== undefined && userId !== currentUser(ctx.state).id) throw forbidden(Messages.notYourData);
}
