/**
 * The video job as a Temporal workflow: the same orchestration, with activities proxied to the
 * workers of the studio's task queue. Runs in Temporal's deterministic sandbox (no I/O here).
 */
import { ActivityFailure, ApplicationFailure, proxyActivities, type ActivityOptions } from '@temporalio/workflow';
import { mapActivities, StepError, type JobOutcome, type JobSpec, type VideoActivities } from './job.ts';
import { runVideoJob } from './orchestrate.ts';
import { mapTrainingActivities, runTrainingJob, type TrainingActivities, type TrainingOutcome, type TrainingSpec } from './training.ts';

const KINDS: readonly StepError['kind'][] = ['bad_input', 'transient', 'timeout'];

/** An activity's failure as the orchestration understands it (its kind travels as the failure's type). */
function asStepError(error: unknown): unknown {
  if (!(error instanceof ActivityFailure)) return error;
  const cause = error.cause;
  const kind =
    cause instanceof ApplicationFailure && KINDS.includes(cause.type as StepError['kind'])
      ? (cause.type as StepError['kind'])
      : 'transient';
  return new StepError(kind, cause?.message ?? error.message);
}

const ACTIVITY_OPTIONS: ActivityOptions = {
  startToCloseTimeout: '15 minutes',
  // Transient failures are retried with backoff; bad input and timeouts are not.
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumAttempts: 3, nonRetryableErrorTypes: ['bad_input', 'timeout'] },
};

const asStepErrors =
  (_name: string, call: (...args: never[]) => Promise<unknown>) =>
  async (...args: never[]) => {
    try {
      return await call(...args);
    } catch (error) {
      throw asStepError(error);
    }
  };

export async function videoJob(spec: JobSpec): Promise<JobOutcome> {
  return runVideoJob(spec, mapActivities(proxyActivities<VideoActivities>(ACTIVITY_OPTIONS), asStepErrors));
}

export async function trainingJob(spec: TrainingSpec): Promise<TrainingOutcome> {
  return runTrainingJob(spec, mapTrainingActivities(proxyActivities<TrainingActivities>(ACTIVITY_OPTIONS), asStepErrors));
}
