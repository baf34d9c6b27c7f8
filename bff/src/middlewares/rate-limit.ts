import type { Context, Middleware } from 'koa';
import { rateLimited } from '../errors.ts';

/** One limit: at most `max` attempts per `windowMs`, counted per client IP or per e-mail in the body. */
export interface RateLimitRule {
  by: 'ip' | 'email';
  max: number;
  windowMs: number;
}

export interface RateLimitHit {
  count: number;
  resetAt: number;
}

/** Where attempts are counted. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): RateLimitHit;
  /** Takes back one attempt (a successful sign-in does not count). */
  undo(key: string): void;
  reset(): void;
}

/**
 * Fixed-window counters in memory. The bff runs as one process, so memory is the simplest store
 * that is exact; counts reset on restart, which only ever loosens a limit for one window.
 * Several bff processes would need a shared store (a Postgres table behind this interface).
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, RateLimitHit>();

  hit(key: string, windowMs: number): RateLimitHit {
    const now = Date.now();
    if (this.windows.size > 10_000) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { ...window };
  }

  undo(key: string): void {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  reset(): void {
    this.windows.clear();
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

const minutes = (n: number) => n * 60_000;

/** The limits of the auth routes (issue 2: per IP and per e-mail). */
export const AUTH_RATE_LIMITS = {
  signin: [
    { by: 'email', max: 10, windowMs: minutes(15) },
    { by: 'ip', max: 50, windowMs: minutes(15) },
  ],
  signup: [
    { by: 'email', max: 5, windowMs: minutes(60) },
    { by: 'ip', max: 20, windowMs: minutes(60) },
  ],
  recover: [
    { by: 'email', max: 5, windowMs: minutes(60) },
    { by: 'ip', max: 20, windowMs: minutes(60) },
  ],
} as const satisfies Record<string, readonly RateLimitRule[]>;

function emailOf(ctx: Context): string | null {
  const email = (ctx.request as { body?: { email?: unknown } }).body?.email;
  if (typeof email !== 'string') return null;
  const normalized = email.trim().toLowerCase();
  return normalized && normalized.length <= 254 ? normalized : null;
}

/**
 * Refuses a request with 429 and `Retry-After` once any rule's count is exceeded. Runs after the
 * body parser (the e-mail rule reads `body.email`). With `countFailuresOnly`, an attempt that
 * succeeds is taken back, so people who sign in correctly are never limited.
 */
export function rateLimit(options: {
  name: string;
  store: RateLimitStore;
  rules: readonly RateLimitRule[];
  countFailuresOnly?: boolean;
}): Middleware {
  return async (ctx, next) => {
    const keys: string[] = [];
    let retryAfterMs = 0;
    const now = Date.now();
    for (const rule of options.rules) {
      const subject = rule.by === 'ip' ? ctx.ip : emailOf(ctx);
      if (!subject) continue;
      const key = `${options.name}:${rule.by}:${subject}`;
      const { count, resetAt } = options.store.hit(key, rule.windowMs);
      keys.push(key);
      if (count > rule.max) retryAfterMs = Math.max(retryAfterMs, resetAt - now);
    }
    if (retryAfterMs > 0) {
      ctx.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      throw rateLimited();
    }
    await next();
    if (options.countFailuresOnly && ctx.status < 400) for (const key of keys) options.store.undo(key);
  };
}
