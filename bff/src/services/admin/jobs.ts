/**
 * The admins' jobs console: every video, animation and training job of every user in
 * one list, newest first and keyset-paged; a job's sections, the steps its durable engine recorded,
 * its ledger entries and what admins did to it; and the admin's actions, each in `admin_audit`.
 */
import {
  ADMIN_JOBS_PAGE,
  AdminJobMessages,
  RENDER_QUEUES,
  type AdminRenderersResponse,
  type AdminJob,
  type AdminJobDetail,
  type AdminJobsQuery,
  type AdminJobsResponse,
} from '@studio/contracts';
import { trainingWorkflowId } from '@studio/workflows';
import type { Knex } from 'knex';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { Logger } from '../../logger.ts';
import type { JobEngine } from '../videos/engine.ts';
import { AppError, DbErrorCodes, isDbError, notFound } from '../../errors.ts';
import { toCreditTransaction, type LedgerRow } from '../credits/ledger.ts';
import { refundSection } from '../videos/jobs.ts';
import type { VideoService } from '../videos/service.ts';
import { getJob, workflowIdOf } from '../videos/store.ts';
import { decodePageCursor, encodePageCursor } from '../ids.ts';
import { recordAdminAction } from './audit.ts';
import { listWorkers, queueDepths } from '../workers/store.ts';

interface ListRow {
  id: string;
  user_id: string;
  user_email: string;
  kind: AdminJob['kind'];
  status: string;
  step: string | null;
  engine: string;
  run: number;
  created_at: Date;
  finished_at: Date | null;
  error: string | null;
  sections_total: number;
  sections_done: number;
  sections_failed: number;
  credits_reserved: number;
  credits_refunded: number;
  section_errors: { section: string; error: string }[] | null;
}

/** Video jobs and trainings in the same columns; a training's states named as a job's. */
function allJobs(db: Knex, engine: string): Knex.QueryBuilder {
  // One pass over a job's sections and one over its ledger rows (every run: what was charged, what came back).
  const videos = db('generated_videos as v')
    .join('users as u', 'u.id', 'v.user_id')
    .joinRaw(
      `CROSS JOIN LATERAL (
         SELECT (array_agg(s.step ORDER BY s.position) FILTER (WHERE s.status = 'RUNNING'))[1] AS step,
                count(*)::int AS sections_total,
                (count(*) FILTER (WHERE s.status = 'COMPLETED'))::int AS sections_done,
                (count(*) FILTER (WHERE s.status IN ('FAILED', 'TIMED_OUT')))::int AS sections_failed,
                json_agg(json_build_object('section', s.name, 'error', s.error) ORDER BY s.position)
                  FILTER (WHERE s.error IS NOT NULL) AS section_errors
           FROM video_sections s WHERE s.job_id = v.id) sections`,
    )
    .joinRaw(
      `CROSS JOIN LATERAL (
         SELECT coalesce(-sum(c.amount) FILTER (WHERE c.transaction_type = 'TASK_DEBIT'), 0)::int AS credits_reserved,
                coalesce(sum(c.amount) FILTER (WHERE c.transaction_type = 'TASK_REFUND'), 0)::int AS credits_refunded
           FROM credit_transactions c WHERE c.task_metadata->>'job_id' = v.id::text) credits`,
    )
    .select(
      db.raw('v.id::text AS id'),
      'v.user_id',
      'u.email as user_email',
      'v.kind',
      'v.status',
      'sections.step',
      'v.engine',
      'v.run',
      'v.created_at',
      'v.finished_at',
      'v.error',
      'sections.sections_total',
      'sections.sections_done',
      'sections.sections_failed',
      'credits.credits_reserved',
      'credits.credits_refunded',
      'sections.section_errors',
    );
  const trainings = db('trained_models as t')
    .join('users as u', 'u.id', 't.user_id')
    .select(
      db.raw('t.id::text AS id'),
      't.user_id',
      'u.email as user_email',
      db.raw("'training' AS kind"),
      db.raw(
        "CASE t.status WHEN 'queued' THEN 'QUEUED' WHEN 'training' THEN 'IN_PROGRESS' WHEN 'ready' THEN 'COMPLETED' ELSE 'FAILED' END AS status",
      ),
      db.raw("CASE WHEN t.status = 'training' THEN 'training' END AS step"),
      db.raw('? AS engine', [engine]),
      db.raw('1 AS run'),
      't.created_at',
      't.finished_at',
      't.error',
      db.raw('0 AS sections_total'),
      db.raw('0 AS sections_done'),
      db.raw('0 AS sections_failed'),
      db.raw('0 AS credits_reserved'),
      db.raw('0 AS credits_refunded'),
      db.raw('NULL::json AS section_errors'),
    );
  return db.queryBuilder().from(videos.unionAll(trainings, true).as('jobs'));
}

