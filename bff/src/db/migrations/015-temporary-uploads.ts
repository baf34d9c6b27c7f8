import type { Knex } from 'knex';

/**
 * Temporary uploads and Product Studio working copies (`temp/…` in the object store): each file's
 * owner and size, so they count against the plan's storage (spec 1 §9) until the hourly sweep
 * removes them with their row.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('temporary_uploads', (t) => {
    t.text('storage_key').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('file_size').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.index(['user_id']);
    t.index(['created_at']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('temporary_uploads');
}
