import type { Knex } from 'knex';

/**
 * The rate limits' counters move to rate-limiter-flexible's PostgreSQL store, in the table shape
 * its queries expect (`key`, `points`, `expire` in epoch milliseconds; the library's own CREATE
 * TABLE). Counts in flight are dropped: at worst a window starts again.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('rate_limit_counters');
  await db.raw(`CREATE TABLE rate_limit_counters (
    key varchar(255) PRIMARY KEY,
    points integer NOT NULL DEFAULT 0,
    expire bigint
  )`);
  // The library's sweep deletes by `expire`.
  await db.raw('CREATE INDEX rate_limit_counters_expire ON rate_limit_counters (expire)');
}

/** Back to the hand-written store's table (migration 004). */
export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('rate_limit_counters');
  await db.schema.createTable('rate_limit_counters', (t) => {
    t.text('key').primary();
    t.integer('count').notNullable();
    t.timestamp('reset_at', { useTz: true }).notNullable();
  });
  await db.raw('CREATE INDEX rate_limit_counters_reset_at ON rate_limit_counters (reset_at)');
}
