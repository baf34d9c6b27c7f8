import Router from '@koa/router';
import { ApiRoutes, CreditPackagesResponse, PlanRecommendationResponse, SubscriptionPlansResponse } from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { route } from '../route.ts';

/** The public catalog: plans and credit packages, active ones, cheapest first; and a user's plan recommendation. */
export function catalogRoutes({ services: { catalog } }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.subscriptionPlans,
      summary: 'Active plans, cheapest first, with annual savings (the same for everyone; your recommendation is apart)',
      auth: 'none',
      responses: { 200: SubscriptionPlansResponse },
    },
    async (ctx) => {
      ctx.body = { plans: await catalog.plans() } satisfies SubscriptionPlansResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.planRecommendation,
      summary: 'Your credits used in the last 30 days and the cheapest plan covering 1.5 × that, else the largest',
      auth: 'user',
      responses: { 200: PlanRecommendationResponse },
    },
    async (ctx) => {
      ctx.body = (await catalog.recommendation(currentUser(ctx.state).id)) satisfies PlanRecommendationResponse;
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
