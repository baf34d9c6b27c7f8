import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ensurePostgresUser } from '../src/db/postgres-user.ts';

/** The variable that hands the shared test PostgreSQL to the test workers (read by harness.ts). */
export const TEST_DATABASE_VARIABLE = 'STUDIO_TEST_DATABASE_URL';

/**
 * Runs once before the test workers: makes sure the "postgres" user exists, then starts one
 * PostgreSQL for the whole run (bff/test/shared-postgres.ts) whose migrated template every test
 * file's studio copies. The workers inherit its URL through the environment.
 */
export default async function setup(): Promise<() => Promise<void>> {
  ensurePostgresUser();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'shared-postgres.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    void exited.then((code) => reject(new Error(`the test database did not start (exit ${code})`)));
  });
  process.env[TEST_DATABASE_VARIABLE] = (JSON.parse(firstLine) as { url: string }).url;
  return async () => {
    child.stdin.end();
    await exited;
  };
}
