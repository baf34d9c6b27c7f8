/**
 * The studio's activities as a Temporal worker runs them: a StepError becomes an
 * ApplicationFailure whose type is its kind (bad input and timeouts are not retried).
 */
import { ApplicationFailure } from '@temporalio/activity';
import { mapActivities, StepError, type VideoActivities } from '../workflows/job.ts';
import type { MediaCallActivities } from '../workflows/media-call.ts';
import { mapTrainingActivities, type TrainingActivities } from '../workflows/training.ts';

const asFailures =
  (_name: string, fn: (...args: never[]) => Promise<unknown>) =>
  async (...args: never[]) => {
    try {
      return await fn(...args);
    } catch (error) {
      if (error instanceof StepError)
        throw ApplicationFailure.create({ type: error.kind, message: error.message, nonRetryable: error.kind !== 'transient' });
      throw error;
    }
  };

export function temporalActivities(
  acts: VideoActivities,
  training?: TrainingActivities,
  media?: MediaCallActivities,
): VideoActivities & Partial<TrainingActivities> & Partial<MediaCallActivities> {
  // A media call answers its own failures (`MediaCallAnswer`): it is registered as it is.
  return {
    ...mapActivities(acts, asFailures),
    ...(training && mapTrainingActivities(training, asFailures)),
    ...(media && { mediaCall: media.mediaCall }),
  };
}

/** The task queue the studio's Temporal workers poll. */
export const TEMPORAL_TASK_QUEUE = 'studio-video';
/** Where the workflow code is bundled from. */
export const WORKFLOWS_PATH = new URL('../workflows/temporal.ts', import.meta.url).pathname;
