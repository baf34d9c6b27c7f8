import type { Knex } from 'knex';

/**
 * A finished ad's formats (9:16, 1:1, 16:9 from one job): each one's files, gallery asset and
 * caption words, written once per run with its assets. Null for a job that joins its sections only.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('generated_videos', (t) => {
    t.jsonb('ad_formats');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('generated_videos', (t) => {
    t.dropColumn('ad_formats');
  });
}
