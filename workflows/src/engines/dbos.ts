/**
 * The default durable engine: DBOS on the studio's own PostgreSQL (schema `dbos`). The job
 * orchestration runs as a DBOS workflow whose id is the job id; each activity is a checkpointed
 * step, so a process killed mid-job resumes it on the next launch without redoing finished steps.
 * Transient failures are retried with backoff; bad input is not.
 */
import { DBOS } from '@dbos-inc/dbos-sdk';
import { mapActivities, StepError, type JobOutcome, type JobSpec, type VideoActivities } from '../workflows/job.ts';
import { runVideoJob } from '../workflows/orchestrate.ts';
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
export const TRAINING_JOB_WORKFLOW = 'trainingJob';

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
  cancel(workflowId: string): Promise<void>;
  /** Stops DBOS, then waits for the steps under way to finish (none writes after it returns). */
  shutdown(): Promise<void>;
}

/** Registers the job workflow with `activities`, then launches DBOS (which resumes unfinished jobs). */
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
}): Promise<DbosEngine> {
  DBOS.setConfig({
    name: 'studio',
    systemDatabaseUrl: options.systemDatabaseUrl,
    systemDatabaseSchemaName: 'dbos',
    applicationVersion: DBOS_APPLICATION_VERSION,
    executorID: options.executorId,
    tracingEnabled: options.tracing,
    logLevel: 'warn',
  });
  const durable = durableActivities(options.activities);
  const videoJob = DBOS.registerWorkflow(async (spec: JobSpec) => runVideoJob(spec, durable), { name: VIDEO_JOB_WORKFLOW });
  const training = options.training && mapTrainingActivities(options.training, durableStep);
  const trainingJob = DBOS.registerWorkflow(
    async (spec: TrainingSpec) => {
      if (!training) throw new Error('this engine was launched without training activities');
      return runTrainingJob(spec, training);
    },
    { name: TRAINING_JOB_WORKFLOW },
  );
  await DBOS.launch();
  return {
    async start(spec, workflowId = spec.jobId) {
      await DBOS.startWorkflow(videoJob, { workflowID: workflowId })(spec);
    },
    async startTraining(spec) {
      await DBOS.startWorkflow(trainingJob, { workflowID: trainingWorkflowId(spec.modelId) })(spec);
    },
    result: (workflowId) => DBOS.getResult<JobOutcome>(workflowId),
    cancel: (workflowId) => DBOS.cancelWorkflow(workflowId),
    async shutdown() {
      // Steps cannot start once DBOS is down (each first reads its checkpoint); the ones under way finish.
      await DBOS.shutdown();
      await Promise.allSettled([...running]);
    },
  };
}
