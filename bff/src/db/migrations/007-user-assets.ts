import type { Knex } from 'knex';

/**
 * The gallery (spec 1 §7): every image and video a user keeps, with how it was made, and the
 * characters assets can be associated with (training comes later; a character is a name and its
 * latest image for now).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('characters', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.uuid('latest_asset_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.index(['user_id', 'created_at']);
  });
  await db.schema.createTable('user_assets', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('asset_type').notNullable().checkIn(['image', 'video'], 'user_assets_type_check');
    /** Where the file lives in storage (never shown); `public_url` is the bff's URL for it. */
    t.text('storage_key').notNullable().unique();
    t.text('mime_type').notNullable();
    t.text('public_url').notNullable();
    t.text('thumbnail_url');
    t.bigInteger('file_size').notNullable();
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.boolean('is_featured').notNullable().defaultTo(false);
    t.uuid('character_id').references('characters.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.schema.alterTable('characters', (t) => {
    t.foreign('latest_asset_id').references('user_assets.id').onDelete('SET NULL');
  });
  // Keyset pages, newest first, per user and type; the discover feed, newest first.
  await db.raw('CREATE INDEX user_assets_gallery ON user_assets (user_id, asset_type, created_at DESC, id DESC)');
  await db.raw('CREATE INDEX user_assets_featured ON user_assets (created_at DESC, id DESC) WHERE is_featured');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('characters', (t) => t.dropForeign(['latest_asset_id']));
  await db.schema.dropTableIfExists('user_assets');
  await db.schema.dropTableIfExists('characters');
}
