/**
 * The default durable engine: DBOS on the studio's own PostgreSQL (schema `dbos`). The job
 * orchestration runs as a DBOS workflow whose id is the job id; each section's steps run as a
 * workflow of their own (`<job workflow id>/<section id>`) on the render queue, and each activity is
 * a checkpointed step, so a process killed mid-job has its job resumed — by itself when it comes
 * back, or by a live worker that recovers it (`recoverExecutor`) — without redoing finished steps.
 * Transient failures are retried with backoff; bad input is not.
 *
 * Queues (DESIGN decision 18): jobs and trainings go through DBOS's database-backed queues, which
 * only the processes that render listen to. `STUDIO_ROLE=api` enqueues and listens to none;
 * `npm run worker` listens to the shared queues; `npm start` (`all`) listens to the shared queues
 * and to queues of its own, where it puts the jobs it starts, so that several `npm start` processes
 * each render their own jobs and resume them on restart, as before there were queues.
 */
import { DBOS, type WorkflowQueue } from '@dbos-inc/dbos-sdk';
import { ownQueue, RENDER_QUEUES } from '@studio/contracts';
import {
  mapActivities,
  StepError,
  type JobOutcome,
  type JobSpec,
  type SectionOutcome,
  type SectionSpec,
  type VideoActivities,
} from '../workflows/job.ts';
import {
  MEDIA_CALL_WORKFLOW,
  mediaCallWorkflowId,
  type MediaCallActivities,
  type MediaCallAnswer,
  type MediaCallRequest,
} from '../workflows/media-call.ts';
import { renderSectionSteps, runVideoJob } from '../workflows/orchestrate.ts';
import {
  mapTrainingActivities,
  runTrainingJob,
  trainingWorkflowId,
  type TrainingActivities,
  type TrainingSpec,
} from '../workflows/training.ts';

/**
 * Pinned (DESIGN §3): DBOS's default is a hash of the code, and a changed hash strands pending
 * workflows forever. Raise it only with a migration plan for jobs in flight.
 */
export const DBOS_APPLICATION_VERSION = 'studio-video-1';
export const VIDEO_JOB_WORKFLOW = 'videoJob';
export const SECTION_RENDER_WORKFLOW = 'sectionRender';
export const TRAINING_JOB_WORKFLOW = 'trainingJob';

/** The shared queues: job orchestrations, and the renders (sections, trainings) partitioned by user. */
export const JOB_QUEUE = RENDER_QUEUES.jobs;
export const RENDER_QUEUE = RENDER_QUEUES.renders;
/** Media calls handed over by API processes (`media-call.ts`): taken before the queued renders' next steps, by any worker. */
export const MEDIA_QUEUE = RENDER_QUEUES.media;

/** What a process does with the queues: `all` and `worker` render, `api` only enqueues. */
export type EngineRole = 'all' | 'api' | 'worker';

/** Orchestrations mostly wait for their sections (and then finish the video): several per worker per render slot. */
const JOBS_PER_RENDER_SLOT = 4;
/** How often a queue is polled for work, and a section's parent for its result, at most. */
const QUEUE_POLL_MS = 250;
/** How often an API process asks for a media call's answer: a user waits on it. */
const MEDIA_POLL_MS = 50;

/** A job's queues, recorded with its workflow (so whoever resumes it enqueues its sections where it did). */
interface JobQueues {
  renders: string;
}

/** A step's outcome as DBOS records it: a value, or a failure the orchestration should see (not retry). */
type Recorded<T> = { ok: true; value: T } | { ok: false; kind: StepError['kind']; message: string };

const retryable = (error: unknown) => !(error instanceof StepError && error.kind !== 'transient');

/**
 * Progress notes are not checkpointed: each is an idempotent write of a section's state that
 * returns nothing, so running it again after a restart is harmless, and skipping the checkpoint
 * keeps a step's commit off every section's path.
 */
const UNCHECKPOINTED: ReadonlySet<keyof VideoActivities> = new Set(['progress']);

/**
 * Activities running now. DBOS's shutdown does not wait for a step already under way, so the
 * engine's shutdown waits for them: none writes after the process has let its engine go.
 */
const running = new Set<Promise<unknown>>();
function tracked<T>(work: Promise<T>): Promise<T> {
  running.add(work);
  const done = () => void running.delete(work);
  work.then(done, done);
  return work;
}

/** One activity as a checkpointed step: retried (1 s, ×2, 3 tries) unless it says the input is bad. */
function durableStep(name: string, fn: (...args: never[]) => Promise<unknown>) {
  return async (...args: never[]) => {
    let recorded: Recorded<unknown>;
    try {
      recorded = await DBOS.runStep(
        async (): Promise<Recorded<unknown>> => {
          try {
            return { ok: true, value: await tracked(fn(...args)) };
          } catch (error) {
            if (retryable(error)) throw error;
            const { kind, message } = error as StepError;
            return { ok: false, kind, message };
          }
        },
        { name, retriesAllowed: true, maxAttempts: 3, intervalSeconds: 1, backoffRate: 2, shouldRetry: retryable },
      );
    } catch (error) {
      // Retries spent: the orchestration sees a transient failure of this step.
      recorded = { ok: false, kind: 'transient', message: error instanceof Error ? error.message : String(error) };
    }
    if (!recorded.ok) throw new StepError(recorded.kind, recorded.message);
    return recorded.value;
  };
}

