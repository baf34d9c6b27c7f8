import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, ensureProfile, startTestStudio, type TestStudio } from '../../test/harness.ts';
import { seedCatalog } from './seeds.ts';
import { migrationSource } from './migrations/index.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

const tables = async () =>
  (
    await studio.deps.db.raw("SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'knex_%' ORDER BY 1")
  ).rows.map((r: { tablename: string }) => r.tablename);

describe('migrations', () => {
  it('step all the way down and up again over seeded rows', async () => {
    const { db } = studio.deps;
    const user = await createUser(studio);
    await ensureProfile(studio, user);
    const before = await tables();
    expect(before).toEqual(
      expect.arrayContaining(['users', 'sessions', 'profiles', 'credit_transactions', 'subscription_plans', 'task_pricing']),
    );

    await db.migrate.rollback({ migrationSource }, true);
    expect(await tables()).toEqual([]);
    const functions = await db.raw("SELECT proname FROM pg_proc WHERE proname IN ('add_credit_transaction', 'calculate_credits_for_task')");
    expect(functions.rows).toEqual([]);

    await db.migrate.latest({ migrationSource });
    await seedCatalog(db);
    await seedCatalog(db); // seeding is repeatable
    expect(await tables()).toEqual(before);
    expect(await db('subscription_plans').count('* as n').first()).toEqual({ n: 2 });
    const again = await createUser(studio);
    await ensureProfile(studio, again);
    expect((await db('profiles').where({ id: again.id }).first()).credits_remaining).toBe(20);
  });

  it('steps down one migration at a time', async () => {
    const { db } = studio.deps;
    const names = await migrationSource.getMigrations([]);
    for (let i = names.length; i > 0; i--) {
      const [, done] = await db.migrate.down({ migrationSource });
      expect(done).toHaveLength(1);
    }
    expect(await tables()).toEqual([]);
    await db.migrate.latest({ migrationSource });
    await seedCatalog(db);
  });
});
