import type { Knex } from 'knex';

/**
 * Brand Assets → Brand kit: one kit per user. The logo is one of the user's files
 * (a `product`-type asset, as Brand Assets' photos are: counted in storage, served to the owner,
 * kept out of the gallery); removing that file leaves the kit without a logo. The colours and the
 * CTA's length are checked here too, so no writer can store what an end card cannot draw. The
 * font is not: a font the studio stops bundling falls back to the default when drawn.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('brand_kits', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.uuid('logo_asset_id').references('user_assets.id').onDelete('SET NULL');
    t.text('primary_color').notNullable();
    t.text('secondary_color').notNullable();
    t.text('font_id').notNullable();
    t.text('cta_text').notNullable().defaultTo('');
    t.text('cta_url').notNullable().defaultTo('');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.raw(
    "ALTER TABLE brand_kits ADD CONSTRAINT brand_kits_colors_check CHECK (primary_color ~ '^#[0-9a-f]{6}$' AND secondary_color ~ '^#[0-9a-f]{6}$')",
  );
  await db.raw('ALTER TABLE brand_kits ADD CONSTRAINT brand_kits_cta_text_check CHECK (char_length(cta_text) <= 40)');
}

export async function down(db: Knex): Promise<void> {
  // The logos stay the user's files; without a kit they are ordinary Brand Assets files that nothing lists.
  await db.raw('DELETE FROM user_assets WHERE id IN (SELECT logo_asset_id FROM brand_kits WHERE logo_asset_id IS NOT NULL)');
  await db.schema.dropTable('brand_kits');
}
