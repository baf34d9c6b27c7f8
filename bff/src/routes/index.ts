import Router from '@koa/router';
import type { AppDeps } from '../app.ts';
import { healthRoutes } from './health/index.ts';

/** Every API router, in one list. */
export function createApiRouter(deps: AppDeps): Router {
  const api = new Router();
  for (const routes of [healthRoutes]) {
    const router = routes(deps);
    api.use(router.routes(), router.allowedMethods());
  }
  return api;
}
