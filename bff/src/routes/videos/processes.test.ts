/**
 * Two bff processes on one PostgreSQL and one object store, as behind a load balancer,
 * each as `npm start` runs it with an executor id of its own: a session and the rate limits hold
 * across both, a debit on one is seen by the other's plan status, a job started on A is read and
 * streamed on B; and A killed mid-job (SIGKILL, as a crash or an OOM kill would) and started again
 * resumes it — B never takes it over — with finished sections kept and the ledger exact. Each
 * renders in its media host (a child below its priority) and answers its health check meanwhile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiRoutes, isJobFinished, type JobView, type PlanStatusResponse } from '@studio/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded-postgres.ts';
import { createDb, type Db } from '../../db/index.ts';
import { SESSION_COOKIE } from '../../services/sessions.ts';
import { newSession } from '../../../test/harness.ts';
import { killed, mediaHostOf, until } from '../../../test/studio-processes.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never;
let database: EmbeddedDatabase;
let db: Db;
let dir: string;

interface Bff {
  name: string;
  port: number;
  child: ChildProcess | null;
}
const processes: Bff[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-processes-'));
  fs.chmodSync(dir, 0o755);
  database = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), logger: quiet, persistent: false, fast: true });
  db = createDb(database.url, 4);
  for (const name of ['a', 'b']) processes.push({ name, port: await findFreePort(), child: null });
}, 120_000);
afterAll(async () => {
  for (const bff of processes) if (bff.child) await killed(bff.child);
  await db?.destroy();
  await database?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A bff as `npm start` runs it, on the shared database and data folder, one section at a time (the kill lands between sections). */
async function start(bff: Bff): Promise<void> {
  bff.child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bff/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(bff.port),
      // One public address for both, as behind a load balancer: links and the CSRF origin agree.
      APP_URL: `http://127.0.0.1:${processes[0]!.port}`,
      EXECUTOR_ID: `studio-${bff.name}`,
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: database.url,
      VIDEO_PARALLELISM: '1',
      // On DBOS a user's sections render as many at once as the render queue lets them.
      USER_RENDER_LIMIT: '1',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Slow on a loaded machine (each process compiles its TypeScript, one at a time they migrate); a
  // start that never ends says what the database was waiting on.
  await until(async () => ((await fetch(`${url(bff)}${ApiRoutes.health}`)).ok ? true : undefined), 180_000).catch(
    async (error: unknown) => {
      const waiting = await db.raw(
        'SELECT state, wait_event_type, wait_event, left(query, 100) AS query FROM pg_stat_activity WHERE datname IS NOT NULL',
      );
      throw new Error(`${bff.name} did not start: ${String(error)}; the database: ${JSON.stringify(waiting.rows)}`);
    },
  );
}
const url = (bff: Bff) => `http://127.0.0.1:${bff.port}`;

/** A signed-in user with `credits`, by a session row as sign-in writes it. */
async function user(email: string, credits: number) {
  const [row] = await db('users').insert({ email, password_hash: 'x', email_confirmed_at: new Date() }).returning('id');
  await db.raw('SELECT ensure_profile(?, ?, ?)', [row.id, email, credits]);
  const token = await newSession(db, row.id);
  return { id: row.id as string, headers: { cookie: `${SESSION_COOKIE}=${token}`, origin: url(processes[0]!) } };
}

/** Reads a job's Server-Sent Events until it ends: every status seen, in order. */
async function streamedStatuses(bff: Bff, jobId: string, headers: Record<string, string>): Promise<string[]> {
  const res = await fetch(`${url(bff)}${ApiRoutes.jobStatus}/${jobId}/events`, { headers });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const statuses: string[] = [];
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of res.body!) {
    buffered += decoder.decode(chunk as Uint8Array, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = /^event: job\ndata: (.*)$/m.exec(event)?.[1];
      if (data) statuses.push((JSON.parse(data) as JobView).status);
    }
  }
  return statuses;
}

