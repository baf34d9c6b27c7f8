/**
 * The render workers and the render queues as the operators and the users see them: the workers
 * table (`render_workers`, kept by each rendering process's heartbeat) and DBOS's own queue records
 * (`dbos.workflow_status`: ENQUEUED rows wait on a queue, PENDING ones run on their `executor_id`).
 */
import { baseQueueOf, RENDER_QUEUES } from '@studio/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { DbErrorCodes, isDbError } from '../../errors.ts';

/** What a process is rendering now: a job's section at a step, or a training. */
export interface RenderNow {
  job: string;
  section: string | null;
  step: string;
  since: string;
}

export interface WorkerRow {
  executor_id: string;
  role: string;
  host: string;
  pid: number;
  render_concurrency: number;
  rendering: RenderNow[];
  renders_done: number;
  started_at: Date;
  last_seen_at: Date;
  recovered_at: Date | null;
  recovered_by: string | null;
}

/** Before DBOS's first launch on a database its schema does not exist: nothing is queued. */
const noDbosYet =
  <T>(empty: T) =>
  (error: unknown) => {
    if (isDbError(error, DbErrorCodes.undefinedTable) || isDbError(error, '3F000')) return empty;
    throw error;
  };

/** Says a process is alive, and what it renders: its row is created or refreshed (a process back from the dead is live again). */
export async function beat(
  db: Queryable,
  worker: {
    executorId: string;
    role: string;
    host: string;
    pid: number;
    renderConcurrency: number;
    rendering: RenderNow[];
    rendersDone: number;
  },
): Promise<void> {
  await db.raw(
    `INSERT INTO render_workers (executor_id, role, host, pid, render_concurrency, rendering, renders_done, started_at, last_seen_at)
     VALUES (?, ?, ?, ?, ?, ?::jsonb, ?, now(), now())
     ON CONFLICT (executor_id) DO UPDATE SET role = excluded.role, host = excluded.host, pid = excluded.pid,
       render_concurrency = excluded.render_concurrency, rendering = excluded.rendering, renders_done = excluded.renders_done,
       started_at = CASE WHEN render_workers.pid <> excluded.pid THEN now() ELSE render_workers.started_at END,
       last_seen_at = now(), recovered_at = NULL, recovered_by = NULL`,
    [
      worker.executorId,
      worker.role,
      worker.host,
      worker.pid,
      worker.renderConcurrency,
      JSON.stringify(worker.rendering),
      worker.rendersDone,
    ],
  );
}

/** A process that stops cleanly says so: it is rendering nothing, and is not taken for dead (its jobs were left for it or others). */
export async function leave(db: Queryable, executorId: string): Promise<void> {
  await db('render_workers').where({ executor_id: executorId }).update({ rendering: '[]', last_seen_at: db.fn.now() });
}

/**
 * Claims the workers not seen for `deadAfterMs` that nobody has recovered yet, for `by`: one
 * conditional UPDATE, so two live workers never both recover the same dead one. An `npm start`
 * process (`all`) is not claimed: its jobs are on its own queues and it resumes them when it comes back.
 */
export async function claimDeadWorkers(db: Queryable, by: string, deadAfterMs: number): Promise<string[]> {
  const rows = await db('render_workers')
    .where('role', 'worker')
    .whereNot('executor_id', by)
    .whereNull('recovered_at')
    .whereRaw('last_seen_at < now() - make_interval(secs => ?)', [deadAfterMs / 1000])
    .update({ recovered_at: db.fn.now(), recovered_by: by })
    .returning<{ executor_id: string }[]>('executor_id');
  return rows.map((r) => r.executor_id);
}

/** Every rendering process, the most recently seen first, with how long ago. */
export async function listWorkers(db: Queryable): Promise<(WorkerRow & { seen_ms_ago: number })[]> {
  return db('render_workers')
    .select('*', db.raw('(EXTRACT(EPOCH FROM now() - last_seen_at) * 1000)::int AS seen_ms_ago'))
    .orderBy('last_seen_at', 'desc');
}

