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
import type { AppDeps } from '../../app.ts';
import { currentUser, requireUser } from '../../middlewares/auth.ts';
import { describeRoute } from '../../openapi.ts';
import {
  getBalance,
  getCreditHistory,
  getCreditSummary,
  getCreditUsage,
  getUsageCounts,
  quoteTask,
  readProfileWithReset,
} from '../../services/credits.ts';
import { getOrCreateProfile } from '../../services/profiles.ts';

export function creditsRoutes({ db }: AppDeps): Router {
  const router = new Router();

  describeRoute({
    method: 'get',
    path: ApiRoutes.credits,
    summary: 'Balance (after any due monthly reset), subscription and low-balance advice',
    auth: 'user',
    responses: { 200: CreditsResponse },
  });
  router.get(ApiRoutes.credits, requireUser, async (ctx) => {
    ctx.body = (await getCreditSummary(db, currentUser(ctx.state))) satisfies CreditsResponse;
  });

  describeRoute({
    method: 'get',
    path: ApiRoutes.creditHistory,
    summary: 'The credit ledger, 50 a page, newest first',
    auth: 'user',
    query: CreditHistoryQuery,
    responses: { 200: CreditHistoryResponse },
  });
  router.get(ApiRoutes.creditHistory, requireUser, async (ctx) => {
    const { page } = CreditHistoryQuery.parse(ctx.query);
    const user = currentUser(ctx.state);
    await readProfileWithReset(db, user); // a due monthly grant shows up in the history it is read with
    ctx.body = (await getCreditHistory(db, user.id, page)) satisfies CreditHistoryResponse;
  });

  describeRoute({
    method: 'get',
    path: ApiRoutes.creditUsage,
    summary: 'Credits used (debits minus refunds) per UTC day and per task type',
    auth: 'user',
    query: CreditUsageQuery,
    responses: { 200: CreditUsageResponse },
  });
  router.get(ApiRoutes.creditUsage, requireUser, async (ctx) => {
    const { days } = CreditUsageQuery.parse(ctx.query);
    ctx.body = (await getCreditUsage(db, currentUser(ctx.state).id, days)) satisfies CreditUsageResponse;
  });

  describeRoute({
    method: 'get',
    path: ApiRoutes.creditQuote,
    summary: 'What a task costs: the same numbers the debit will use',
    auth: 'user',
    query: CreditQuoteQuery,
    responses: { 200: CreditQuoteResponse },
  });
  router.get(ApiRoutes.creditQuote, requireUser, async (ctx) => {
    const { taskType, modelName, quantity } = CreditQuoteQuery.parse(ctx.query);
    ctx.body = (await quoteTask(db, taskType, modelName || null, quantity)) satisfies CreditQuoteResponse;
  });

  describeRoute({
    method: 'post',
    path: ApiRoutes.creditCheck,
    summary: 'Whether the balance covers a number of credits',
    auth: 'user',
    body: CreditCheckRequest,
    responses: { 200: CreditCheckResponse },
  });
  router.post(ApiRoutes.creditCheck, requireUser, async (ctx) => {
    const { credits } = CreditCheckRequest.parse(ctx.request.body ?? {});
    const balance = await getBalance(db, currentUser(ctx.state));
    ctx.body = { sufficient: balance >= credits, balance, needed: credits } satisfies CreditCheckResponse;
  });

  describeRoute({
    method: 'get',
    path: ApiRoutes.usageLimits,
    summary: 'The tier’s limits next to storage used and videos made this month',
    auth: 'user',
    responses: { 200: UsageLimitsResponse },
  });
  router.get(ApiRoutes.usageLimits, requireUser, async (ctx) => {
    const user = currentUser(ctx.state);
    const profile = await getOrCreateProfile(db, user);
    const counts = await getUsageCounts(db, user.id);
    ctx.body = { tier: profile.subscription_tier, limits: planLimitsFor(profile.subscription_tier), ...counts } satisfies UsageLimitsResponse;
  });

  return router;
}
