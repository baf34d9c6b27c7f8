/**
 * The studio's activities as a Temporal worker runs them: a StepError becomes an
 * ApplicationFailure whose type is its kind (bad input and timeouts are not retried).
 */
import { ApplicationFailure } from '@temporalio/activity';
import { mapActivities, StepError, type VideoActivities } from '../workflows/job.ts';

export function temporalActivities(acts: VideoActivities): VideoActivities {
  return mapActivities(acts, (_name, fn) => async (...args) => {
    try {
      return await fn(...args);
    } catch (error) {
      if (error instanceof StepError)
        throw ApplicationFailure.create({ type: error.kind, message: error.message, nonRetryable: error.kind !== 'transient' });
      throw error;
    }
  });
}

/** The task queue the studio's Temporal workers poll. */
export const TEMPORAL_TASK_QUEUE = 'studio-video';
/** Where the workflow code is bundled from. */
export const WORKFLOWS_PATH = new URL('../workflows/temporal.ts', import.meta.url).pathname;
