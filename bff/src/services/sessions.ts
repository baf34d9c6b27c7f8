import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';

export const SESSION_COOKIE = 'studio_session';
const USER_SESSION_MS = 30 * 24 * 3600_000;
/** A recovery link's session only lets its holder set a new password, for a short while. */
const RECOVERY_SESSION_MS = 30 * 60_000;

export type SessionKind = 'user' | 'recovery';

/** The signed-in user a session stands for (`ctx.state.user`). */
export interface SessionUser {
  id: string;
  email: string;
  email_confirmed_at: string | null;
  created_at: string;
  is_admin: boolean;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export function sessionLifetimeMs(kind: SessionKind): number {
  return kind === 'recovery' ? RECOVERY_SESSION_MS : USER_SESSION_MS;
}

function setSessionCookie(ctx: Context, config: Config, token: string | null, expires?: Date): void {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    overwrite: true,
    ...(expires ? { expires } : { maxAge: 0 }),
  });
}

/** Starts a server-side session and hands the browser only an opaque token in an HTTP-only cookie. */
export async function startSession(ctx: Context, db: Db, config: Config, userId: string, kind: SessionKind = 'user'): Promise<void> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + sessionLifetimeMs(kind));
  await db('sessions').insert({
    id_hash: hashToken(token),
    user_id: userId,
    kind,
    expires_at: expiresAt,
    user_agent: ctx.get('user-agent').slice(0, 300) || null,
  });
  setSessionCookie(ctx, config, token, expiresAt);
}

/** Ends the session the request holds (if any) and clears the cookie. */
export async function endSession(ctx: Context, db: Db, config: Config): Promise<void> {
  const token = ctx.cookies.get(SESSION_COOKIE);
  if (token)
    await db('sessions')
      .where({ id_hash: hashToken(token) })
      .delete();
  setSessionCookie(ctx, config, null);
}

/** Ends every session of the user but the one with `keepIdHash`. */
export async function endOtherSessions(db: Db, userId: string, keepIdHash: string | null): Promise<void> {
  const query = db('sessions').where({ user_id: userId });
  if (keepIdHash) query.whereNot({ id_hash: keepIdHash });
  await query.delete();
}
