import { Messages } from '@studio/contracts';
import type { Middleware } from 'koa';
import { forbidden, misdirectedRequest, notFound } from '../errors.ts';
import { hostnameOf, isLoopback } from '../loopback.ts';

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

/** The peer of the connection is this machine (the socket's address: a header can be forged). */
export const isLoopbackClient = (ctx: { req: { socket: { remoteAddress?: string } } }) => isLoopback(ctx.req.socket.remoteAddress ?? '');

/**
 * DNS rebinding: a page on evil.example whose name is re-pointed at this server sends
 * `Host: evil.example` and `Origin: http://evil.example`, and its browser treats our answers as
 * its own. Only requests naming `APP_URL`'s host get past this (and, when that host is loopback,
 * every loopback name: a developer may open localhost or 127.0.0.1 alike). Host names are
 * compared, not ports: a rebinding page cannot choose our host name, while ports change through
 * proxies and port mappings. Koa's `ctx.host` reads X-Forwarded-Host only when `app.proxy` is on
 * (TRUST_PROXY > 0), and then the proxy's value is the one checked: the proxy must set it.
 */
export function hostCheck(appUrl: string): Middleware {
  const appHost = new URL(appUrl).hostname;
  const loopbackApp = isLoopback(appHost);
  return async (ctx, next) => {
    const hostname = hostnameOf(ctx.host);
    // A loopback name from a loopback peer is this machine talking to itself (a health probe, the
    // local Stripe emulator's webhooks): a rebinding page never sends one, whatever APP_URL is.
    const loopbackName = hostname !== null && isLoopback(hostname) && (loopbackApp || isLoopbackClient(ctx));
    if (!hostname || (hostname !== appHost && !loopbackName)) throw misdirectedRequest();
    return next();
  };
}

/**
 * The dev stand-ins (the outbox shows anyone's links, the issuer vouches for any e-mail) answer
 * only clients on this machine; to anyone else their paths do not exist.
 */
export function loopbackClientsOnly(paths: (path: string) => boolean): Middleware {
  return async (ctx, next) => {
    if (paths(ctx.path) && !isLoopbackClient(ctx)) throw notFound();
    return next();
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
  // A loopback APP_URL's origin under its other loopback names (same scheme and port) is the same
  // server: a developer may open http://localhost:8080 or http://127.0.0.1:8080 alike.
  const app = new URL(appOrigin);
  const allowed = new Set([app.origin]);
  if (isLoopback(app.hostname)) {
    for (const name of ['localhost', '127.0.0.1', '[::1]']) allowed.add(new URL(`${app.protocol}//${name}:${app.port || '80'}`).origin);
  }
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || serverToServer(ctx.path)) return next();
    const origin = ctx.get('origin');
    // Never the request's own Host: a rebinding page's Origin matches the Host it sends.
    const sameOrigin = origin ? allowed.has(origin) : ctx.get('sec-fetch-site') === 'same-origin';
    if (!sameOrigin) throw forbidden(Messages.originRefused);
    return next();
  };
}
