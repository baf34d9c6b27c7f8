/**
 * The studio killed mid-job (SIGKILL, as a crash or an OOM kill would) and started again: DBOS
 * resumes the job, finished sections are not rendered again, and the ledger holds exactly the
 * debits of the three sections and no refund.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiRoutes, type JobView } from '@studio/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded-postgres.ts';
import { createDb, type Db } from '../../db/index.ts';
import { hashToken, newToken, SESSION_COOKIE, sessionLifetimeMs } from '../../services/sessions.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never;
let database: EmbeddedDatabase;
let db: Db;
let dir: string;
let port: number;
let server: ChildProcess | null = null;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-crash-'));
  fs.chmodSync(dir, 0o755);
  database = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), logger: quiet, persistent: false, fast: true });
  db = createDb(database.url, 4);
  port = await findFreePort();
}, 120_000);
afterAll(async () => {
  if (server) await killed(server);
  await db?.destroy();
  await database?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The studio as `npm start` runs it, one section at a time so the kill lands between sections. */
function startServer(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bff/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: database.url,
      VIDEO_PARALLELISM: '1',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}
async function until<T>(check: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const base = () => `http://127.0.0.1:${port}`;
const healthy = () => until(async () => ((await fetch(`${base()}${ApiRoutes.health}`)).ok ? true : undefined));

describe('a video job survives the studio being killed', () => {
  it('resumes on restart: the job completes, finished sections are kept, credits are exact', async () => {
    server = startServer();
    await healthy();
    const [user] = await db('users')
      .insert({ email: 'crash@example.com', password_hash: 'x', email_confirmed_at: new Date() })
      .returning('id');
    await db.raw('SELECT ensure_profile(?, ?, ?)', [user.id, 'crash@example.com', 20]);
    const token = newToken();
    await db('sessions').insert({
      id_hash: hashToken(token),
      user_id: user.id,
      kind: 'user',
      expires_at: new Date(Date.now() + sessionLifetimeMs('user')),
    });
    const headers = { cookie: `${SESSION_COOKIE}=${token}`, origin: base() };

    const form = new FormData();
    const ids = ['one', 'two', 'three'];
    form.set('sections', JSON.stringify(ids.map((id) => ({ id, name: id, scriptEnabled: false, videoDuration: 6 }))));
    const image = await sharp({ create: { width: 360, height: 640, channels: 3, background: '#5a7d9a' } })
      .png()
      .toBuffer();
    for (const i of [0, 1, 2]) form.set(`image_${i}`, new Blob([new Uint8Array(image)], { type: 'image/png' }), 'i.png');
    const started = await fetch(`${base()}${ApiRoutes.generateVideo}`, { method: 'POST', headers, body: form });
    expect(started.status).toBe(200);
    const { jobId } = (await started.json()) as { jobId: string };
    const job = async () => ((await (await fetch(`${base()}${ApiRoutes.jobStatus}/${jobId}`, { headers })).json()) as { job: JobView }).job;

    // Killed while the second section renders, the first one finished.
    await until(async () => {
      const now = await job();
      return now.sections[0]!.status === 'COMPLETED' && now.sections[1]!.status === 'RUNNING' ? true : undefined;
    });
    await killed(server);
    const firstClip = path.join(dir, 'data/objects/jobs', jobId, 'one/clip.mp4');
    const writtenAt = fs.statSync(firstClip).mtimeMs;

    server = startServer();
    await healthy();
    const done = await until(async () => {
      const now = await job();
      return now.status === 'IN_PROGRESS' ? undefined : now;
    });
    expect(done.status).toBe('COMPLETED');
    expect(done.sections.map((s) => s.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    expect(fs.statSync(firstClip).mtimeMs).toBe(writtenAt);
    // One video in the gallery, three debits of 2 and nothing refunded.
    expect(await db('user_assets').where({ user_id: user.id, asset_type: 'video' }).count<{ count: number }[]>('* as count')).toEqual([
      { count: 1 },
    ]);
    const ledger = await db('credit_transactions').where({ user_id: user.id }).orderBy('created_at').select('transaction_type', 'amount');
    expect(ledger.filter((r) => r.transaction_type === 'TASK_DEBIT').map((r) => r.amount)).toEqual([-2, -2, -2]);
    expect(ledger.filter((r) => r.transaction_type === 'TASK_REFUND')).toEqual([]);
    const profile = await db('profiles').where({ id: user.id }).first('credits_remaining');
    expect(profile.credits_remaining).toBe(14);
  }, 180_000);
});
