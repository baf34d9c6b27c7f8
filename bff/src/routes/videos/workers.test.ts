/**
 * The studio as API processes and render workers (DESIGN decision 18): two `STUDIO_ROLE=api`
 * processes and two `npm run worker` processes (DBOS) on one PostgreSQL and one data folder, on the
 * fast test engine (`MEDIA_ENGINE=fast`). Twelve users start a three-section job at once, spread
 * over both API processes; one worker is SIGKILLed while it renders. Every job completes, each
 * section's render step is recorded once in DBOS's own tables, the ledger is exact, the API
 * processes rendered nothing and both workers did. An image asked of an API process is made on a
 * worker too, and with no worker left it is answered busy, its credit given back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiRoutes, type JobView } from '@studio/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded-postgres.ts';
import { createDb, type Db } from '../../db/index.ts';
import { SESSION_COOKIE } from '../../services/sessions.ts';
import { newSession } from '../../../test/harness.ts';
import { killed, startProcess, studioProcess, until, type StudioProcess as Proc } from '../../../test/studio-processes.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never;
const USERS = 12;
const SECTIONS = ['one', 'two', 'three'];
const CREDITS = 10;

let database: EmbeddedDatabase;
let db: Db;
let dir: string;
const procs: Proc[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-workers-'));
  fs.chmodSync(dir, 0o755);
  database = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), logger: quiet, persistent: false, fast: true });
  db = createDb(database.url, 4);
  for (const [name, role] of [
    ['api-1', 'api'],
    ['api-2', 'api'],
    ['worker-1', 'worker'],
    ['worker-2', 'worker'],
  ] as const)
    procs.push(await studioProcess(name, role));
}, 120_000);
afterAll(async () => {
  for (const proc of procs) if (proc.child) await killed(proc.child);
  await db?.destroy();
  await database?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An API process as `STUDIO_ROLE=api npm start` runs it, or a worker as `npm run worker` does, on the fast test engine. */
const start = (proc: Proc) =>
  startProcess(
    proc,
    { databaseUrl: database.url, dataDir: path.join(dir, 'data'), appUrl: procs[0]!.url },
    {
      NODE_ENV: 'test',
      MEDIA_ENGINE: 'fast',
      RENDER_CONCURRENCY: '2',
      USER_RENDER_LIMIT: '2',
      WORKER_HEARTBEAT_MS: '250',
      WORKER_DEAD_AFTER_MS: '2000',
      // The second API process gives up on a media call no worker takes sooner (the last test has none left).
      ...(proc.name === 'api-2' && { MEDIA_PICKUP_MS: '5000' }),
    },
  );

async function user(email: string) {
  const [row] = await db('users').insert({ email, password_hash: 'x', email_confirmed_at: new Date() }).returning('id');
  await db.raw('SELECT ensure_profile(?, ?, ?)', [row.id, email, CREDITS]);
  const token = await newSession(db, row.id);
  return { id: row.id as string, headers: { cookie: `${SESSION_COOKIE}=${token}`, origin: procs[0]!.url } };
}

