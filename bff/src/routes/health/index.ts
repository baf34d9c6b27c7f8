import { ApiRoutes } from '@studio/contracts';
import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { buildOpenApiDocument } from '../../openapi.ts';
import { route } from '../route.ts';

const HealthQuery = z.object({ quick: z.enum(['true', 'false']).optional() });
const HealthResponse = z.object({ ok: z.boolean(), database: z.enum(['up', 'down']).optional() });

export function healthRoutes({ services: { health }, config }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.health,
      summary: 'Liveness (quick=true, no database) or readiness (database reachable)',
      query: HealthQuery,
      responses: { 200: HealthResponse, 503: HealthResponse },
    },
    async (ctx, { query: { quick } }) => {
      if (quick === 'true') {
        ctx.body = { ok: true };
        return;
      }
      try {
        await health.checkDatabase();
        ctx.body = { ok: true, database: 'up' };
      } catch (error) {
        ctx.state.log.error({ err: error }, 'health check: database unreachable');
        ctx.status = 503;
        ctx.body = { ok: false, database: 'down' };
      }
    },
  );

  // A map of every route for whoever asks: a development aid, not published in production.
  if (config.nodeEnv === 'production') return router;
  route(
    router,
    { method: 'get', path: ApiRoutes.openapi, summary: 'This API, described as OpenAPI 3', responses: { 200: 'OpenAPI document' } },
    (ctx) => {
      ctx.body = buildOpenApiDocument(config.appUrl);
    },
  );

  return router;
}
