import type { Knex } from 'knex';

/**
 * Where the finishing of an ad stands while it runs (`{ format, done, total }`: the cuts, then each
 * format), so the results panel shows progress after the sections are done; its updates notify the
 * job's event streams like every other change of the row. And a section's note: what the user should
 * know of how it was made (a hosted product shot made locally after failing the fidelity check).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('generated_videos', (t) => {
    t.jsonb('ad_finishing');
  });
  await db.schema.alterTable('video_sections', (t) => {
    t.text('note');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('video_sections', (t) => {
    t.dropColumn('note');
  });
  await db.schema.alterTable('generated_videos', (t) => {
    t.dropColumn('ad_finishing');
  });
}
