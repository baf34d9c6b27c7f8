/**
 * The admins' jobs console: every video, animation and training job of every user,
 * filtered and keyset-paged; a job's sections, steps and ledger entries; cancel, a free retry and a
 * refund, each recorded with the admin's id.
 */
import { z } from 'zod';
import { PageCursor } from './ids.ts';
import { CreditTransaction } from './credits.ts';
import { JOB_STATUSES, SECTION_STATUSES } from './videos.ts';

export const AdminJobRoutes = {
  list: '/api/admin/jobs',
  one: '/api/admin/jobs/:jobId',
  cancel: '/api/admin/jobs/:jobId/cancel',
  retry: '/api/admin/jobs/:jobId/retry',
  refund: '/api/admin/jobs/:jobId/sections/:sectionId/refund',
  /** The render queues' depths and the workers (a path of its own: not a job id under `/jobs/`). */
  renderers: '/api/admin/renderers',
} as const;

/** A job's path with its id (and section) filled in. */
export const adminJobPath = (route: string, jobId: string, sectionId?: string) =>
  route.replace(':jobId', encodeURIComponent(jobId)).replace(':sectionId', encodeURIComponent(sectionId ?? ''));

export const ADMIN_JOB_KINDS = ['multi_section', 'animation', 'training'] as const;
export type AdminJobKind = (typeof ADMIN_JOB_KINDS)[number];
export const ADMIN_JOBS_PAGE = 25;

/** A training's states as the console shows them beside the video jobs'. */
export const ADMIN_JOB_STATUSES = [...JOB_STATUSES, 'QUEUED'] as const;

export const AdminJobsQuery = z.object({
  status: z.enum(ADMIN_JOB_STATUSES, { error: 'Not a job status' }).optional(),
  kind: z.enum(ADMIN_JOB_KINDS, { error: 'Not a job kind' }).optional(),
  email: z.string().trim().max(320).optional(),
  jobId: z.string().trim().max(100).optional(),
  /** The last job of the page before (its `cursor`). */
  cursor: PageCursor.optional(),
});
export type AdminJobsQuery = z.infer<typeof AdminJobsQuery>;

const SectionError = z.object({ section: z.string(), error: z.string() });

export const AdminJob = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  kind: z.enum(ADMIN_JOB_KINDS),
  status: z.string(),
  /** The step a running section is at (audio, video, lipsync…), or null. */
  step: z.string().nullable(),
  sectionsTotal: z.number(),
  sectionsDone: z.number(),
  sectionsFailed: z.number(),
  creditsReserved: z.number(),
  creditsRefunded: z.number(),
  engine: z.string(),
  workflowId: z.string(),
  /** The workflow in the Temporal UI (TEMPORAL_UI_URL), for a job on Temporal. */
  workflowUrl: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  error: z.string().nullable(),
  sectionErrors: z.array(SectionError),
});
export type AdminJob = z.infer<typeof AdminJob>;

export const AdminJobsResponse = z.object({ jobs: z.array(AdminJob), nextCursor: z.string().nullable() });
export type AdminJobsResponse = z.infer<typeof AdminJobsResponse>;

export const AdminJobSection = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(SECTION_STATUSES),
  step: z.string().nullable(),
  error: z.string().nullable(),
  credits: z.number(),
  refunded: z.boolean(),
});

/** A step as the durable engine recorded it. */
export const AdminJobStep = z.object({
  name: z.string(),
  startedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
});

export const AdminJobDetail = AdminJob.extend({
  sections: z.array(AdminJobSection),
  steps: z.array(AdminJobStep),
  /** Why the steps could not be read (the engine is out of reach, or not this process's), else null. */
  stepsError: z.string().nullable(),
  ledger: z.array(CreditTransaction),
  audit: z.array(z.object({ action: z.string(), adminEmail: z.string(), sectionId: z.string().nullable(), at: z.string() })),
});
export type AdminJobDetail = z.infer<typeof AdminJobDetail>;

/** The shared DBOS queues: job orchestrations, renders (sections, trainings) partitioned by user, and API processes' media calls. */
export const RENDER_QUEUES = { jobs: 'studio-jobs', renders: 'studio-renders', media: 'studio-media' } as const;
/** An `npm start` process's own queue of a shared one (its jobs stay its own): `studio-renders@<executor id>`. */
export const ownQueue = (base: string, executorId: string) => `${base}@${executorId}`;
/** The shared queue a queue name belongs to (`studio-renders@host:8080` → `studio-renders`). */
export const baseQueueOf = (name: string) => name.split('@')[0]!;

/** A process that renders (`npm run worker`, or `npm start`), as its heartbeat last said. */
export const AdminRenderWorker = z.object({
  executorId: z.string(),
  role: z.enum(['all', 'worker']),
  host: z.string(),
  /** live: seen within the dead-after time; gone: not seen since; recovered: gone, and its jobs put back on their queues by `recoveredBy`. */
  state: z.enum(['live', 'gone', 'recovered']),
  renderConcurrency: z.number(),
  /** What it renders now: a job's section at a step (or a training: `section` null). */
  rendering: z.array(z.object({ job: z.string(), section: z.string().nullable(), step: z.string(), since: z.string() })),
  rendersDone: z.number(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  recoveredBy: z.string().nullable(),
});
export type AdminRenderWorker = z.infer<typeof AdminRenderWorker>;

export const AdminRenderersResponse = z.object({
  /** Jobs, renders and media calls waiting for a worker, by queue (`RENDER_QUEUES`). */
  queues: z.array(z.object({ name: z.string(), depth: z.number() })),
  workers: z.array(AdminRenderWorker),
});
export type AdminRenderersResponse = z.infer<typeof AdminRenderersResponse>;

export const AdminJobMessages = {
  notFound: 'No such job.',
  notCancellable: 'This job has already ended.',
  nothingToRetry: 'This job has no failed section to retry.',
  notRefundable: 'This section is not refundable: it completed, is still running, or was refunded already.',
  videoOnly: 'Only video jobs have sections to retry or refund.',
  cancelled: 'Job cancelled; its unfinished sections were refunded.',
  retried: 'Retrying the failed sections, at no charge to the user.',
  refunded: 'Section refunded.',
  stepsUnreachable: 'Temporal could not be reached: this job’s steps cannot be shown now.',
  stepsElsewhere: 'This job ran on another engine than this server’s: its steps are in that engine’s own UI.',
  renderersTitle: 'Renderers',
  queueDepth: (name: string, depth: number) => `${name}: ${depth} waiting`,
  noRenderers: 'No renderer has reported yet.',
  renderingNothing: 'idle',
} as const;