describe('two bff processes on one database', () => {
  it('share sessions, rate limits, plan status and jobs; a killed process resumes its job on restart, never its neighbour', async () => {
    const [a, b] = processes as [Bff, Bff];
    // Started together, as a deployment would: the second waits for the first's engine launch.
    await Promise.all([start(a), start(b)]);
    // Each renders in a media host started by its first engine call, not before (DESIGN decision 18).
    expect(mediaHostOf(a.child!.pid!)).toBeUndefined();

    // A session made on one process is good on the other.
    const owner = await user('owner@example.com', 7);
    for (const bff of [a, b]) {
      const session = (await (await fetch(`${url(bff)}${ApiRoutes.session}`, { headers: owner.headers })).json()) as {
        user: { id: string };
      };
      expect(session.user.id).toBe(owner.id);
    }

    // Rate limits count across both: ten wrong passwords, five on each, and the eleventh is refused wherever it lands.
    const signin = (bff: Bff) =>
      fetch(`${url(bff)}${ApiRoutes.signin}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url(a) },
        body: JSON.stringify({ email: 'owner@example.com', password: 'not the password' }),
      });
    for (let i = 0; i < 10; i++) expect((await signin(i % 2 ? b : a)).status).toBe(400);
    expect((await signin(b)).status).toBe(429);

    // A debit on A is seen by B's plan status, which B had cached: its ledger notice reached B.
    const poor = await user('poor@example.com', 1);
    const planOnB = async () =>
      ((await (await fetch(`${url(b)}${ApiRoutes.planStatus}`, { headers: poor.headers })).json()) as PlanStatusResponse).reason;
    expect(await planOnB()).toBe('trial_with_credits');
    const spoken = await fetch(`${url(a)}${ApiRoutes.generateAudio}`, {
      method: 'POST',
      headers: { ...poor.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hello there.', voiceId: 'studioAdam01' }),
    });
    expect(spoken.status).toBe(200);
    await until(async () => ((await planOnB()) === 'trial_no_credits' ? true : undefined), 2000);

    // A three-section job started on A.
    const form = new FormData();
    const ids = ['one', 'two', 'three'];
    form.set('sections', JSON.stringify(ids.map((id) => ({ id, name: id, scriptEnabled: false, videoDuration: 6 }))));
    const image = await sharp({ create: { width: 360, height: 640, channels: 3, background: '#5a7d9a' } })
      .png()
      .toBuffer();
    for (const i of [0, 1, 2]) form.set(`image_${i}`, new Blob([new Uint8Array(image)], { type: 'image/png' }), 'i.png');
    const started = await fetch(`${url(a)}${ApiRoutes.generateVideo}`, { method: 'POST', headers: owner.headers, body: form });
    expect(started.status).toBe(200);
    const { jobId } = (await started.json()) as { jobId: string };
    // B answers its status and streams its events, to the end, whatever happens to A.
    const job = async () =>
      ((await (await fetch(`${url(b)}${ApiRoutes.jobStatus}/${jobId}`, { headers: owner.headers })).json()) as { job: JobView }).job;
    const streamed = streamedStatuses(b, jobId, owner.headers);

    // A is killed while the second section renders, the first one finished. Meanwhile A renders in its
    // media host, a child below its own priority, and answers its health check at once.
    const health: number[] = [];
    let host: number | undefined;
    await until(async () => {
      const asked = performance.now();
      const answered = await fetch(`${url(a)}${ApiRoutes.health}`);
      health.push(answered.ok ? performance.now() - asked : Infinity);
      host ??= mediaHostOf(a.child!.pid!);
      const now = await job();
      return now.sections[0]!.status === 'COMPLETED' && now.sections[1]!.status === 'RUNNING' ? true : undefined;
    });
    expect(host, 'a child process running host-child.mjs').toBeDefined();
    expect(os.getPriority(host)).toBeGreaterThan(os.getPriority(a.child!.pid));
    health.sort((x, y) => x - y);
    // Generous for a loaded machine: the API's own thread answers, never the renderer's.
    expect(health.length).toBeGreaterThan(5);
    expect(health[Math.floor(health.length / 2)]).toBeLessThan(100);
    expect(health.at(-1)).toBeLessThan(1000);
    await killed(a.child!);
    const firstClip = path.join(dir, 'data/objects/jobs', jobId, 'one/clip.mp4');
    const writtenAt = fs.statSync(firstClip).mtimeMs;
    // B does not take over A's job: it stays where A left it.
    await new Promise((r) => setTimeout(r, 3000));
    expect((await job()).sections.map((s) => s.status)).toEqual(['COMPLETED', 'RUNNING', 'PENDING']);
    const [status] = await db.withSchema('dbos').from('workflow_status').where({ workflow_uuid: jobId }).select('executor_id');
    expect(status.executor_id).toBe('studio-a');

    // A comes back under its executor id and finishes its job.
    await start(a);
    const done = await until(async () => {
      const now = await job();
      return isJobFinished(now.status) ? now : undefined;
    });
    expect(done.status).toBe('COMPLETED');
    expect(done.sections.map((s) => s.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    expect(fs.statSync(firstClip).mtimeMs).toBe(writtenAt);
    expect((await streamed).at(-1)).toBe('COMPLETED');
    // One video in the gallery, three debits of 2 and nothing refunded.
    expect(await db('user_assets').where({ user_id: owner.id, asset_type: 'video' }).count<{ count: number }[]>('* as count')).toEqual([
      { count: 1 },
    ]);
    const ledger = await db('credit_transactions').where({ user_id: owner.id }).select('transaction_type', 'amount');
    expect(ledger.filter((r) => r.transaction_type === 'TASK_DEBIT').map((r) => r.amount)).toEqual([-2, -2, -2]);
    expect(ledger.filter((r) => r.transaction_type === 'TASK_REFUND')).toEqual([]);
    expect((await db('profiles').where({ id: owner.id }).first('credits_remaining')).credits_remaining).toBe(1);
  }, 420_000);
});
