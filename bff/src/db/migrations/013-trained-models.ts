import type { Knex } from 'knex';

/**
 * Trained models: a user's styles and characters, trained from a few images by a
 * durable job. A local style keeps its learned colour grade, a local character its face descriptor
 * and reference cut-out; a hosted one also its LoRA. A style may be shared with the community.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('trained_models', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable().checkIn(['style', 'character'], 'trained_models_kind_check');
    t.text('name').notNullable();
    t.text('status').notNullable().defaultTo('queued').checkIn(['queued', 'training', 'ready', 'failed'], 'trained_models_status_check');
    t.integer('progress').notNullable().defaultTo(0);
    t.text('error');
    t.text('provider').notNullable().checkIn(['local', 'fal'], 'trained_models_provider_check');
    /** The training photos' object keys, in order. */
    t.jsonb('image_keys').notNullable();
    /** Local style: the learned colour grade. */
    t.jsonb('grade');
    /** Hosted: the trained LoRA and its trigger word. */
    t.text('lora_url');
    t.text('trigger_word');
    t.text('sample_key');
    /** Characters: the studio character it trains, the mean face descriptor and the reference cut-out. */
    t.uuid('character_id').references('characters.id').onDelete('CASCADE');
    t.jsonb('descriptor');
    t.text('reference_key');
    t.boolean('is_shared').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.index(['user_id', 'created_at']);
  });
  await db.raw("CREATE INDEX trained_models_community ON trained_models (created_at DESC) WHERE is_shared AND status = 'ready'");
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('trained_models');
}
