import type { Knex } from 'knex';

/**
 * Attempt counters of the rate limits: fixed windows kept in PostgreSQL so that they
 * survive a restart and are shared by every bff process. A key names the limit and its subject
 * (hashed: no e-mail address or IP is stored in clear).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('rate_limit_counters', (t) => {
    t.text('key').primary();
    t.integer('count').notNullable();
    t.timestamp('reset_at', { useTz: true }).notNullable();
  });
  await db.raw('CREATE INDEX rate_limit_counters_reset_at ON rate_limit_counters (reset_at)');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('rate_limit_counters');
}
