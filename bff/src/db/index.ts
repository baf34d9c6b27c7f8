import knex, { type Knex } from 'knex';
import pg from 'pg';
import { migrationSource } from './migrations/index.ts';
import { seedCatalog } from './seeds.ts';

// Counts come back as int8 and prices as numeric; both fit a JS number in this product's ranges.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export type Db = Knex;
/** The database or a transaction on it. */
export type Queryable = Db | Knex.Transaction;

export function createDb(url: string, poolMax = 20): Db {
  return knex({ client: 'pg', connection: url, pool: { min: 0, max: poolMax } });
}

/** Applies every pending migration, then upserts the catalog rows (plans, packages, pricing). */
export async function migrateAndSeed(db: Db): Promise<void> {
  await db.migrate.latest({ migrationSource });
  await seedCatalog(db);
}
