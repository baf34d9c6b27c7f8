import Router from '@koa/router';
import { ApiRoutes, PlanStatusResponse } from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { route } from '../route.ts';

export function planStatusRoutes({ services: { planStatus } }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.planStatus,
      summary: 'Whether the user must choose a plan (spec rules; cached 30 minutes; any failure → needsPlan)',
      auth: 'user',
      responses: { 200: PlanStatusResponse },
    },
    async (ctx) => {
      ctx.body = (await planStatus.of(currentUser(ctx.state), (error) =>
        ctx.state.log.error({ err: error }, 'plan status check failed'),
      )) satisfies PlanStatusResponse;
    },
  );

  return router;
}
