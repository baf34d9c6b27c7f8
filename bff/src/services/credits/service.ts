import {
  planLimitsFor,
  type AdminCreditGrantResponse,
  type AdminUserCreditsResponse,
  type CreditCheckResponse,
  type UsageLimitsResponse,
} from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import { grantCreditsAsAdmin } from '../admin/credit-grants.ts';
import { isUuid } from '../ids.ts';
import { getUsageCounts } from '../plans/usage.ts';
import { getOrCreateProfile, getOrCreateProfileRow } from '../profiles.ts';
import { quoteTask } from './quotes.ts';
import { getBalance, getCreditHistory, getCreditSummary, getCreditUsage } from './reports.ts';
import { readProfileWithReset } from './tiers.ts';

type Caller = { id: string; email: string };

/**
 * Credits as the API offers them (spec 1 §4–§5): the caller's balance, history, usage, quotes and
 * plan limits, and an admin's view and grants. Every write goes through the ledger.
 */
export function createCreditService({ db }: { db: Db }) {
  /** A user an admin names by id; an id that is not one is a user that does not exist. */
  async function userById(id: string): Promise<Caller> {
    const user = isUuid(id) ? await db('users').where({ id }).first<Caller | undefined>('id', 'email') : undefined;
    if (!user) throw notFound();
    return user;
  }

  return {
    summary: (user: Caller) => getCreditSummary(db, user),
    async history(user: Caller, page: number) {
      await readProfileWithReset(db, user); // a due monthly grant shows up in the history it is read with
      return getCreditHistory(db, user.id, page);
    },
    usage: (userId: string, days: number) => getCreditUsage(db, userId, days),
    quote: (taskType: string, modelName: string | null, quantity: number) => quoteTask(db, taskType, modelName, quantity),
    async check(user: Caller, credits: number): Promise<CreditCheckResponse> {
      const balance = await getBalance(db, user);
      return { sufficient: balance >= credits, balance, needed: credits };
    },
    async limits(user: Caller): Promise<UsageLimitsResponse> {
      const profile = await getOrCreateProfile(db, user);
      const counts = await getUsageCounts(db, user.id);
      return { tier: profile.subscription_tier, limits: planLimitsFor(profile.subscription_tier), ...counts };
    },

    /** Admin: a user's balance and last credit transactions (one history page). */
    async ofUser(userId: string): Promise<AdminUserCreditsResponse> {
      const user = await userById(userId);
      const profile = await getOrCreateProfileRow(db, user);
      const history = await getCreditHistory(db, user.id, 1);
      return { userId: user.id, email: user.email, balance: profile.credits_remaining, transactions: history.transactions };
    },

    /** Admin: grants credits once per idempotency key, within the admin's daily cap. */
    async grantAsAdmin(
      adminId: string,
      userId: string,
      grant: { credits: number; description: string; idempotencyKey: string },
    ): Promise<AdminCreditGrantResponse> {
      const user = await userById(userId);
      await getOrCreateProfileRow(db, user);
      const transaction = await grantCreditsAsAdmin(db, { adminId, userId: user.id, ...grant });
      // A repeated key returns the first row; the balance answered is today's.
      const { credits_remaining: balance } = await db('profiles')
        .where({ id: user.id })
        .first<{ credits_remaining: number }>('credits_remaining');
      return { transaction, balance };
    },
  };
}
export type CreditService = ReturnType<typeof createCreditService>;
