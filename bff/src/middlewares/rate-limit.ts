import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context, Middleware } from 'koa';
import type { Db } from '../db/index.ts';
import { rateLimited } from '../errors.ts';

/** Who a limit counts: the client IP, the e-mail in the body, both together, or the signed-in user. */
export type RateLimitSubject = 'ip' | 'email' | 'email-ip' | 'user';

/**
 * One limit over a fixed window of `windowMs`. Past `slowDownAfter` attempts each answer is
 * delayed (doubling from SLOW_DOWN_BASE_MS up to SLOW_DOWN_MAX_MS); past `max` the request is
 * refused with 429 and `Retry-After`. A rule may do either or both.
 */
export interface RateLimitRule {
  by: RateLimitSubject;
  windowMs: number;
  max?: number;
  slowDownAfter?: number;
}

export interface RateLimitHit {
  count: number;
  resetAt: number;
}

/** Where attempts are counted. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  /** Takes back one attempt (a successful sign-in does not count). */
  undo(key: string): Promise<void>;
  reset(): Promise<void>;
}

/** Expired windows are deleted once every this many hits, so the table stays small. */
const SWEEP_EVERY = 500;

/**
 * Fixed-window counters in PostgreSQL (issue 6): one upsert per hit counts atomically, so
 * concurrent requests and several bff processes share exact counts, and a restart forgets nothing.
 */
export class PostgresRateLimitStore implements RateLimitStore {
  private hitsSinceSweep = 0;

  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    if (++this.hitsSinceSweep >= SWEEP_EVERY) {
      this.hitsSinceSweep = 0;
      await this.db('rate_limit_counters').where('reset_at', '<=', this.db.fn.now()).delete();
    }
    const { rows } = await this.db.raw<{ rows: { count: number; reset_at: Date }[] }>(
      `INSERT INTO rate_limit_counters AS c (key, count, reset_at)
       VALUES (?, 1, now() + make_interval(secs => ?))
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.count + 1 END,
         reset_at = CASE WHEN c.reset_at <= now() THEN excluded.reset_at ELSE c.reset_at END
       RETURNING count, reset_at`,
      [key, windowMs / 1000],
    );
    const row = rows[0]!;
    return { count: row.count, resetAt: row.reset_at.getTime() };
  }

  async undo(key: string): Promise<void> {
    await this.db('rate_limit_counters').where({ key }).where('count', '>', 0).decrement('count', 1);
  }

  async reset(): Promise<void> {
    await this.db('rate_limit_counters').delete();
  }
}

export const SLOW_DOWN_BASE_MS = 250;
export const SLOW_DOWN_MAX_MS = 4000;

/** The delay for the `excess`-th attempt past a slow-down threshold. */
export function slowDownDelay(excess: number): number {
  return excess <= 0 ? 0 : Math.min(SLOW_DOWN_MAX_MS, SLOW_DOWN_BASE_MS * 2 ** (excess - 1));
}

const minutes = (n: number) => n * 60_000;

/**
 * The limits (issue 6). Sign-in failures lock one e-mail only for the address they come from;
 * across addresses the e-mail is slowed down, never locked, so a stranger cannot lock the owner
 * out, and neither can a noisy neighbour on the owner's network until it is a real flood.
 */
export const RATE_LIMITS = {
  signin: [
    { by: 'email-ip', max: 10, windowMs: minutes(15) },
    { by: 'email', slowDownAfter: 10, windowMs: minutes(15) },
    { by: 'ip', slowDownAfter: 30, max: 300, windowMs: minutes(15) },
  ],
  signup: [
    { by: 'email', max: 5, windowMs: minutes(60) },
    // A shared network (an office, a school) signs up many people: slow down, refuse only floods.
    { by: 'ip', slowDownAfter: 30, max: 100, windowMs: minutes(60) },
  ],
  recover: [
    { by: 'email', max: 5, windowMs: minutes(60) },
    { by: 'ip', max: 20, windowMs: minutes(60) },
  ],
  /** Every upload route together, per signed-in user. */
  uploads: [{ by: 'user', max: 30, windowMs: minutes(1) }],
  /** Store reads fetch other sites on the user's behalf: a few a minute. */
  storeImport: [{ by: 'user', max: 20, windowMs: minutes(1) }],
  /**
   * Thumbnails not made yet (each one decodes an original), per address, anonymous visitors of
   * the discover feed included; a grid's first load needs a few dozen, thumbnails on disk are not counted.
   */
  thumbnailMisses: [{ by: 'ip', max: 60, windowMs: minutes(1) }],
} as const satisfies Record<string, readonly RateLimitRule[]>;

function emailOf(ctx: Context): string | null {
  const email = (ctx.request as { body?: { email?: unknown } }).body?.email;
  if (typeof email !== 'string') return null;
  const normalized = email.trim().toLowerCase();
  return normalized && normalized.length <= 254 ? normalized : null;
}

function subjectOf(ctx: Context, by: RateLimitSubject): string | null {
  switch (by) {
    case 'ip':
      return ctx.ip;
    case 'email':
      return emailOf(ctx);
    case 'email-ip': {
      const email = emailOf(ctx);
      return email && `${email}\n${ctx.ip}`;
    }
    case 'user':
      return (ctx.state as { user?: { id: string } }).user?.id ?? null;
  }
}

const hashed = (subject: string) => createHash('sha256').update(subject).digest('base64url');

export interface RateLimitOptions {
  name: string;
  store: RateLimitStore;
  rules: readonly RateLimitRule[];
  countFailuresOnly?: boolean;
}

/**
 * Counts one attempt of the request against every rule, then refuses it with 429 and
 * `Retry-After` when a rule's `max` is exceeded, or waits when a rule's slow-down threshold is
 * passed. Answers the counters' keys. For a route's costly branch only (a thumbnail not made yet);
 * whole routes take `rateLimit`.
 */
export async function countAttempt(ctx: Context, options: RateLimitOptions): Promise<string[]> {
  const keys: string[] = [];
  let retryAfterMs = 0;
  let delayMs = 0;
  const now = Date.now();
  for (const rule of options.rules) {
    const subject = subjectOf(ctx, rule.by);
    if (!subject) continue;
    const key = `${options.name}:${rule.by}:${hashed(subject)}`;
    const { count, resetAt } = await options.store.hit(key, rule.windowMs);
    keys.push(key);
    if (rule.max !== undefined && count > rule.max) retryAfterMs = Math.max(retryAfterMs, resetAt - now);
    if (rule.slowDownAfter !== undefined) delayMs = Math.max(delayMs, slowDownDelay(count - rule.slowDownAfter));
  }
  if (retryAfterMs > 0) {
    ctx.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    throw rateLimited();
  }
  if (delayMs > 0) await sleep(delayMs);
  return keys;
}

/**
 * The middleware form of `countAttempt`. Runs after the body parser (e-mail rules read
 * `body.email`) and, for `user` rules, after the auth guard. With `countFailuresOnly`, an attempt
 * that succeeds is taken back, so people who sign in correctly are never limited.
 */
export function rateLimit(options: RateLimitOptions): Middleware {
  return async (ctx, next) => {
    const keys = await countAttempt(ctx, options);
    await next();
    if (options.countFailuresOnly && ctx.status < 400) for (const key of keys) await options.store.undo(key);
  };
}
