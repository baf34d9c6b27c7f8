import { ensurePostgresUser } from '../src/db/postgres-user.ts';

/** Runs once before the test workers: each test file starts its own PostgreSQL as this user. */
export default function setup(): void {
  ensurePostgresUser();
}
