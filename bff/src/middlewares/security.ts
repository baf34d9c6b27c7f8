import { Messages } from '@studio/contracts';
import type { Middleware } from 'koa';
import { forbidden } from '../errors.ts';

/** The page policy; `extraOrigins` are where remotes may load scripts, styles and data from. */
export function contentSecurityPolicy(extraOrigins: readonly string[] = []): string {
  const extra = extraOrigins.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${extra}`.trim(),
    `connect-src 'self' ${extra}`.trim(),
    `style-src 'self' 'unsafe-inline' ${extra}`.trim(),
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Security headers on every response (a route may set a wider page policy of its own first). */
export function securityHeaders(options: { secure: boolean }): Middleware {
  const csp = contentSecurityPolicy();
  return async (ctx, next) => {
    await next();
    if (!ctx.response.get('Content-Security-Policy')) ctx.set('Content-Security-Policy', csp);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(self), geolocation=()');
    if (options.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a state-changing request that a browser sends from another site is refused. Browsers send
 * `Origin` (and `Sec-Fetch-Site`) on such requests; API clients without them are not browsers
 * holding a victim's cookie.
 */
export function csrfProtection(appOrigin: string): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method)) return next();
    const origin = ctx.get('origin');
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    if (origin && origin !== 'null' ? origin !== appOrigin && origin !== ownOrigin : ctx.get('sec-fetch-site') === 'cross-site') {
      throw forbidden(Messages.originRefused);
    }
    if (origin === 'null') throw forbidden(Messages.originRefused);
    return next();
  };
}
