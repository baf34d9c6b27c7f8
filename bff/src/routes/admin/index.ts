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
import { grantCreditsAsAdmin } from '../../services/admin/credit-grants.ts';
import { getCreditHistory } from '../../services/credits/reports.ts';
import { getOrCreateProfileRow } from '../../services/profiles.ts';

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
export function adminRoutes({ db }: AppDeps): Router {
  const router = new Router();

  const findUser = async (rawId: string | undefined) => {
    const parsed = UserId.safeParse(rawId);
    if (!parsed.success) throw notFound();
    const user = await db('users').where({ id: parsed.data }).first('id', 'email');
    if (!user) throw notFound();
    return user as { id: string; email: string };
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
      const user = await findUser(ctx.params.id);
      const profile = await getOrCreateProfileRow(db, user);
      const history = await getCreditHistory(db, user.id, 1);
      ctx.body = {
        userId: user.id,
        email: user.email,
        balance: profile.credits_remaining,
        transactions: history.transactions,
      } satisfies AdminUserCreditsResponse;
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
      const admin = currentUser(ctx.state);
      const user = await findUser(ctx.params.id);
      await getOrCreateProfileRow(db, user);
      const transaction = await grantCreditsAsAdmin(db, {
        adminId: admin.id,
        userId: user.id,
        credits: amount,
        description,
        idempotencyKey: headers['idempotency-key'],
      });
      // A repeated key returns the first row; the balance answered is today's.
      const { credits_remaining: balance } = await db('profiles').where({ id: user.id }).first('credits_remaining');
      ctx.body = { transaction, balance } satisfies AdminCreditGrantResponse;
    },
  );

  return router;
}
