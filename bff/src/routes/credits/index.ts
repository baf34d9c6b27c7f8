import Router from '@koa/router';
import {
  ApiRoutes,
  CreditCheckRequest,
  CreditCheckResponse,
  CreditHistoryQuery,
  CreditHistoryResponse,
  CreditQuoteQuery,
  CreditQuoteResponse,
  CreditsResponse,
  CreditUsageQuery,
  CreditUsageResponse,
  UsageLimitsResponse,
} from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { route } from '../route.ts';

export function creditsRoutes({ services: { credits } }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.credits,
      summary: 'Balance (after any due monthly reset), subscription and low-balance advice',
      auth: 'user',
      responses: { 200: CreditsResponse },
    },
    async (ctx) => {
      ctx.body = (await credits.summary(currentUser(ctx.state))) satisfies CreditsResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.creditHistory,
      summary: 'The credit ledger, 50 a page, newest first',
      auth: 'user',
      query: CreditHistoryQuery,
      responses: { 200: CreditHistoryResponse },
    },
    async (ctx, { query: { page } }) => {
      ctx.body = (await credits.history(currentUser(ctx.state), page)) satisfies CreditHistoryResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.creditUsage,
      summary: 'Credits used (debits minus refunds) per UTC day and per task type',
      auth: 'user',
      query: CreditUsageQuery,
      responses: { 200: CreditUsageResponse },
    },
    async (ctx, { query: { days } }) => {
      ctx.body = (await credits.usage(currentUser(ctx.state).id, days)) satisfies CreditUsageResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.creditQuote,
      summary: 'What a task costs: the same numbers the debit will use',
      auth: 'user',
      query: CreditQuoteQuery,
      responses: { 200: CreditQuoteResponse },
    },
    async (ctx, { query: { taskType, modelName, quantity } }) => {
      ctx.body = (await credits.quote(taskType, modelName || null, quantity)) satisfies CreditQuoteResponse;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.creditCheck,
      summary: 'Whether the balance covers a number of credits',
      auth: 'user',
      body: CreditCheckRequest,
      responses: { 200: CreditCheckResponse },
    },
    async (ctx, { body: { credits: needed } }) => {
      ctx.body = (await credits.check(currentUser(ctx.state), needed)) satisfies CreditCheckResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.usageLimits,
      summary: 'The tier’s limits next to storage used and videos made this month',
      auth: 'user',
      responses: { 200: UsageLimitsResponse },
    },
    async (ctx) => {
      ctx.body = (await credits.limits(currentUser(ctx.state))) satisfies UsageLimitsResponse;
    },
  );

  return router;
}
