import Router from '@koa/router';
import { ApiRoutes, CreditPackagesResponse, SubscriptionPlansResponse } from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { route } from '../route.ts';

/** The public catalog: plans and credit packages, active ones, cheapest first. */
export function catalogRoutes({ services: { catalog } }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.subscriptionPlans,
      summary: 'Active plans, cheapest first, with annual savings; for a signed-in user, the recommended plan',
      auth: 'none',
      responses: { 200: SubscriptionPlansResponse },
    },
    async (ctx) => {
      const user = ctx.state.session?.kind === 'user' ? ctx.state.user : undefined;
      ctx.body = (await catalog.plans(user?.id ?? null)) satisfies SubscriptionPlansResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.creditPackages,
      summary: 'Active top-up credit packages, cheapest first',
      auth: 'none',
      responses: { 200: CreditPackagesResponse },
    },
    async (ctx) => {
      ctx.body = { packages: await catalog.packages() } satisfies CreditPackagesResponse;
    },
  );

  return router;
}
