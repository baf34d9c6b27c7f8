import type { Knex } from 'knex';

/**
 * A training is paid for and takes room like any other generation (spec 1 §1, §9): the credits it
 * was charged (given back once if it fails or is cancelled, keyed by its charge), the bytes its
 * photos, sample and reference keep in the object store (counted in the storage quota), and one
 * running training per user, held by the database even for two starts at once.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('trained_models', (t) => {
    t.integer('credits').notNullable().defaultTo(0);
    t.text('charge_key');
    t.bigInteger('file_size').notNullable().defaultTo(0);
  });
  await db.raw("CREATE UNIQUE INDEX trained_models_one_running ON trained_models (user_id) WHERE status IN ('queued', 'training')");
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS trained_models_one_running');
  await db.schema.alterTable('trained_models', (t) => {
    t.dropColumn('credits');
    t.dropColumn('charge_key');
    t.dropColumn('file_size');
  });
}
