import type { Knex } from 'knex';

/**
 * A request id names one request: what it asked for (its operation and inputs, hashed) is kept with
 * it, so the same id sent with other inputs is refused instead of answered with (or charged as) the
 * first request. Rows from before have none and are taken as matching.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('generation_requests', (t) => {
    t.text('fingerprint');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('generation_requests', (t) => {
    t.dropColumn('fingerprint');
  });
}
