import type { Knex } from 'knex';

/**
 * One row per image generation request that carries a `requestId`: a retry of the same request
 * answers the same images and is charged once (spec 2 §7 `requestId`). A failed request may be
 * tried again as a new attempt, charged anew (its first charge was refunded).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('generation_requests', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('request_id').notNullable();
    t.text('status').notNullable().checkIn(['running', 'completed', 'failed'], 'generation_requests_status_check');
    t.integer('attempt').notNullable().defaultTo(1);
    /** The answer a completed request gave, returned again to its retries. */
    t.jsonb('answer');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.primary(['user_id', 'request_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('generation_requests');
}
