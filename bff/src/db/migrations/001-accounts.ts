import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.raw('CREATE EXTENSION IF NOT EXISTS pgcrypto');
  await db.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.text('email').notNullable();
    t.text('password_hash');
    t.timestamp('email_confirmed_at', { useTz: true });
    t.timestamps(true, true, false);
  });
  // E-mail addresses are stored lowercased; uniqueness holds whatever the case.
  await db.raw('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))');

  await db.schema.createTable('sessions', (t) => {
    t.text('id_hash').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable().defaultTo('user').checkIn(['user', 'recovery'], 'sessions_kind_check');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.text('user_agent');
    t.index(['user_id']);
  });

  await db.schema.createTable('auth_tokens', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('purpose').notNullable().checkIn(['confirm_email', 'recover'], 'auth_tokens_purpose_check');
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.index(['user_id', 'purpose']);
  });

  await db.schema.createTable('oauth_identities', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('provider').notNullable();
    t.text('subject').notNullable();
    t.text('email');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.unique(['provider', 'subject']);
    t.index(['user_id']);
  });

  await db.schema.createTable('profiles', (t) => {
    t.uuid('id').primary().references('users.id').onDelete('CASCADE');
    t.text('email').notNullable();
    t.text('full_name');
    t.text('username');
    t.text('subscription_tier')
      .notNullable()
      .defaultTo('trial')
      .checkIn(['trial', 'free', 'basic', 'pro', 'unlimited'], 'profiles_tier_check');
    t.text('subscription_status');
    t.integer('credits_remaining').notNullable().defaultTo(0);
    t.timestamp('credits_reset_date', { useTz: true });
    t.text('stripe_customer_id');
    t.text('current_subscription_id');
    t.text('avatar_url');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  // spec: credits never go below zero, whatever writes them.
  await db.raw('ALTER TABLE profiles ADD CONSTRAINT profiles_credits_nonnegative CHECK (credits_remaining >= 0)');
  // spec: usernames are unique compared in lowercase; a violation reads "Username is already taken".
  await db.raw('CREATE UNIQUE INDEX profiles_username_unique ON profiles (lower(username))');
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['profiles', 'oauth_identities', 'auth_tokens', 'sessions', 'users']) {
    await db.schema.dropTableIfExists(table);
  }
}
