import type { Knex } from 'knex';

/**
 * Voices (spec 2 §3): saved voices (a voice id with its settings, once per user), voice profiles
 * (custom ids and cloned voices; a local clone keeps the engine's voice parameters), a character's
 * voice, and audio as a kind of asset.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('saved_voices', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('voice_id').notNullable();
    t.jsonb('voice_settings').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    // spec 2 §8: a duplicate is a unique violation (23505): 'Voice ID {id} is already saved.'
    t.unique(['user_id', 'voice_id'], { indexName: 'saved_voices_user_voice_unique' });
  });
  await db.schema.createTable('voice_profiles', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('voice_id').notNullable();
    t.text('type').notNullable().checkIn(['custom', 'cloned'], 'voice_profiles_type_check');
    t.boolean('is_active').notNullable().defaultTo(true);
    /** The local engine's voice for a cloned profile (espeak-ng language, variant, pitch, rate). */
    t.jsonb('local_voice');
    t.boolean('approximation').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.unique(['user_id', 'voice_id'], { indexName: 'voice_profiles_user_voice_unique' });
    t.index(['user_id', 'is_active', 'created_at'], 'voice_profiles_active');
  });
  await db.schema.alterTable('characters', (t) => {
    t.text('voice_id');
    t.uuid('voice_profile_id').references('voice_profiles.id').onDelete('SET NULL');
    t.jsonb('voice_settings');
  });
  await db.raw('ALTER TABLE user_assets DROP CONSTRAINT user_assets_type_check');
  await db.raw("ALTER TABLE user_assets ADD CONSTRAINT user_assets_type_check CHECK (asset_type IN ('image', 'video', 'audio'))");
}

export async function down(db: Knex): Promise<void> {
  await db.raw("DELETE FROM user_assets WHERE asset_type = 'audio'");
  await db.raw('ALTER TABLE user_assets DROP CONSTRAINT user_assets_type_check');
  await db.raw("ALTER TABLE user_assets ADD CONSTRAINT user_assets_type_check CHECK (asset_type IN ('image', 'video'))");
  await db.schema.alterTable('characters', (t) => {
    t.dropColumn('voice_settings');
    t.dropColumn('voice_profile_id');
    t.dropColumn('voice_id');
  });
  await db.schema.dropTableIfExists('voice_profiles');
  await db.schema.dropTableIfExists('saved_voices');
}
