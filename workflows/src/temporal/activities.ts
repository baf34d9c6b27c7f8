/**
 * The studio's activities as a Temporal worker runs them: a StepError becomes an
 * ApplicationFailure whose type is its kind (bad input and timeouts are not retried).
 */
import { ApplicationFailure } from '@temporalio/activity';
import { StepError, type VideoActivities } from '../workflows/job.ts';

export function temporalActivities(acts: VideoActivities): VideoActivities {
  const wrap =
    <A extends unknown[], T>(fn: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      try {
        return await fn(...args);
      } catch (error) {
        if (error instanceof StepError)
          throw ApplicationFailure.create({ type: error.kind, message: error.message, nonRetryable: error.kind !== 'transient' });
        throw error;
      }
    };
  return {
    speak: wrap(acts.speak),
    animate: wrap(acts.animate),
    lipSync: wrap(acts.lipSync),
    caption: wrap(acts.caption),
    concat: wrap(acts.concat),
    store: wrap(acts.store),
    refund: wrap(acts.refund),
    progress: wrap(acts.progress),
  };
}

/** The task queue the studio's Temporal workers poll. */
export const TEMPORAL_TASK_QUEUE = 'studio-video';
/** Where the workflow code is bundled from. */
export const WORKFLOWS_PATH = new URL('../workflows/temporal.ts', import.meta.url).pathname;
