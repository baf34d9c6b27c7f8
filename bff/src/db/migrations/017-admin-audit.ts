import type { Knex } from 'knex';

/**
 * What admins did to other users' jobs: each cancel, free retry and refund, by whom
 * and when, kept after the job itself is gone; and an index to find a job's ledger entries.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('admin_audit', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.uuid('admin_id').notNullable().references('users.id');
    t.text('action').notNullable();
    t.text('job_id').notNullable();
    t.text('section_id');
    t.jsonb('details');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.raw('CREATE INDEX admin_audit_job ON admin_audit (job_id, created_at)');
  // The console reads a job's ledger entries by the job id its charges and refunds carry.
  await db.raw("CREATE INDEX credit_transactions_job ON credit_transactions ((task_metadata->>'job_id'))");
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS credit_transactions_job');
  await db.schema.dropTableIfExists('admin_audit');
}
