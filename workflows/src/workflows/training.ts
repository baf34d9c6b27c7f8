/**
 * Training a style or a character from a few images, as a durable orchestration over
 * activities, like the video job: the engine checkpoints each step, so a restarted process resumes
 * a training where it stopped, and the user can leave the page and come back.
 */
import { StepError } from './job.ts';

export interface TrainingSpec {
  modelId: string;
  userId: string;
}

/** A training's workflow id in the durable engine. */
export const trainingWorkflowId = (modelId: string) => `training:${modelId}`;

export interface TrainingOutcome {
  status: 'ready' | 'failed';
  error: string | null;
}

/** Every activity is idempotent for its model: a durable engine may run a step more than once. */
export interface TrainingActivities {
  /** Learns the model from its images (locally, or on a hosted trainer) and keeps what it learned. */
  learnModel(modelId: string): Promise<void>;
  /** Renders the model's sample image. */
  renderSample(modelId: string): Promise<void>;
  /** Records progress (0–100) for the status the user sees. */
  trainingProgress(modelId: string, progress: number): Promise<void>;
  /** Records the end: ready, or failed with the reason. */
  finishTraining(modelId: string, outcome: TrainingOutcome): Promise<void>;
}

export const TRAINING_ACTIVITY_NAMES = [
  'learnModel',
  'renderSample',
  'trainingProgress',
  'finishTraining',
] as const satisfies readonly (keyof TrainingActivities)[];

/** `acts` with every activity passed through `wrap`. */
export function mapTrainingActivities(
  acts: TrainingActivities,
  wrap: (name: keyof TrainingActivities, fn: (...args: never[]) => Promise<unknown>) => (...args: never[]) => Promise<unknown>,
): TrainingActivities {
  return Object.fromEntries(
    TRAINING_ACTIVITY_NAMES.map((name) => [name, wrap(name, acts[name].bind(acts) as (...args: never[]) => Promise<unknown>)]),
  ) as unknown as TrainingActivities;
}

/** Learn, render the sample, finish; a step that fails for good ends the training as failed, with its reason. */
export async function runTrainingJob(spec: TrainingSpec, acts: TrainingActivities): Promise<TrainingOutcome> {
  let outcome: TrainingOutcome;
  try {
    await acts.trainingProgress(spec.modelId, 5);
    await acts.learnModel(spec.modelId);
    await acts.trainingProgress(spec.modelId, 80);
    await acts.renderSample(spec.modelId);
    outcome = { status: 'ready', error: null };
  } catch (error) {
    if (!(error instanceof StepError)) throw error;
    outcome = { status: 'failed', error: error.message };
  }
  await acts.finishTraining(spec.modelId, outcome);
  return outcome;
}
