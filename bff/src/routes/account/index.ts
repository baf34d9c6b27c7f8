import { AccountDeleteRequest, ApiRoutes } from '@studio/contracts';
import Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { currentSession, currentUser } from '../../middlewares/auth.ts';
import { RATE_LIMITS, rateLimit } from '../../middlewares/rate-limit.ts';
import { route } from '../route.ts';

export function accountRoutes({ services: { auth }, rateLimitStore }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'delete',
      path: ApiRoutes.account,
      summary: 'Delete the account and everything of it (profile, credits, sessions, identities, files); asks for the password',
      auth: 'user',
      body: AccountDeleteRequest,
      responses: {
        204: 'Deleted',
        400: 'Password missing or wrong',
        401: 'Not signed in',
        403: 'No password: sign in again first',
        429: 'Too many attempts',
        503: 'Payments unavailable: the paid plan cannot be cancelled now',
      },
    },
    // The password check is a guess like a sign-in: limited like one, only failures counted.
    rateLimit({ name: 'accountDeletion', store: rateLimitStore, rules: RATE_LIMITS.accountDeletion, countFailuresOnly: true }),
    async (ctx, { body: { password } }) => {
      const { id } = currentUser(ctx.state);
      // A stolen session alone must not be able to destroy the account.
      await auth.confirmOwner(id, currentSession(ctx.state), password, 'password');
      await auth.deleteAccount(id);
      await auth.sessions.end(ctx);
      ctx.status = 204;
    },
  );

  return router;
}
