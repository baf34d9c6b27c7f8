import type { Knex } from 'knex';

/** spec 1 §4: the welcome modal is shown once per user; closing it sets this flag (kept on the server, so once on every device). */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('profiles', (t) => {
    t.timestamp('welcome_shown_at', { useTz: true });
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('profiles', (t) => {
    t.dropColumn('welcome_shown_at');
  });
}
