import type { Knex } from 'knex';

/**
 * Where the finishing of an ad stands while it runs (`{ step, done, total }`: the cuts, then each
 * format), so the results panel shows progress after the sections are done. Its updates notify the
 * job's event streams like every other change of the row.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('generated_videos', (t) => {
    t.jsonb('ad_finishing');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('generated_videos', (t) => {
    t.dropColumn('ad_finishing');
  });
}
