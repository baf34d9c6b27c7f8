import type { Knex } from 'knex';

/**
 * Every admin action goes to `admin_audit`, not only those on a job: featuring an asset and
 * granting credits have no job, so `job_id` may be empty (what was acted on is in `details`).
 * The daily grant cap sums one admin's grants of one day, hence the index by admin and action.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw('ALTER TABLE admin_audit ALTER COLUMN job_id DROP NOT NULL');
  await db.raw('CREATE INDEX admin_audit_admin_action ON admin_audit (admin_id, action, created_at)');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS admin_audit_admin_action');
  // The earlier table only held actions on jobs.
  await db('admin_audit').whereNull('job_id').delete();
  await db.raw('ALTER TABLE admin_audit ALTER COLUMN job_id SET NOT NULL');
}
