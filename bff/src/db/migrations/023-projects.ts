import type { Knex } from 'knex';

/**
 * Projects (spec 1 §3 `projects (id, created_at, user_id)`): an editor's draft kept on the server
 * so Reload or Exit never loses it. The draft is the editor's own JSON (checked by the contracts'
 * `ProjectDraft` on every save); the recent list reads a user's newest changes first, hence the index.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('projects', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('title').notNullable().defaultTo('');
    t.jsonb('draft').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.index(['user_id', 'updated_at', 'id']);
  });
  await db.raw("ALTER TABLE projects ADD CONSTRAINT projects_kind_check CHECK (kind IN ('editor', 'create', 'simple'))");
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('projects');
}