/** Each video activity as a checkpointed step (progress notes excepted). */
export function durableActivities(acts: VideoActivities): VideoActivities {
  return mapActivities(acts, (name, fn) => (UNCHECKPOINTED.has(name) ? fn : durableStep(name, fn)));
}

export interface DbosEngine {
  /**
   * Starts a run of a job under `workflowId` (the job id for its first run): starting the same
   * id twice runs it once.
   */
  start(spec: JobSpec, workflowId?: string): Promise<void>;
  /** Starts a model's training (workflow id `training:<model id>`): starting it twice runs it once. */
  startTraining(spec: TrainingSpec): Promise<void>;
  /** Waits for a run's outcome. */
  result(workflowId: string): Promise<JobOutcome | null>;
  /** Cancels a run and the sections it queued (a queued one never starts). */
  cancel(workflowId: string): Promise<void>;
  /**
   * Re-enqueues the unfinished workflows of a process that is gone (DBOS's own recovery: each goes
   * back to the queue it came from, its finished steps kept). Answers their ids.
   */
  recoverExecutor(executorId: string): Promise<string[]>;
  /**
   * Runs a media engine call on a worker (`STUDIO_ROLE=api`) and answers its outcome. A call no
   * worker has taken within `pickupMs` is withdrawn and answered `null` (no worker is free).
   */
  callMedia(request: MediaCallRequest, pickupMs: number): Promise<MediaCallAnswer | null>;
  /** The queues this process enqueues onto and listens to. */
  readonly queues: { jobs: string; renders: string; listening: string[] };
  /** Stops DBOS, then waits for the steps under way to finish (none writes after it returns). */
  shutdown(): Promise<void>;
}

/**
 * Registers the job, section and training workflows with `activities`, launches DBOS (which
 * resumes this executor's unfinished jobs), then registers the queues.
 */
