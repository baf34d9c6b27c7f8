/**
 * The video job as a Temporal workflow: the same orchestration, with activities proxied to the
 * workers of the studio's task queue. Runs in Temporal's deterministic sandbox (no I/O here).
 */
import { ActivityFailure, ApplicationFailure, proxyActivities, type ActivityOptions } from '@temporalio/workflow';
import { mapActivities, StepError, type JobOutcome, type JobSpec, type VideoActivities } from './job.ts';
import type { MediaCallActivities, MediaCallAnswer, MediaCallRequest } from './media-call.ts';
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

/** How long a media call may wait for a worker to take it, and then run (`media-call.ts`). */
export const MEDIA_CALL_PICKUP = '60 seconds';
const MEDIA_CALL_OPTIONS: ActivityOptions = {
  scheduleToStartTimeout: MEDIA_CALL_PICKUP,
  startToCloseTimeout: '10 minutes',
  // The engine's failure is the call's answer; a worker lost mid-call is not retried behind a waiting user.
  retry: { maximumAttempts: 1 },
};

/** A media call an API process hands over: one activity on a worker of the task queue. */
export async function mediaCall(request: MediaCallRequest): Promise<MediaCallAnswer> {
  return proxyActivities<MediaCallActivities>(MEDIA_CALL_OPTIONS).mediaCall(request);
}
