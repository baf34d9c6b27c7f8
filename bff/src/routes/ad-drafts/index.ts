import Router from '@koa/router';
import { AdDraftMessages, AdDraftRequest, AdDraftResponse, AdDraftRoutes, Messages, ProductMessages } from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { rateLimit, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { route } from '../route.ts';

export function adDraftRoutes({ services: { adDrafts }, rateLimitStore }: AppDeps): Router {
  const router = new Router();
  const limit = rateLimit({ name: 'ad-drafts', store: rateLimitStore, rules: RATE_LIMITS.adDrafts });

  route(
    router,
    {
      method: 'post',
      path: AdDraftRoutes.drafts,
      summary:
        'Draft an ad from one of your products (or a name, words and one of your photos): hook, problem, product shot, benefit and call to action with their scripts, alternative hooks as variants, the brand kit’s end card, and with presenterImageUrl (one of your images) that presenter on every talking section; free, nothing stored',
      auth: 'user',
      body: AdDraftRequest,
      responses: {
        200: AdDraftResponse,
        400: `${AdDraftMessages.productOrWords} / ${Messages.imageNotYours} / ${AdDraftMessages.presenterNotYours}`,
        404: ProductMessages.notFound,
        429: Messages.tooManyRequests,
        502: `${AdDraftMessages.modelAnswerInvalid} / ${AdDraftMessages.modelUnavailable}`,
      },
    },
    limit,
    async (ctx, { body }) => {
      ctx.body = { success: true, draft: await adDrafts.draft(currentUser(ctx.state).id, body) } satisfies AdDraftResponse;
    },
  );

  return router;
}
