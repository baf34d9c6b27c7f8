import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Logger } from '../logger.ts';
import { httpRequestSeconds } from '../metrics.ts';

const REQUEST_ID = /^[\w-]{8,64}$/;

/** The template of the route a request matched (`/api/job-status/:jobId`), once routing has run. */
export const matchedRoute = (ctx: Context): string | undefined => (ctx as { _matchedRoute?: string })._matchedRoute;

/**
 * Gives each request an id (echoed in `x-request-id`) and a child logger, logs one line per
 * request, and times it in `studio_http_request_duration_seconds`. Only the path is logged: query
 * strings can carry one-time tokens.
 */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('x-request-id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      // By route template (`/api/job-status/:jobId`), never by path: one series per route, not per id.
      const route = matchedRoute(ctx) ?? (ctx.path.startsWith('/api/') ? 'unmatched' : 'frontend');
      httpRequestSeconds.observe({ route, method: ctx.method, status: String(ctx.status) }, ms / 1000);
      const line = { method: ctx.method, path: ctx.path, status: ctx.status, ms };
      if (ctx.status >= 500) ctx.state.log.error(line, 'request failed');
      else ctx.state.log.info(line, 'request');
    }
  };
}
