import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, ensureProfile, startTestStudio, type TestStudio } from '../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

const balanceOf = async (userId: string) =>
  (await studio.deps.db('profiles').where({ id: userId }).first('credits_remaining')).credits_remaining as number;
const ledgerSumOf = async (userId: string) =>
  Number((await studio.deps.db('credit_transactions').where({ user_id: userId }).sum('amount as s').first())?.s ?? 0);

function debit(userId: string, amount: number, key: string) {
  return studio.deps.db.raw('SELECT * FROM add_credit_transaction(?, ?, ?, ?, ?, ?, ?, ?)', [
    userId,
    'TASK_DEBIT',
    -amount,
    'test debit',
    'image',
    JSON.stringify({ quantity: amount }),
    0.025,
    key,
  ]);
}

describe('credit ledger', () => {
  it('lets exactly 20 of 50 concurrent 1-credit debits through on a balance of 20', async () => {
    const user = await createUser(studio);
    await ensureProfile(studio, user);
    expect(await balanceOf(user.id)).toBe(20);

    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => debit(user.id, 1, `debit-${i}`)));
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(succeeded).toBe(20);
    expect(failures.every((f) => f.reason.code === 'CR001')).toBe(true);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await ledgerSumOf(user.id)).toBe(0);
  });

  it('applies a repeated idempotency key once and returns the first result', async () => {
    const user = await createUser(studio);
    await ensureProfile(studio, user);
    const [first, ...again] = await Promise.all(Array.from({ length: 5 }, () => debit(user.id, 3, 'same-key')));
    const firstRow = first!.rows[0];
    for (const result of again) expect(result.rows[0].id).toBe(firstRow.id);
    expect(firstRow.balance_after).toBe(17);
    expect(await balanceOf(user.id)).toBe(17);
    expect(
      await studio.deps.db('credit_transactions').where({ user_id: user.id, transaction_type: 'TASK_DEBIT' }).count('* as n').first(),
    ).toEqual({ n: 1 });
  });

  it('refuses a debit larger than the balance and writes nothing', async () => {
    const user = await createUser(studio);
    await ensureProfile(studio, user);
    await expect(debit(user.id, 21, 'too-much')).rejects.toMatchObject({ code: 'CR001' });
    expect(await balanceOf(user.id)).toBe(20);
    expect(await studio.deps.db('credit_transactions').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 1 });
  });

  it('refuses amounts whose sign does not fit the transaction type', async () => {
    const user = await createUser(studio);
    await ensureProfile(studio, user);
    await expect(debit(user.id, -5, 'positive-debit')).rejects.toMatchObject({ code: 'CR003' });
    await expect(
      studio.deps.db.raw("SELECT add_credit_transaction(?, 'TOPUP_CREDIT', -5, 'x', NULL, NULL, NULL, 'neg-topup')", [user.id]),
    ).rejects.toMatchObject({ code: 'CR003' });
  });

  it('creates one profile and one trial grant for concurrent first reads', async () => {
    const user = await createUser(studio);
    await Promise.all(Array.from({ length: 10 }, () => ensureProfile(studio, user)));
    expect(await balanceOf(user.id)).toBe(20);
    expect(await studio.deps.db('credit_transactions').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 1 });
  });

  it('prices tasks from task_pricing, and by the spec fallback without a row', async () => {
    const credits = async (task: string, model: string | null, quantity: number) =>
      (await studio.deps.db.raw('SELECT calculate_credits_for_task(?, ?, ?) AS c', [task, model, quantity])).rows[0].c;
    expect(await credits('image', null, 1)).toBe(1);
    expect(await credits('image', 'flux_krea', 4)).toBe(4);
    expect(await credits('voice', null, 1)).toBe(1);
    expect(await credits('video_section', null, 3)).toBe(6);
    expect(await credits('video', null, 2)).toBe(64);
    expect(await credits('video_with_audio', null, 1)).toBe(40);
    expect(await credits('lip_sync', null, 2)).toBe(60);
    expect(await credits('audio', null, 100)).toBe(1);
    expect(await credits('audio', null, 1001)).toBe(3);
    expect(await credits('upscale', null, 0.2)).toBe(1);
    expect(await credits('upscale', null, 3)).toBe(6);
    await studio.deps
      .db('task_pricing')
      .insert({ task_type: 'image', model_name: 'ideogram_v3', base_cost_usd: 0.08, credit_multiplier: 2.5, unit: 'image' });
    expect(await credits('image', 'ideogram_v3', 1)).toBe(4);
    expect(await credits('image', 'flux_krea', 1)).toBe(1);
  });
});
