/**
 * Ledger throughput (prints numbers, not a test).
 *
 * Starts its own embedded PostgreSQL (fsync off, as the tests run it) in a temporary folder (under
 * the test runner, the smoke run, it takes a copy of the run's migrated database instead),
 * migrates, gives 100 users a large balance, then measures on one knex pool:
 *   - `SELECT 1` round trips per second (the pool's ceiling),
 *   - debits per second on one user (every debit waits for the same profile row lock),
 *   - debits per second spread over 100 users,
 * each with the same number of concurrent callers, and prints debits / SELECT 1 ratios.
 *
 * Run: `npm run bench` (root) or `npm run bench -w bff`. Env: BENCH_OPS, BENCH_CONCURRENCY, BENCH_SMOKE.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { createDb, migrateAndSeed, type Db } from '../src/db/index.ts';
import { createLogger } from '../src/logger.ts';
import { debitCredits, grantCredits } from '../src/services/credits/ledger.ts';
import { copyTemplateDatabase } from '../test/harness.ts';
import { sized } from './smoke.ts';

const OPS = Number(process.env.BENCH_OPS ?? sized(2000, 20));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? sized(20, 4));
const USERS = sized(100, 4);
const POOL_SIZE = CONCURRENCY;

interface Result {
  name: string;
  ops: number;
  seconds: number;
  perSecond: number;
}

/** Runs `ops` calls of `task(i)` with `concurrency` callers, each starting the next call when one ends. */
async function measure(name: string, ops: number, concurrency: number, task: (i: number) => Promise<unknown>): Promise<Result> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ops) await task(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { name, ops, seconds, perSecond: ops / seconds };
}

async function createFundedUsers(db: Db, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const [row] = await db('users')
      .insert({ email: `bench-${i}-${randomUUID()}@example.com`, email_confirmed_at: new Date() })
      .returning(['id', 'email']);
    await db.raw('SELECT ensure_profile(?, ?, 0)', [row.id, row.email]);
    await grantCredits(db, {
      userId: row.id,
      type: 'MANUAL_CREDIT',
      credits: 1_000_000_000,
      description: 'bench',
      idempotencyKey: 'bench-funds',
    });
    ids.push(row.id);
  }
  return ids;
}

const debit = (db: Db, userId: string) =>
  debitCredits(db, { userId, credits: 1, description: 'bench', taskType: 'image', idempotencyKey: randomUUID() });

function printTable(results: Result[], baseline: Result): void {
  const rows = results.map((r) => [
    r.name,
    String(r.ops),
    r.seconds.toFixed(2),
    Math.round(r.perSecond).toLocaleString('en-US'),
    r === baseline ? '1.00' : (r.perSecond / baseline.perSecond).toFixed(2),
  ]);
  const header = ['operation', 'ops', 'seconds', 'ops/s', `÷ SELECT 1`];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const copy = await copyTemplateDatabase();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-bench-'));
  await fs.chmod(dir, 0o755); // postgres runs as its own user and must enter the folder
  const database = copy
    ? { url: copy.url, stop: copy.drop }
    : await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), logger: createLogger('warn'), fast: true, persistent: false });
  const db = createDb(database.url, POOL_SIZE);
  try {
    await migrateAndSeed(db);
    const users = await createFundedUsers(db, USERS);
    const [one] = users;

    // Warm up connections and plans before timing anything.
    await measure('warm-up', CONCURRENCY * 10, CONCURRENCY, (i) => (i % 2 ? db.raw('SELECT 1') : debit(db, users[i % USERS]!)));

    const select1 = await measure('SELECT 1', OPS * 2, CONCURRENCY, () => db.raw('SELECT 1'));
    const single = await measure('debit, one user', OPS, CONCURRENCY, () => debit(db, one!));
    const spread = await measure(`debit, ${USERS} users`, OPS, CONCURRENCY, (i) => debit(db, users[i % USERS]!));

    // The ledger stays exact under the load: every balance equals its ledger sum.
    const drift = await db.raw(
      `SELECT count(*)::int AS n FROM profiles p
        WHERE p.credits_remaining <> (SELECT coalesce(sum(amount), 0) FROM credit_transactions t WHERE t.user_id = p.id)`,
    );
    const pg = (await db.raw('SHOW server_version')).rows[0].server_version;
    console.log(
      `\nLedger benchmark — PostgreSQL ${pg} (embedded, fsync off), pool ${POOL_SIZE}, ${CONCURRENCY} concurrent callers, Node ${process.version}\n`,
    );
    printTable([select1, single, spread], select1);
    console.log(`\nbalances differing from their ledger sum: ${drift.rows[0].n}`);
  } finally {
    await db.destroy();
    await database.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