/** The render steps a process ran, from its own metrics (`studio_job_step_duration_seconds`). */
async function stepsRun(proc: Proc): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${proc.metricsPort}/metrics`)).text();
  return [...text.matchAll(/^studio_job_step_duration_seconds_count\{[^}]*\} (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
}

describe('API processes and render workers on one database', () => {
  it('render every job once on the workers, never on the API processes; a killed worker’s sections are rendered again elsewhere, charged once', async () => {
    await Promise.all(procs.map(start));
    const [api1, api2, worker1, worker2] = procs as [Proc, Proc, Proc, Proc];

    const image = await sharp({ create: { width: 360, height: 640, channels: 3, background: '#5a7d9a' } })
      .png()
      .toBuffer();
    const users = await Promise.all(Array.from({ length: USERS }, (_, i) => user(`user${i}@example.com`)));
    // All at once, every other one on each API process.
    const jobIds = await Promise.all(
      users.map(async (owner, i) => {
        const form = new FormData();
        form.set('sections', JSON.stringify(SECTIONS.map((id) => ({ id, name: id, scriptEnabled: false, videoDuration: 6 }))));
        for (const s of [0, 1, 2]) form.set(`image_${s}`, new Blob([new Uint8Array(image)], { type: 'image/png' }), 'i.png');
        const res = await fetch(`${(i % 2 ? api2 : api1).url}${ApiRoutes.generateVideo}`, {
          method: 'POST',
          headers: owner.headers,
          body: form,
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { jobId: string }).jobId;
      }),
    );

    // Worker 2 is killed while it renders, once it has finished a section of its own.
    const sectionsOf = (executor: string, status: string) =>
      db
        .withSchema('dbos')
        .from('workflow_status')
        .where({ executor_id: executor, status, name: 'sectionRender' })
        .count<{ count: string }[]>('* as count')
        .then(([row]) => Number(row!.count));
    await until(async () =>
      (await sectionsOf('worker-2', 'SUCCESS')) > 0 && (await sectionsOf('worker-2', 'PENDING')) > 0 ? true : undefined,
    );
    const finishedBeforeKill = await db('generated_videos')
      .whereIn('id', jobIds)
      .whereNot('status', 'IN_PROGRESS')
      .count<{ count: string }[]>('* as count');
    await killed(worker2.child!);
    expect(Number(finishedBeforeKill[0]!.count)).toBeLessThan(USERS);

    // Every job ends, read through the API processes.
    const views = await until(async () => {
      const all = await Promise.all(
        users.map(async (owner, i) => {
          const res = await fetch(`${(i % 2 ? api1 : api2).url}${ApiRoutes.jobStatus}/${jobIds[i]}`, { headers: owner.headers });
          return ((await res.json()) as { job: JobView }).job;
        }),
      );
      return all.every((j) => j.status !== 'IN_PROGRESS' && j.status !== 'QUEUED') ? all : undefined;
    }, 120_000);
    expect(views.map((v) => v.status)).toEqual(Array(USERS).fill('COMPLETED'));

    // Worker 1 recovered worker 2's jobs, once.
    const gone = await db('render_workers').where({ executor_id: 'worker-2' }).first();
    expect(gone.recovered_by).toBe('worker-1');

    // DBOS's own records: each section ran as one workflow that succeeded, its render step recorded once.
    const sectionRuns = await db
      .withSchema('dbos')
      .from('workflow_status')
      .whereIn('parent_workflow_id', jobIds)
      .select('workflow_uuid', 'status', 'executor_id');
    expect(sectionRuns.map((r) => r.workflow_uuid).sort()).toEqual(jobIds.flatMap((id) => SECTIONS.map((s) => `${id}/${s}`)).sort());
    expect(new Set(sectionRuns.map((r) => r.status))).toEqual(new Set(['SUCCESS']));
    const renders = await db
      .withSchema('dbos')
      .from('operation_outputs')
      .whereIn(
        'workflow_uuid',
        sectionRuns.map((r) => r.workflow_uuid),
      )
      .where('function_name', 'animate')
      .select('workflow_uuid', 'error');
    expect(renders).toHaveLength(USERS * SECTIONS.length);
    expect(new Set(renders.map((r) => r.workflow_uuid)).size).toBe(USERS * SECTIONS.length);
    expect(renders.filter((r) => r.error !== null)).toEqual([]);

    // Only the workers rendered: every workflow ran on one, both rendered, the API processes ran no step.
    const executors = await db
      .withSchema('dbos')
      .from('workflow_status')
      .whereIn('workflow_uuid', [...jobIds, ...sectionRuns.map((r) => r.workflow_uuid)])
      .distinct('executor_id')
      .pluck('executor_id');
    expect(executors.every((e: string) => e.startsWith('worker-'))).toBe(true);
    expect(await sectionsOf('worker-1', 'SUCCESS')).toBeGreaterThan(0);
    expect(await sectionsOf('worker-2', 'SUCCESS')).toBeGreaterThan(0);
    expect((await db('render_workers').pluck('executor_id')).sort()).toEqual(['worker-1', 'worker-2']);
    expect(await stepsRun(api1)).toBe(0);
    expect(await stepsRun(api2)).toBe(0);
    expect(await stepsRun(worker1)).toBeGreaterThan(0);

    // The ledger: three debits of 2 each, nothing refunded, one video each.
    for (const owner of users) {
      const ledger = await db('credit_transactions').where({ user_id: owner.id }).select('transaction_type', 'amount');
      expect(ledger.filter((r) => r.transaction_type === 'TASK_DEBIT').map((r) => r.amount)).toEqual([-2, -2, -2]);
      expect(ledger.filter((r) => r.transaction_type === 'TASK_REFUND')).toEqual([]);
      expect((await db('profiles').where({ id: owner.id }).first('credits_remaining')).credits_remaining).toBe(CREDITS - 6);
      expect(await db('user_assets').where({ user_id: owner.id, asset_type: 'video' }).count<{ count: number }[]>('* as count')).toEqual([
        { count: 1 },
      ]);
    }
  }, 420_000);

  it('make the images an API process is asked for on a worker; with no worker left, the request is answered busy and refunded', async () => {
    const [api1, api2, worker1] = procs as [Proc, Proc, Proc, Proc];
    const owner = await user('images@example.com');
    const generate = (api: Proc) => {
      const form = new FormData();
      form.set('prompt', 'a glass bottle of serum on a marble shelf');
      form.set('aspectRatio', '1:1');
      return fetch(`${api.url}${ApiRoutes.generateImage}`, { method: 'POST', headers: owner.headers, body: form });
    };
    const made = await generate(api1);
    expect(made.status).toBe(200);
    const body = (await made.json()) as { images: { url: string }[] };
    expect(body.images).toHaveLength(1);
    const file = await fetch(`${api1.url}${body.images[0]!.url}`, { headers: owner.headers });
    expect(file.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBeGreaterThan(0);
    // DBOS's records: the call ran on the live worker; its bytes are gone from the object store.
    const calls = await db.withSchema('dbos').from('workflow_status').where({ name: 'mediaCall' }).select('status', 'executor_id');
    expect(calls).toEqual([{ status: 'SUCCESS', executor_id: 'worker-1' }]);
    const callBytes = path.join(dir, 'data/objects/media/calls');
    expect(
      fs.existsSync(callBytes)
        ? fs.readdirSync(callBytes, { recursive: true }).filter((f) => fs.statSync(path.join(callBytes, String(f))).isFile())
        : [],
    ).toEqual([]);
    expect((await db('profiles').where({ id: owner.id }).first('credits_remaining')).credits_remaining).toBe(CREDITS - 1);

    await killed(worker1.child!);
    const refused = await generate(api2);
    expect(refused.status).toBe(503);
    const ledger = await db('credit_transactions')
      .where({ user_id: owner.id })
      .whereLike('transaction_type', 'TASK_%')
      .orderBy('created_at')
      .pluck('transaction_type');
    expect(ledger).toEqual(['TASK_DEBIT', 'TASK_DEBIT', 'TASK_REFUND']);
    expect((await db('profiles').where({ id: owner.id }).first('credits_remaining')).credits_remaining).toBe(CREDITS - 1);
    const withdrawn = await db
      .withSchema('dbos')
      .from('workflow_status')
      .where({ name: 'mediaCall' })
      .orderBy('created_at')
      .pluck('status');
    expect(withdrawn).toEqual(['SUCCESS', 'CANCELLED']);
  }, 120_000);
});