export interface AdminJobsDeps {
  db: Db;
  config: Pick<Config, 'temporal' | 'workerDeadAfterMs'>;
  jobs: JobEngine;
  logger: Logger;
  videos: Pick<VideoService, 'cancel' | 'retry'>;
}

export function createAdminJobs({ db, config, jobs, logger, videos }: AdminJobsDeps) {
  const workflowUrl = (row: Pick<ListRow, 'engine'>, workflowId: string) =>
    row.engine === 'temporal' && config.temporal?.uiUrl
      ? `${config.temporal.uiUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(config.temporal.namespace)}/workflows/${encodeURIComponent(workflowId)}`
      : null;

  const toJob = (row: ListRow): AdminJob => {
    const workflowId = row.kind === 'training' ? trainingWorkflowId(row.id) : workflowIdOf(row);
    return {
      id: row.id,
      userId: row.user_id,
      userEmail: row.user_email,
      kind: row.kind,
      status: row.status,
      step: row.step,
      sectionsTotal: row.sections_total,
      sectionsDone: row.sections_done,
      sectionsFailed: row.sections_failed,
      creditsReserved: row.credits_reserved,
      creditsRefunded: row.credits_refunded,
      engine: row.engine,
      workflowId,
      workflowUrl: workflowUrl(row, workflowId),
      startedAt: row.created_at.toISOString(),
      endedAt: row.finished_at?.toISOString() ?? null,
      error: row.error,
      sectionErrors: row.section_errors ?? [],
    };
  };

  async function list(query: AdminJobsQuery): Promise<AdminJobsResponse> {
    const rows = allJobs(db, jobs.name);
    if (query.status) rows.where('status', query.status);
    if (query.kind) rows.where('kind', query.kind);
    if (query.email) rows.whereILike('user_email', `%${query.email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (query.jobId) rows.where('id', query.jobId);
    if (query.cursor) {
      const after = decodePageCursor(query.cursor);
      rows.whereRaw('(created_at, id) < (?::timestamptz, ?)', [after.at, after.id]);
    }
    const found = (await rows
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(ADMIN_JOBS_PAGE + 1)) as ListRow[];
    const page = found.slice(0, ADMIN_JOBS_PAGE);
    return {
      jobs: page.map(toJob),
      nextCursor: found.length > ADMIN_JOBS_PAGE ? encodePageCursor(page.at(-1)!.created_at, page.at(-1)!.id) : null,
    };
  }

  /**
   * The steps DBOS recorded for a workflow and the section workflows it queued (Temporal keeps its
   * history in its own service), in the order they started.
   */
  async function dbosSteps(workflowId: string): Promise<AdminJobDetail['steps']> {
    const rows = await db
      .withSchema('dbos')
      .from('operation_outputs')
      .where({ workflow_uuid: workflowId })
      .orWhereIn(
        'workflow_uuid',
        db.withSchema('dbos').from('workflow_status').where({ parent_workflow_id: workflowId }).select('workflow_uuid'),
      )
      .orderByRaw('started_at_epoch_ms NULLS LAST, workflow_uuid, function_id')
      .select<{ function_name: string; error: string | null; started_at_epoch_ms: string | null; completed_at_epoch_ms: string | null }[]>(
        'function_name',
        'error',
        'started_at_epoch_ms',
        'completed_at_epoch_ms',
      )
      // Before the engine's first job its schema does not exist yet: no steps.
      .catch((error: unknown) => {
        if (isDbError(error, DbErrorCodes.undefinedTable)) return [];
        throw error;
      });
    return rows.map((r) => ({
      name: r.function_name,
      startedAt: r.started_at_epoch_ms ? new Date(Number(r.started_at_epoch_ms)).toISOString() : null,
      durationMs: r.started_at_epoch_ms && r.completed_at_epoch_ms ? Number(r.completed_at_epoch_ms) - Number(r.started_at_epoch_ms) : null,
      error: r.error,
    }));
  }

  /** Every run's steps, from the engine that ran the job. */
  async function stepsOf(engine: string, runs: string[]): Promise<Pick<AdminJobDetail, 'steps' | 'stepsError'>> {
    if (engine === 'dbos') return { steps: (await Promise.all(runs.map(dbosSteps))).flat(), stepsError: null };
    const history = jobs.name === engine ? jobs.steps : undefined;
    if (!history) return { steps: [], stepsError: AdminJobMessages.stepsElsewhere };
    try {
      return { steps: (await Promise.all(runs.map((run) => history(run)))).flat(), stepsError: null };
    } catch (error) {
      logger.warn({ err: error }, 'reading a job’s steps from Temporal failed');
      return { steps: [], stepsError: AdminJobMessages.stepsUnreachable };
    }
  }

  async function detail(jobId: string): Promise<AdminJobDetail> {
    const [row] = (await allJobs(db, jobs.name).where('id', jobId)) as ListRow[];
    if (!row) throw notFound(AdminJobMessages.notFound);
    const job = toJob(row);
    const sections =
      row.kind === 'training'
        ? []
        : await db('video_sections')
            .where({ job_id: jobId })
            .orderBy('position')
            .select<AdminJobDetail['sections']>('section_id as id', 'name', 'status', 'step', 'error', 'credits', 'refunded');
    // Every workflow run of the job: the first under its id, each retry as `<id>.r<n>`.
    const runs =
      row.kind === 'training' ? [job.workflowId] : Array.from({ length: row.run }, (_, i) => workflowIdOf({ id: row.id, run: i + 1 }));
    const { steps, stepsError } = await stepsOf(row.engine, runs);
    const ledger = await db('credit_transactions')
      .whereRaw("task_metadata->>'job_id' = ?", [jobId])
      .orderBy('created_at')
      .select<LedgerRow[]>('*');
    const audit = await db('admin_audit as a')
      .join('users as u', 'u.id', 'a.admin_id')
      .where('a.job_id', jobId)
      .orderBy('a.created_at')
      .select<{ action: string; email: string; section_id: string | null; created_at: Date }[]>(
        'a.action',
        'u.email',
        'a.section_id',
        'a.created_at',
      );
    return {
      ...job,
      sections,
      steps,
      stepsError,
      ledger: ledger.map(toCreditTransaction),
      audit: audit.map((a) => ({ action: a.action, adminEmail: a.email, sectionId: a.section_id, at: a.created_at.toISOString() })),
    };
  }

  const record = (adminId: string, action: 'cancel' | 'retry' | 'refund', jobId: string, sectionId: string | null = null) =>
    recordAdminAction(db, { adminId, action, jobId, sectionId });

  /** A video job of anyone, or "not found"; trainings have no sections to act on. */
  async function videoJob(jobId: string) {
    const job = await getJob(db, jobId);
    if (!job) {
      if ((await allJobs(db, jobs.name).where('id', jobId)).length > 0) throw new AppError(409, 'conflict', AdminJobMessages.videoOnly);
      throw notFound(AdminJobMessages.notFound);
    }
    return job;
  }

  /** Cancels a running job for its user: its unfinished sections end and are refunded, then its workflow stops. */
  async function cancel(adminId: string, jobId: string): Promise<void> {
    const job = await videoJob(jobId);
    await videos.cancel(job.user_id, job.id);
    await record(adminId, 'cancel', job.id);
  }

  /** Runs the sections that did not complete again, at no charge to the user (support's retry). */
  async function retry(adminId: string, jobId: string): Promise<void> {
    const job = await videoJob(jobId);
    await videos.retry(job.user_id, job.id, { free: true });
    await record(adminId, 'retry', job.id);
  }

  /** Gives back a section's credits that were not given back (the ledger's key makes it once, ever). */
  async function refund(adminId: string, jobId: string, sectionId: string): Promise<void> {
    const job = await videoJob(jobId);
    const section = await db('video_sections')
      .where({ job_id: job.id, section_id: sectionId })
      .first<{ status: string } | undefined>('status');
    if (!section) throw notFound(AdminJobMessages.notFound);
    if (section.status === 'RUNNING' || section.status === 'PENDING' || !(await refundSection(db, job.id, sectionId)))
      throw new AppError(409, 'conflict', AdminJobMessages.notRefundable);
    await record(adminId, 'refund', job.id, sectionId);
  }

  /** The render queues' depths (DBOS's own records) and every rendering process, as its heartbeat last said. */
  async function renderers(): Promise<AdminRenderersResponse> {
    const none: Record<string, number> = {};
    const [depths, workers] = await Promise.all([jobs.name === 'dbos' ? queueDepths(db) : none, listWorkers(db)]);
    return {
      queues: jobs.name === 'dbos' ? Object.values(RENDER_QUEUES).map((name) => ({ name, depth: depths[name] ?? 0 })) : [],
      workers: workers.map((w) => ({
        executorId: w.executor_id,
        role: w.role === 'all' ? 'all' : 'worker',
        host: w.host,
        state: w.recovered_at ? 'recovered' : w.seen_ms_ago > config.workerDeadAfterMs ? 'gone' : 'live',
        renderConcurrency: w.render_concurrency,
        rendering: w.rendering,
        rendersDone: w.renders_done,
        startedAt: w.started_at.toISOString(),
        lastSeenAt: w.last_seen_at.toISOString(),
        recoveredBy: w.recovered_by,
      })),
    };
  }

  return { list, detail, cancel, retry, refund, renderers };
}
