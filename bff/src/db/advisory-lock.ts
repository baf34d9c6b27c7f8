import pg from 'pg';

/** The database-wide advisory locks of the studio's startup (arbitrary, fixed keys). */
export const STARTUP_LOCKS = {
  /** The studio's own migrations and seeds. */
  migrations: 7_401_023,
  /** DBOS's launch, which migrates its system schema. */
  jobEngine: 7_401_024,
} as const;

const POLL_MS = 200;

/**
 * Runs `work` holding a database-wide advisory lock, so that bff processes started together do it
 * one at a time (two processes migrating at once: knex refuses the second with "Migration table is
 * already locked", DBOS's migrations deadlock). The waiting process asks again and again rather
 * than blocking in `pg_advisory_lock`: a statement left waiting would itself hold up the holder's
 * `CREATE INDEX CONCURRENTLY`. The lock ends with its session.
 */
export async function oneAtATime<T>(databaseUrl: string, key: number, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    while (!(await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key])).rows[0]!.locked)
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    return await work();
  } finally {
    await client.end();
  }
}