export async function launchDbosEngine(options: {
  systemDatabaseUrl: string;
  /**
   * This process's executor id (DBOS tags each workflow with it): with several processes on one
   * database, a launch resumes only its own unfinished jobs, never another live process's.
   */
  executorId?: string;
  /** Spans of each workflow and step, on the tracer provider the process registered (its OpenTelemetry integration). */
  tracing?: boolean;
  activities: VideoActivities;
  training?: TrainingActivities;
  /** The media calls API processes hand over (`callMedia`), run by the processes that render. */
  media?: MediaCallActivities;
  /** `all` (default): enqueues onto its own queues and renders; `api`: enqueues onto the shared ones, renders nothing; `worker`: renders the shared ones. */
  role?: EngineRole;
  /** Sections (and trainings) one process renders at once. */
  renderConcurrency?: number;
  /** Sections (and trainings) one user has rendering at once, across every worker. */
  userRenderLimit?: number;
}): Promise<DbosEngine> {
  const role = options.role ?? 'all';
  const executorId = options.executorId ?? 'local';
  const renderConcurrency = Math.max(1, options.renderConcurrency ?? 2);
  const userRenderLimit = Math.max(1, options.userRenderLimit ?? 2);
  const shared = [JOB_QUEUE, RENDER_QUEUE, MEDIA_QUEUE];
  const own = role === 'all' ? { jobs: ownQueue(JOB_QUEUE, executorId), renders: ownQueue(RENDER_QUEUE, executorId) } : null;
  const enqueueTo = own ?? { jobs: JOB_QUEUE, renders: RENDER_QUEUE };
  // An API process listens to no queue: DBOS then runs nothing here but what this process itself
  // recovers at launch (nothing: it never runs a workflow) and its internal queue (which the studio never uses).
  const listening = role === 'api' ? [] : own ? [...shared, own.jobs, own.renders] : shared;
  DBOS.setConfig({
    name: 'studio',
    systemDatabaseUrl: options.systemDatabaseUrl,
    systemDatabaseSchemaName: 'dbos',
    applicationVersion: DBOS_APPLICATION_VERSION,
    executorID: options.executorId,
    tracingEnabled: options.tracing,
    logLevel: 'warn',
    listenQueues: listening,
  });
  const durable = durableActivities(options.activities);
  const sectionRender = DBOS.registerWorkflow(
    async (job: Pick<JobSpec, 'jobId' | 'userId'>, section: SectionSpec) => renderSectionSteps(job, section, durable),
    { name: SECTION_RENDER_WORKFLOW },
  );
  /**
   * Each section of a job as a workflow on the render queue, keyed by the job's user (the queue's
   * partition: a user's sections render at most `userRenderLimit` at once). Each child is enqueued
   * once the one before it is (the queue takes them in the order they were enqueued: the sections'
   * order), and each result is asked for as its child is enqueued, so the job's DBOS calls keep
   * their numbers whatever order the sections end in (a replay finds each where it was).
   */
  const queuedSections = (spec: JobSpec, queues: JobQueues) => {
    const parent = DBOS.workflowID!;
    let turn: Promise<unknown> = Promise.resolve();
    return (section: SectionSpec): Promise<SectionOutcome> => {
      const started = turn.then(() =>
        DBOS.startWorkflow(sectionRender, {
          workflowID: `${parent}/${section.id}`,
          queueName: queues.renders,
          enqueueOptions: { queuePartitionKey: spec.userId },
        })({ jobId: spec.jobId, userId: spec.userId }, section),
      );
      turn = started.catch(() => undefined);
      return started.then((handle) => handle.getResult({ pollingIntervalMs: QUEUE_POLL_MS }));
    };
  };
  const videoJob = DBOS.registerWorkflow(
    // A job recorded before queues (no `queues`) runs its sections itself, as it did.
    async (spec: JobSpec, queues?: JobQueues) => runVideoJob(spec, durable, queues ? { renderSection: queuedSections(spec, queues) } : {}),
    { name: VIDEO_JOB_WORKFLOW },
  );
  const training = options.training && mapTrainingActivities(options.training, durableStep);
  const trainingJob = DBOS.registerWorkflow(
    async (spec: TrainingSpec) => {
      if (!training) throw new Error('this engine was launched without training activities');
      return runTrainingJob(spec, training);
    },
    { name: TRAINING_JOB_WORKFLOW },
  );
  const mediaCall = DBOS.registerWorkflow(
    async (request: MediaCallRequest) => {
      const media = options.media;
      if (!media) throw new Error('this engine was launched without the media activity');
      // One step, not retried: the engine's failure is its answer (a 503 or 400 to the user, as in one process).
      return DBOS.runStep(() => tracked(media.mediaCall(request)), { name: 'mediaCall' });
    },
    { name: MEDIA_CALL_WORKFLOW },
  );
  await DBOS.launch();
  const register = (name: string, renders: boolean): Promise<WorkflowQueue> =>
    DBOS.registerQueue(name, {
      minPollingIntervalMs: QUEUE_POLL_MS,
      ...(renders
        ? { workerConcurrency: renderConcurrency, partitionConcurrency: userRenderLimit }
        : { workerConcurrency: renderConcurrency * JOBS_PER_RENDER_SLOT }),
      // The latest process's settings are the queue's (they are one row, read by every worker).
      onConflict: 'always_update',
    });
  await register(JOB_QUEUE, false);
  await register(RENDER_QUEUE, true);
  if (own) {
    await register(own.jobs, false);
    await register(own.renders, true);
  }
  await DBOS.registerQueue(MEDIA_QUEUE, {
    minPollingIntervalMs: QUEUE_POLL_MS,
    workerConcurrency: renderConcurrency,
    onConflict: 'always_update',
  });
  return {
    queues: { ...enqueueTo, listening },
    async start(spec, workflowId = spec.jobId) {
      const queues: JobQueues = { renders: enqueueTo.renders };
      await DBOS.startWorkflow(videoJob, { workflowID: workflowId, queueName: enqueueTo.jobs })(spec, queues);
    },
    async startTraining(spec) {
      await DBOS.startWorkflow(trainingJob, {
        workflowID: trainingWorkflowId(spec.modelId),
        queueName: enqueueTo.renders,
        enqueueOptions: { queuePartitionKey: spec.userId },
      })(spec);
    },
    result: (workflowId) => DBOS.getResult<JobOutcome>(workflowId),
    cancel: (workflowId) => DBOS.cancelWorkflow(workflowId, { cancelChildren: true }),
    async callMedia(request, pickupMs) {
      const handle = await DBOS.startWorkflow(mediaCall, { workflowID: mediaCallWorkflowId(request.id), queueName: MEDIA_QUEUE })(request);
      const answer = handle.getResult({ pollingIntervalMs: MEDIA_POLL_MS });
      // Withdrawn while no worker has taken it; once one has, the answer is waited for (the engine bounds its own work).
      const pickup = setTimeout(() => {
        void handle.getStatus().then(async (status) => {
          if (status?.status === 'ENQUEUED') await DBOS.cancelWorkflow(handle.workflowID);
        });
      }, pickupMs);
      try {
        return await answer;
      } catch (error) {
        if ((await handle.getStatus())?.status === 'CANCELLED') return null;
        throw error;
      } finally {
        clearTimeout(pickup);
      }
    },
    async recoverExecutor(id) {
      // DBOS's own recovery (what a launch does for its own id): each PENDING workflow of `id` goes
      // back to ENQUEUED on its queue (`queue_name` kept, its partition too), so any listener takes it.
      const { DBOSExecutor } = await import('@dbos-inc/dbos-sdk/internal/dbos-executor');
      const handles = await DBOSExecutor.globalInstance!.recoverPendingWorkflows([id]);
      return handles.map((h) => h.workflowID);
    },
    async shutdown() {
      // Steps cannot start once DBOS is down (each first reads its checkpoint); the ones under way finish.
      await DBOS.shutdown();
      await Promise.allSettled([...running]);
    },
  };
}
