import { TASK_CREDITS } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, ensureProfile, startTestStudio, type TestStudio } from '../../../test/harness.ts';
import { runChargedTask } from './charged-task.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

async function newUserWith(credits: number) {
  const user = await createUser(studio);
  await ensureProfile(studio, user, credits);
  return user;
}
const balanceOf = async (userId: string) => (await studio.deps.db('profiles').where({ id: userId }).first()).credits_remaining as number;
const ledgerOf = (userId: string) => studio.deps.db('credit_transactions').where({ user_id: userId }).orderBy('created_at');

describe('charged work', () => {
  it('takes the credits before the work and keeps them when it succeeds', async () => {
    const user = await newUserWith(10);
    let balanceDuringWork = -1;
    const result = await runChargedTask(
      studio.deps.db,
      { userId: user.id, taskType: 'image', quantity: 3, description: '3 images', idempotencyKey: 'ok-1' },
      async () => {
        balanceDuringWork = await balanceOf(user.id);
        return 'done';
      },
    );
    expect(result).toBe('done');
    expect(balanceDuringWork).toBe(10 - 3 * TASK_CREDITS.image);
    expect(await balanceOf(user.id)).toBe(10 - 3 * TASK_CREDITS.image);
  });

  it('refuses with 402 and runs nothing when the balance is short', async () => {
    const user = await newUserWith(2);
    let ran = false;
    const attempt = runChargedTask(
      studio.deps.db,
      { userId: user.id, taskType: 'image', quantity: 3, description: '3 images', idempotencyKey: 'short-1' },
      async () => {
        ran = true;
      },
    );
    await expect(attempt).rejects.toMatchObject({ status: 402, code: 'insufficient_credits' });
    expect(ran).toBe(false);
    expect(await balanceOf(user.id)).toBe(2);
  });

  it('refunds a failed piece of work exactly once, however often it is retried', async () => {
    const user = await newUserWith(10);
    const task = { userId: user.id, taskType: 'image', quantity: 2, description: '2 images', idempotencyKey: 'fail-1' };
    const fail = () => runChargedTask(studio.deps.db, task, async () => Promise.reject(new Error('provider down')));
    await expect(fail()).rejects.toThrow('provider down');
    // Retried with the same key, concurrently: charged once, refunded once.
    const retries = await Promise.allSettled([fail(), fail(), fail()]);
    expect(retries.every((r) => r.status === 'rejected')).toBe(true);
    // A spent key does not run the work again for free, even when it would now succeed.
    let ranAgain = false;
    const again = runChargedTask(studio.deps.db, task, async () => {
      ranAgain = true;
    });
    await expect(again).rejects.toMatchObject({ status: 409 });
    expect(ranAgain).toBe(false);
    expect(await balanceOf(user.id)).toBe(10);
    const rows = await ledgerOf(user.id);
    expect(rows.filter((r) => r.transaction_type === 'TASK_DEBIT')).toHaveLength(1);
    expect(rows.filter((r) => r.transaction_type === 'TASK_REFUND')).toHaveLength(1);
  });

  it('never lets concurrent work take the balance below zero', async () => {
    const user = await newUserWith(5);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        runChargedTask(
          studio.deps.db,
          { userId: user.id, taskType: 'image', quantity: 1, description: 'image', idempotencyKey: `race-${i}` },
          async () => i,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await balanceOf(user.id)).toBe(0);
  });
});
