import type { Knex } from 'knex';

/**
 * The processes that render (DESIGN decision 18: `npm run worker`, and `npm start`, which renders
 * too), each kept alive by its heartbeat: what it renders now and when it was last seen, for the
 * jobs console; and which live process recovered its jobs once it stopped beating, so that only
 * one does (`recovered_at` is set by one conditional UPDATE).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('render_workers', (t) => {
    t.text('executor_id').primary();
    t.text('role').notNullable();
    t.text('host').notNullable();
    t.integer('pid').notNullable();
    t.integer('render_concurrency').notNullable();
    t.jsonb('rendering').notNullable().defaultTo('[]');
    t.integer('renders_done').notNullable().defaultTo(0);
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('recovered_at', { useTz: true });
    t.text('recovered_by');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('render_workers');
}
