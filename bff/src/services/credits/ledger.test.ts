import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, ensureProfile, startTestStudio, type TestStudio } from '../../../test/harness.ts';
import { AppError } from '../../errors.ts';
import { debitCredits, grantCredits, writeLedger } from './ledger.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

const db = () => studio.deps.db;
const funded = async (credits: number) => {
  const user = await createUser(studio);
  await ensureProfile(studio, user, credits);
  return user.id;
};
const balanceOf = async (userId: string) =>
  (await db()('profiles').where({ id: userId }).first('credits_remaining')).credits_remaining as number;
const ledgerOf = (userId: string) =>
  db()('credit_transactions').where({ user_id: userId }).orderBy('created_at').select('amount', 'balance_after', 'idempotency_key');
const debit = (userId: string, credits: number, key = randomUUID()) =>
  debitCredits(db(), { userId, credits, description: 'test', taskType: 'image', idempotencyKey: key });

describe('the ledger under one user’s concurrent writes', () => {
  it('writes what arrives together in one call, and each entry ends as it would alone: 20 of 50 debits on 20 credits', async () => {
    const userId = await funded(20);
    const calls = vi.spyOn(db(), 'raw');
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => debit(userId, 1)));
    const batchCalls = calls.mock.calls.filter(([sql]) => String(sql).includes('add_credit_transactions')).length;
    calls.mockRestore();

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refusals.every((r) => r.reason instanceof AppError && r.reason.status === 402)).toBe(true);
    expect(await balanceOf(userId)).toBe(0);
    // Every row's balance follows from the one before it, in order.
    const rows = await ledgerOf(userId);
    expect(rows).toHaveLength(21);
    rows.reduce((balance, row) => (expect(row.balance_after).toBe(balance + row.amount), row.balance_after), 0);
    // 50 writes, far fewer calls: the first alone, the rest in batches.
    expect(batchCalls).toBeGreaterThan(0);
    expect(batchCalls).toBeLessThan(10);
  });

  it('applies a key repeated within one batch once, and answers every caller the same row', async () => {
    const userId = await funded(20);
    const key = randomUUID();
    const results = await Promise.all([debit(userId, 1), ...Array.from({ length: 9 }, () => debit(userId, 3, key))]);
    expect(new Set(results.slice(1).map((t) => t.id)).size).toBe(1);
    expect(await balanceOf(userId)).toBe(20 - 1 - 3);
  });

  it('a refused debit does not stop the others of its batch, and a credit in the batch counts for what follows', async () => {
    const userId = await funded(2);
    const order = [
      debit(userId, 1),
      debit(userId, 5),
      grantCredits(db(), { userId, type: 'MANUAL_CREDIT', credits: 10, description: 'gift', idempotencyKey: randomUUID() }),
      debit(userId, 5),
    ];
    const results = await Promise.allSettled(order);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await balanceOf(userId)).toBe(2 - 1 + 10 - 5);
  });

  it('when a batch fails as a whole, its entries are applied one by one, each with its own outcome', async () => {
    const userId = await funded(20);
    // The first write holds the queue; behind it, a malformed entry (a debit of 0 credits) and two good ones.
    const results = await Promise.allSettled([
      debit(userId, 1),
      debit(userId, 2),
      writeLedger(db(), { userId, type: 'TASK_DEBIT', amount: 0, description: 'nothing', idempotencyKey: randomUUID() }),
      debit(userId, 3),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await balanceOf(userId)).toBe(20 - 6);
  });
});
