import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { unauthenticated } from '../../errors.ts';
import { METRICS_PATH, registry } from '../../metrics.ts';
import { route } from '../route.ts';

/** Whether an Authorization header carries the token, compared in constant time. */
function bearerMatches(header: string, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header), digest(`Bearer ${token}`));
}

/**
 * `GET /metrics` on the app's port, only when `METRICS_TOKEN` is set and only to that bearer token
 *; `METRICS_PORT` serves the same text on a port of its own (start.ts).
 */
export function metricsRoutes({ config }: AppDeps): Router {
  const router = new Router();
  const { token } = config.metrics;
  if (!token) return router;
  route(
    router,
    {
      method: 'get',
      path: METRICS_PATH,
      summary: 'The metrics in Prometheus text format, to the bearer METRICS_TOKEN',
      responses: { 200: 'text/plain', 401: 'A missing or wrong token' },
    },
    async (ctx) => {
      if (!bearerMatches(ctx.get('authorization'), token)) throw unauthenticated('A metrics token is required.');
      ctx.set('Cache-Control', 'no-store');
      ctx.type = registry.contentType;
      ctx.body = await registry.metrics();
    },
  );
  return router;
}