/** How many workflows wait on each queue (an `npm start` process's own queues counted with the shared one they mirror). */
export async function queueDepths(db: Queryable): Promise<Record<string, number>> {
  const rows = await db
    .withSchema('dbos')
    .from('workflow_status')
    .where('status', 'ENQUEUED')
    .whereNotNull('queue_name')
    .groupBy('queue_name')
    .select<{ queue_name: string; count: string }[]>('queue_name', db.raw('count(*) AS count'))
    .catch(noDbosYet([] as { queue_name: string; count: string }[]));
  const depths: Record<string, number> = {};
  for (const row of rows) {
    if (row.queue_name.startsWith('_dbos')) continue;
    const base = baseQueueOf(row.queue_name);
    depths[base] = (depths[base] ?? 0) + Number(row.count);
  }
  return depths;
}

/** How long the workflows this process started since `sinceMs` waited on their queue, in seconds, by queue. */
export async function waitsSince(
  db: Queryable,
  executorId: string,
  sinceMs: number,
): Promise<{ queue: string; seconds: number; startedMs: number }[]> {
  const rows = await db
    .withSchema('dbos')
    .from('workflow_status')
    .where('executor_id', executorId)
    .whereNotNull('queue_name')
    .where('started_at_epoch_ms', '>', sinceMs)
    .select<{ queue_name: string; started_at_epoch_ms: string; created_at: string }[]>('queue_name', 'started_at_epoch_ms', 'created_at')
    .catch(noDbosYet([] as { queue_name: string; started_at_epoch_ms: string; created_at: string }[]));
  return rows
    .filter((r) => !r.queue_name.startsWith('_dbos'))
    .map((r) => ({
      queue: baseQueueOf(r.queue_name),
      seconds: Math.max(0, Number(r.started_at_epoch_ms) - Number(r.created_at)) / 1000,
      startedMs: Number(r.started_at_epoch_ms),
    }));
}

/** The newest start time among this process's workflows (where `waitsSince` picks up after a restart). */
export async function lastStartOf(db: Queryable, executorId: string): Promise<number> {
  const row = await db
    .withSchema('dbos')
    .from('workflow_status')
    .where('executor_id', executorId)
    .max<{ at: string | null }>('started_at_epoch_ms as at')
    .first()
    .catch(noDbosYet(undefined));
  return Number(row?.at ?? 0);
}

interface StatusRow {
  status: string;
  queue_name: string | null;
  created_at: string;
}

/**
 * How many jobs are ahead of a job waiting for a renderer, or null when it is not waiting (a
 * section of it is rendering or done, it has ended, or its engine keeps no queue here). A job waits
 * while its workflow is on the jobs queue, while every section it queued is still waiting, and in
 * the moment between the two. Ahead of it: the jobs started before it that are still running and
 * have work waiting on the studio's queues (their orchestration, a section, a training) — in the
 * order jobs were started, whatever order their sections reached the queue in.
 */
export async function queuePositionOf(db: Db, workflowId: string): Promise<number | null> {
  const statuses = () => db.withSchema('dbos').from('workflow_status');
  const me = await statuses()
    .where('workflow_uuid', workflowId)
    .first<StatusRow | undefined>('status', 'queue_name', 'created_at')
    .catch(noDbosYet(undefined));
  if (!me?.queue_name) return null;
  if (me.status === 'PENDING') {
    const sections = await statuses().where('parent_workflow_id', workflowId).pluck<string[]>('status');
    if (sections.some((status) => status !== 'ENQUEUED')) return null;
  } else if (me.status !== 'ENQUEUED') return null;
  const [ahead] = await db
    .withSchema('dbos')
    .from('workflow_status as waiting')
    .join('workflow_status as job', 'job.workflow_uuid', db.raw('coalesce(waiting.parent_workflow_id, waiting.workflow_uuid)'))
    .where('waiting.status', 'ENQUEUED')
    .where(
      (q) =>
        void q.whereLike('waiting.queue_name', `${RENDER_QUEUES.jobs}%`).orWhereLike('waiting.queue_name', `${RENDER_QUEUES.renders}%`),
    )
    .whereIn('job.status', ['ENQUEUED', 'PENDING'])
    .where('job.created_at', '<', me.created_at)
    .whereNot('job.workflow_uuid', workflowId)
    .countDistinct<{ count: string }[]>({ count: 'job.workflow_uuid' });
  return Number(ahead?.count ?? 0);
}
