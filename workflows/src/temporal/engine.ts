/**
 * Temporal, when `TEMPORAL_ADDRESS` is set: the bff starts and cancels runs through a client; a
 * worker (`npm run worker`) polls the studio's task queue and runs the same orchestration with the
 * studio's activities. Operators find a user's jobs in the Temporal UI by the `StudioUserId`
 * search attribute (a Keyword attribute registered once in the namespace).
 */
import { Client, Connection, WorkflowExecutionAlreadyStartedError, WorkflowFailedError } from '@temporalio/client';
import { ActivityFailure, TimeoutFailure, TimeoutType } from '@temporalio/common';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { JobSpec, VideoActivities } from '../workflows/job.ts';
import { mediaCallWorkflowId, type MediaCallActivities, type MediaCallAnswer, type MediaCallRequest } from '../workflows/media-call.ts';
import { trainingWorkflowId, type TrainingActivities, type TrainingSpec } from '../workflows/training.ts';
import { TEMPORAL_TASK_QUEUE, temporalActivities, WORKFLOWS_PATH } from './activities.ts';
import { stepsOfHistory, type RecordedStep } from './history.ts';
import { temporalClientTracing, temporalTracingPlugin, type SpanOutlet } from './tracing.ts';

export const USER_ID_SEARCH_ATTRIBUTE = defineSearchAttributeKey('StudioUserId', SearchAttributeType.KEYWORD);

export interface TemporalSettings {
  address: string;
  namespace?: string;
}

/** The workflow code a worker bundles (tests bundle and replay it too). */
export { WORKFLOWS_PATH };

export interface TemporalJobs {
  start(spec: JobSpec, workflowId: string): Promise<void>;
  startTraining(spec: TrainingSpec): Promise<void>;
  cancel(workflowId: string): Promise<void>;
  /** Runs a media call on a worker (`media-call.ts`); `null` when no worker took it in time. */
  callMedia(request: MediaCallRequest): Promise<MediaCallAnswer | null>;
  /** The steps of a run, from its history in Temporal (the admins' jobs console). */
  steps(workflowId: string): Promise<RecordedStep[]>;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT = '3s';

/**
 * The client side: starts a run (workflow id = the run's id; a second start of it is a no-op) and
 * cancels one. With `tracing`, each call is a span whose context the run carries (tracing.ts).
 */
export async function connectTemporal(settings: TemporalSettings, options: { tracing?: boolean } = {}): Promise<TemporalJobs> {
  // A server out of reach is said within seconds (a start's 503, the jobs console's note), not after the SDK's 10 s.
  const connection = await Connection.connect({ address: settings.address, connectTimeout: CONNECT_TIMEOUT });
  const client = new Client({
    connection,
    namespace: settings.namespace ?? 'default',
    ...(options.tracing ? { interceptors: temporalClientTracing() } : {}),
  });
  const startOnce = async (workflow: 'videoJob' | 'trainingJob', workflowId: string, spec: JobSpec | TrainingSpec) => {
    try {
      await client.workflow.start(workflow, {
        taskQueue: TEMPORAL_TASK_QUEUE,
        workflowId,
        args: [spec],
        typedSearchAttributes: [{ key: USER_ID_SEARCH_ATTRIBUTE, value: spec.userId }],
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  };
  return {
    start: (spec, workflowId) => startOnce('videoJob', workflowId, spec),
    startTraining: (spec) => startOnce('trainingJob', trainingWorkflowId(spec.modelId), spec),
    async cancel(workflowId) {
      await client.workflow.getHandle(workflowId).cancel();
    },
    async callMedia(request) {
      try {
        return await client.workflow.execute('mediaCall', {
          taskQueue: TEMPORAL_TASK_QUEUE,
          workflowId: mediaCallWorkflowId(request.id),
          args: [request],
        });
      } catch (error) {
        if (error instanceof WorkflowFailedError && notTakenInTime(error.cause)) return null;
        throw error;
      }
    },
    steps: async (workflowId) => stepsOfHistory(await client.workflow.getHandle(workflowId).fetchHistory()),
    close: () => connection.close(),
  };
}

/** The activity waited for a worker longer than it may (its schedule-to-start timeout). */
const notTakenInTime = (cause: unknown) =>
  cause instanceof ActivityFailure && cause.cause instanceof TimeoutFailure && cause.cause.timeoutType === TimeoutType.SCHEDULE_TO_START;

/**
 * The worker side: runs video jobs (and trainings) from the task queue until the process is stopped.
 * With `spans`, the workflows' and activities' spans go out through the process's tracer (tracing.ts).
 */
export async function runTemporalWorker(
  settings: TemporalSettings,
  activities: VideoActivities,
  training?: TrainingActivities,
  spans?: SpanOutlet,
  media?: MediaCallActivities,
): Promise<void> {
  const connection = await NativeConnection.connect({ address: settings.address });
  try {
    const worker = await Worker.create({
      connection,
      namespace: settings.namespace ?? 'default',
      taskQueue: TEMPORAL_TASK_QUEUE,
      workflowsPath: WORKFLOWS_PATH,
      activities: temporalActivities(activities, training, media),
      plugins: spans ? [temporalTracingPlugin(spans)] : [],
    });
    await worker.run();
  } finally {
    await connection.close();
  }
}
