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
  planLimitsFor,
  UsageLimitsResponse,
} from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { route } from '../route.ts';
import { getBalance, getCreditHistory, getCreditSummary, getCreditUsage } from '../../services/credits/reports.ts';
import { getUsageCounts } from '../../services/plans/usage.ts';
import { quoteTask } from '../../services/credits/quotes.ts';
import { readProfileWithReset } from '../../services/credits/tiers.ts';
import { getOrCreateProfile } from '../../services/profiles.ts';

export function creditsRoutes({ db }: AppDeps): Router {
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
      ctx.body = (await getCreditSummary(db, currentUser(ctx.state))) satisfies CreditsResponse;
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
      const user = currentUser(ctx.state);
      await readProfileWithReset(db, user); // a due monthly grant shows up in the history it is read with
      ctx.body = (await getCreditHistory(db, user.id, page)) satisfies CreditHistoryResponse;
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
      ctx.body = (await getCreditUsage(db, currentUser(ctx.state).id, days)) satisfies CreditUsageResponse;
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
      ctx.body = (await quoteTask(db, taskType, modelName || null, quantity)) satisfies CreditQuoteResponse;
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
    async (ctx, { body: { credits } }) => {
      const balance = await getBalance(db, currentUser(ctx.state));
      ctx.body = { sufficient: balance >= credits, balance, needed: credits } satisfies CreditCheckResponse;
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
      const user = currentUser(ctx.state);
      const profile = await getOrCreateProfile(db, user);
      const counts = await getUsageCounts(db, user.id);
      ctx.body = {
        tier: profile.subscription_tier,
        limits: planLimitsFor(profile.subscription_tier),
        ...counts,
      } satisfies UsageLimitsResponse;
    },
  );

  return router;
}
