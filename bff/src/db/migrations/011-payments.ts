import type { Knex } from 'knex';

/**
 * Payments: every provider event is recorded by id when it is applied, in the same
 * transaction as its effects, so a redelivered event changes nothing; a subscription keeps its
 * price and whether it ends at the period's end.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('payment_events', (t) => {
    t.text('id').primary();
    t.text('type').notNullable();
    t.timestamp('applied_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.schema.alterTable('user_subscriptions', (t) => {
    t.text('stripe_price_id');
    t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('user_subscriptions', (t) => {
    t.dropColumn('cancel_at_period_end');
    t.dropColumn('stripe_price_id');
  });
  await db.schema.dropTable('payment_events');
}
