import type { Knex } from 'knex';

/**
 * Brand Assets → Products: a user's products, each a title and its images. The images
 * are the user's files (`user_assets` of type `product`: counted in storage, served to the owner,
 * kept out of the gallery); removing a product removes them.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw('ALTER TABLE user_assets DROP CONSTRAINT user_assets_type_check');
  await db.raw(
    "ALTER TABLE user_assets ADD CONSTRAINT user_assets_type_check CHECK (asset_type IN ('image', 'video', 'audio', 'product'))",
  );
  await db.schema.createTable('products', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('title').notNullable();
    /** Imported products: the store's handle and page. */
    t.text('handle');
    t.text('product_url');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.index(['user_id', 'created_at']);
  });
  await db.schema.createTable('product_images', (t) => {
    t.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.uuid('asset_id').primary().references('user_assets.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.index(['product_id', 'position']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('product_images');
  await db.schema.dropTable('products');
  await db.raw("DELETE FROM user_assets WHERE asset_type = 'product'");
  await db.raw('ALTER TABLE user_assets DROP CONSTRAINT user_assets_type_check');
  await db.raw("ALTER TABLE user_assets ADD CONSTRAINT user_assets_type_check CHECK (asset_type IN ('image', 'video', 'audio'))");
}
