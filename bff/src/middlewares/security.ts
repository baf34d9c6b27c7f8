import { Messages } from '@studio/contracts';
import type { Middleware } from 'koa';
import { forbidden } from '../errors.ts';

/**
 * The page policy; `extraOrigins` are where remotes may load scripts, styles and data from.
 * Images may also come from any https host (a store's product photos, previewed before import)
 * and from `imageOrigins` (a local store double).
 */
export function contentSecurityPolicy(extraOrigins: readonly string[] = [], imageOrigins: readonly string[] = []): string {
  const extra = extraOrigins.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${extra}`.trim(),
    `connect-src 'self' ${extra}`.trim(),
    `style-src 'self' 'unsafe-inline' ${extra}`.trim(),
    `img-src 'self' data: blob: https: ${imageOrigins.join(' ')}`.trim(),
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Security headers on every response, set before the rest runs so that they are also on answers
 * written straight to the socket (the dev issuer under /oidc); a route may set a wider page policy
 * of its own. API answers are never stored by a browser or proxy: they carry a user's data.
 */
export function securityHeaders(options: { secure: boolean }): Middleware {
  const csp = contentSecurityPolicy();
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', csp);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(self), geolocation=()');
    if (options.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (ctx.path.startsWith('/api/')) ctx.set('Cache-Control', 'no-store');
    await next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a state-changing request must show it comes from the studio's own pages. Browsers send
 * `Origin` on every non-GET request (and `Sec-Fetch-Site`); a write with an other or opaque
 * origin is refused, and so is one with neither header: `Referer` alone proves nothing.
 * `serverToServer` names the paths other servers post to, which authenticate the caller
 * themselves and carry no browser's cookie (the dev issuer's token endpoint).
 */
export function csrfProtection(appOrigin: string, serverToServer: (path: string) => boolean = () => false): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || serverToServer(ctx.path)) return next();
    const origin = ctx.get('origin');
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    const sameOrigin = origin ? origin === appOrigin || origin === ownOrigin : ctx.get('sec-fetch-site') === 'same-origin';
    if (!sameOrigin) throw forbidden(Messages.originRefused);
    return next();
  };
}
