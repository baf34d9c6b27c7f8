import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context, Middleware } from 'koa';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
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

/**
 * Where attempts are counted: rate-limiter-flexible's PostgreSQL store on the app's knex
 * pool, one limiter per limit and rule, all in the table `rate_limit_counters` in the library's
 * shape, which migration 016 creates (`tableCreated`: left to itself the library creates it in the
 * background and refuses every count until it has). Its upsert counts atomically, so concurrent
 * requests and several bff processes share exact counts, and a restart forgets nothing.
 */
export class PostgresRateLimitStore {
  static readonly TABLE = 'rate_limit_counters';
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  constructor(private readonly db: Db) {}

  /** The limiter of one rule of the limit `name`; its keys are `<name>:<rule subject>:<hash>`. */
  limiter(name: string, rule: RateLimitRule): RateLimiterPostgres {
    const id = `${name}:${rule.by}:${rule.windowMs}:${rule.max ?? ''}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: this.db,
        storeType: 'knex',
        tableName: PostgresRateLimitStore.TABLE,
        tableCreated: true,
        keyPrefix: name,
        // A slow-down-only rule never refuses: it needs the count alone.
        points: rule.max ?? Number.MAX_SAFE_INTEGER,
        duration: rule.windowMs / 1000,
        // Each limiter would sweep the whole shared table every 5 minutes: the first one does it for all.
        clearExpiredByTimeout: this.limiters.size === 0,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  async reset(): Promise<void> {
    await this.db(PostgresRateLimitStore.TABLE).delete();
  }
}
export type RateLimitStore = PostgresRateLimitStore;

export const SLOW_DOWN_BASE_MS = 250;
export const SLOW_DOWN_MAX_MS = 4000;

/** The delay for the `excess`-th attempt past a slow-down threshold. */
export function slowDownDelay(excess: number): number {
  return excess <= 0 ? 0 : Math.min(SLOW_DOWN_MAX_MS, SLOW_DOWN_BASE_MS * 2 ** (excess - 1));
}

const minutes = (n: number) => n * 60_000;

/**
 * The limits. Sign-in failures lock one e-mail only for the address they come from;
 * across addresses the e-mail is slowed down, never locked, so a stranger cannot lock the owner
 * out, and neither can a noisy neighbour on the owner's network until it is a real flood.
 */
export const RATE_LIMITS = {
  signin: [
    { by: 'email-ip', max: 10, windowMs: minutes(15) },
    { by: 'email', slowDownAfter: 10, windowMs: minutes(15) },
    { by: 'ip', slowDownAfter: 30, max: 300, windowMs: minutes(15) },
  ],
  /**
   * Deleting the account asks for the password: the same guesses as sign-in allows, counted per
   * signed-in user (the request names no e-mail) and per address, failures only, the same message.
   */
  accountDeletion: [
    { by: 'user', max: 10, windowMs: minutes(15) },
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
  /** Drafting an ad is free for the user but may ask a paid language model: a few a minute. */
  adDrafts: [{ by: 'user', max: 20, windowMs: minutes(1) }],
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

/** A counted attempt: its limiter and key, to take it back (`reward`) if it should not count. */
interface CountedAttempt {
  limiter: RateLimiterPostgres;
  key: string;
}

/**
 * Counts one attempt of the request against every rule, then refuses it with 429 and
 * `Retry-After` when a rule's `max` is exceeded, or waits when a rule's slow-down threshold is
 * passed. Answers what it counted. For a route's costly branch only (a thumbnail not made yet);
 * whole routes take `rateLimit`.
 */
export async function countAttempt(ctx: Context, options: RateLimitOptions): Promise<CountedAttempt[]> {
  const counted: CountedAttempt[] = [];
  let retryAfterMs = 0;
  let delayMs = 0;
  for (const rule of options.rules) {
    const subject = subjectOf(ctx, rule.by);
    if (!subject) continue;
    const limiter = options.store.limiter(options.name, rule);
    const key = `${rule.by}:${hashed(subject)}`;
    // The library answers a count past `points` by rejecting with the same RateLimiterRes.
    const res = await limiter.consume(key).catch((error: unknown) => {
      if (error instanceof RateLimiterRes) return error;
      throw error;
    });
    counted.push({ limiter, key });
    if (rule.max !== undefined && res.consumedPoints > rule.max) retryAfterMs = Math.max(retryAfterMs, res.msBeforeNext);
    if (rule.slowDownAfter !== undefined) delayMs = Math.max(delayMs, slowDownDelay(res.consumedPoints - rule.slowDownAfter));
  }
  if (retryAfterMs > 0) {
    ctx.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    throw rateLimited();
  }
  if (delayMs > 0) await sleep(delayMs);
  return counted;
}

/**
 * The middleware form of `countAttempt`. Runs after the body parser (e-mail rules read
 * `body.email`) and, for `user` rules, after the auth guard. With `countFailuresOnly`, an attempt
 * that succeeds is taken back, so people who sign in correctly are never limited.
 */
export function rateLimit(options: RateLimitOptions): Middleware {
  return async (ctx, next) => {
    const counted = await countAttempt(ctx, options);
    await next();
    if (options.countFailuresOnly && ctx.status < 400) for (const { limiter, key } of counted) await limiter.reward(key, 1);
  };
}
