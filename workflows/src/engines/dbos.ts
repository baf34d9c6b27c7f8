/**
 * The default durable engine: DBOS on the studio's own PostgreSQL (schema `dbos`). The job
 * orchestration runs as a DBOS workflow whose id is the job id; each activity is a checkpointed
 * step, so a process killed mid-job resumes it on the next launch without redoing finished steps.
 * Transient failures are retried with backoff; bad input is not.
 */
import { DBOS } from '@dbos-inc/dbos-sdk';
import { mapActivities, StepError, type JobOutcome, type JobSpec, type VideoActivities } from '../workflows/job.ts';
import { runVideoJob } from '../workflows/orchestrate.ts';

/**
 * Pinned (DESIGN §3): DBOS's default is a hash of the code, and a changed hash strands pending
 * workflows forever. Raise it only with a migration plan for jobs in flight.
 */
export const DBOS_APPLICATION_VERSION = 'studio-video-1';
export const VIDEO_JOB_WORKFLOW = 'videoJob';

/** A step's outcome as DBOS records it: a value, or a failure the orchestration should see (not retry). */
type Recorded<T> = { ok: true; value: T } | { ok: false; kind: StepError['kind']; message: string };

const retryable = (error: unknown) => !(error instanceof StepError && error.kind !== 'transient');

/**
 * Progress notes are not checkpointed: each is an idempotent write of a section's state that
 * returns nothing, so running it again after a restart is harmless, and skipping the checkpoint
 * keeps a step's commit off every section's path.
 */
const UNCHECKPOINTED: ReadonlySet<keyof VideoActivities> = new Set(['progress']);

/** Each activity as a checkpointed step: retried (1 s, ×2, 3 tries) unless it says the input is bad. */
export function durableActivities(acts: VideoActivities): VideoActivities {
  return mapActivities(acts, (name, fn) => async (...args) => {
    if (UNCHECKPOINTED.has(name)) return fn(...args);
    let recorded: Recorded<unknown>;
    try {
      recorded = await DBOS.runStep(
        async (): Promise<Recorded<unknown>> => {
          try {
            return { ok: true, value: await fn(...args) };
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
  });
}

export interface DbosEngine {
  /**
   * Starts a run of a job under `workflowId` (the job id for its first run): starting the same
   * id twice runs it once.
   */
  start(spec: JobSpec, workflowId?: string): Promise<void>;
  /** Waits for a run's outcome. */
  result(workflowId: string): Promise<JobOutcome | null>;
  cancel(workflowId: string): Promise<void>;
  shutdown(): Promise<void>;
}

/** Registers the job workflow with `activities`, then launches DBOS (which resumes unfinished jobs). */
export async function launchDbosEngine(options: { systemDatabaseUrl: string; activities: VideoActivities }): Promise<DbosEngine> {
  DBOS.setConfig({
    name: 'studio',
    systemDatabaseUrl: options.systemDatabaseUrl,
    systemDatabaseSchemaName: 'dbos',
    applicationVersion: DBOS_APPLICATION_VERSION,
    logLevel: 'warn',
  });
  const durable = durableActivities(options.activities);
  const videoJob = DBOS.registerWorkflow(async (spec: JobSpec) => runVideoJob(spec, durable), { name: VIDEO_JOB_WORKFLOW });
  await DBOS.launch();
  return {
    async start(spec, workflowId = spec.jobId) {
      await DBOS.startWorkflow(videoJob, { workflowID: workflowId })(spec);
    },
    result: (workflowId) => DBOS.getResult<JobOutcome>(workflowId),
    cancel: (workflowId) => DBOS.cancelWorkflow(workflowId),
    shutdown: () => DBOS.shutdown(),
  };
}
