import type { Knex } from 'knex';

/**
 * A product's description: what it is and does in its seller's words (a store import keeps the
 * listing's text), which ads are drafted from. Bounded in the table too.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('products', (t) => {
    t.text('description').notNullable().defaultTo('');
  });
  await db.raw('ALTER TABLE products ADD CONSTRAINT products_description_length CHECK (char_length(description) <= 2000)');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('products', (t) => {
    t.dropColumn('description');
  });
}
