import Router from '@koa/router';
import {
  ADMIN_DAILY_GRANT_CREDITS,
  AdminCreditGrantRequest,
  AdminCreditGrantResponse,
  AdminUserCreditsResponse,
  Messages,
} from '@studio/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { route } from '../route.ts';

const USER_CREDITS = '/api/admin/users/:id/credits';
const UserId = z.uuid({ error: 'Not a user id' });
const IdempotencyHeader = z.object({
  'idempotency-key': z
    .string({ error: 'The Idempotency-Key header is required' })
    .trim()
    .min(1, { error: 'The Idempotency-Key header is required' })
    .max(200, { error: 'The Idempotency-Key header is too long' }),
});

/** Admin-only routes: the admin rule is decided on the server (spec 1 §6), never by the browser. */
export function adminRoutes({ services: { credits } }: AppDeps): Router {
  const router = new Router();

  /** A malformed id names no user: 404, as an unknown one. */
  const userIdOf = (rawId: string | undefined) => {
    const parsed = UserId.safeParse(rawId);
    if (!parsed.success) throw notFound();
    return parsed.data;
  };

  route(
    router,
    {
      method: 'get',
      path: USER_CREDITS,
      summary: 'Admin: a user’s balance and last credit transactions (one history page)',
      auth: 'admin',
      responses: { 200: AdminUserCreditsResponse, 403: 'Admin access denied' },
    },
    async (ctx) => {
      ctx.body = (await credits.ofUser(userIdOf(ctx.params.id))) satisfies AdminUserCreditsResponse;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: USER_CREDITS,
      summary: `Admin: grant credits (MANUAL_CREDIT), at most ${ADMIN_DAILY_GRANT_CREDITS} a day per admin; requires an Idempotency-Key header`,
      auth: 'admin',
      headers: IdempotencyHeader,
      body: AdminCreditGrantRequest,
      responses: { 200: AdminCreditGrantResponse, 403: `${Messages.adminAccessDenied}, or ${Messages.adminDailyGrantLimit}` },
    },
    async (ctx, { headers, body: { amount, description } }) => {
      ctx.body = (await credits.grantAsAdmin(currentUser(ctx.state).id, userIdOf(ctx.params.id), {
        credits: amount,
        description,
        idempotencyKey: headers['idempotency-key'],
      })) satisfies AdminCreditGrantResponse;
    },
  );

  return router;
}
