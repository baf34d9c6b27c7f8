import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('subscription_plans', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.text('plan_name').notNullable();
    t.text('plan_tier').notNullable().unique();
    t.integer('monthly_credits').notNullable();
    t.decimal('monthly_price_usd', 10, 2).notNullable();
    t.decimal('annual_price_usd', 10, 2).notNullable();
    t.text('stripe_monthly_price_id');
    t.text('stripe_annual_price_id');
    t.boolean('is_popular').notNullable().defaultTo(false);
    t.boolean('includes_custom_training').notNullable().defaultTo(false);
    t.jsonb('features').notNullable().defaultTo('[]');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true, false);
  });

  await db.schema.createTable('credit_packages', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.text('name').notNullable().unique();
    t.integer('credits').notNullable();
    t.decimal('price_usd', 10, 2).notNullable();
    t.text('stripe_price_id');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true, false);
  });

  await db.schema.createTable('task_pricing', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.text('task_type').notNullable();
    // NULL model_name: the task type's default row.
    t.text('model_name');
    t.decimal('base_cost_usd', 12, 6).notNullable();
    t.decimal('credit_multiplier', 8, 4).notNullable().defaultTo(2);
    t.text('unit').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.raw("CREATE UNIQUE INDEX task_pricing_active_unique ON task_pricing (task_type, coalesce(model_name, '')) WHERE is_active");

  await db.schema.createTable('user_subscriptions', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('plan_id').references('subscription_plans.id');
    t.text('status').notNullable();
    t.text('billing_interval').checkIn(['month', 'year'], 'user_subscriptions_interval_check');
    t.text('stripe_subscription_id').unique();
    t.timestamp('current_period_start', { useTz: true });
    t.timestamp('current_period_end', { useTz: true });
    t.timestamps(true, true, false);
    t.index(['user_id', 'status']);
  });
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['user_subscriptions', 'task_pricing', 'credit_packages', 'subscription_plans']) {
    await db.schema.dropTableIfExists(table);
  }
}
