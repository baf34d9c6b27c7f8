/**
 * Which durable engine runs video jobs and trainings (DESIGN decisions 6 and 18): DBOS on the
 * studio's PostgreSQL by default — its queues rendered by this process (`STUDIO_ROLE=all`, `npm
 * start`) and by `npm run worker` processes, never by an `api` one — or Temporal when
 * TEMPORAL_ADDRESS is set (its worker runs the activities: `npm run worker`). The rest of the bff
 * sees only start and cancel, and an API process's media calls handed to the workers.
 */
import {
  ACTIVITY_NAMES,
  TRAINING_ACTIVITY_NAMES,
  type JobSpec,
  type MediaCallActivities,
  type MediaCallAnswer,
  type MediaCallRequest,
  type RecordedStep,
  type TrainingActivities,
  type TrainingSpec,
  type VideoActivities,
} from '@studio/workflows';
import { oneAtATime, STARTUP_LOCKS } from '../../db/advisory-lock.ts';
import type { Logger } from '../../logger.ts';

export type StudioRole = 'all' | 'api' | 'worker';

export interface JobEngine {
  readonly name: 'dbos' | 'temporal';
  /** What this process does with jobs: `api` starts them and renders nothing. */
  readonly role: StudioRole;
  /** DBOS: puts a gone executor's unfinished workflows back on their queues (answers their ids). */
  recoverExecutor?(executorId: string): Promise<string[]>;
  /** Starts a run of a job under its workflow id; starting the same id again runs it once. */
  start(spec: JobSpec, workflowId: string): Promise<void>;
  /** Starts a model's training; starting the same model again runs it once. */
  startTraining(spec: TrainingSpec): Promise<void>;
  cancel(workflowId: string): Promise<void>;
  /**
   * Runs a media engine call on a render worker (`STUDIO_ROLE=api`, `services/media-calls.ts`); `null`
   * when no worker took it within `pickupMs` (on Temporal, the workflow's own schedule-to-start timeout).
   */
  callMedia(request: MediaCallRequest, pickupMs: number): Promise<MediaCallAnswer | null>;
  /** Temporal only: a run's steps from its history (DBOS's are read from its tables by the jobs console). */
  steps?(workflowId: string): Promise<RecordedStep[]>;
  close(): Promise<void>;
}

/** How long a DBOS connection may sit idle inside a transaction (DBOS's own default). */
const DBOS_IDLE_IN_TRANSACTION_MS = 60_000;

/**
 * The session settings of DBOS's own connections, given at connection start:
 * - they commit asynchronously (DESIGN §3: a step's checkpoint costs ≈ 2 ms instead of 8–16). Only
 *   a crash of PostgreSQL itself could lose the last checkpoints, and then those steps run again —
 *   they are idempotent. The studio's data keeps synchronous commits;
 * - an idle transaction ends after a minute. Given here, DBOS does not send it as a `SET` queued
 *   ahead of each new connection's first query (which pg deprecates, with a warning per process).
 */
export function dbosSessionUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c synchronous_commit=off -c idle_in_transaction_session_timeout=${DBOS_IDLE_IN_TRANSACTION_MS}`);
  return url.toString();
}

/** DBOS.shutdown() has been seen to hang; a stop never waits longer than this for it. */
const SHUTDOWN_WAIT_MS = 5000;

export interface JobEngineOptions {
  databaseUrl: string;
  /** DBOS tags each job with the process that started it and resumes only its own on a restart. */
  executorId: string;
  /** DBOS adds its workflow and step spans to the process's traces (tracing.ts); Temporal's client its start spans. */
  tracing?: boolean;
  temporal?: { address: string; namespace?: string };
  activities: VideoActivities;
  training: TrainingActivities;
  /** The media calls API processes hand over, run by a process that renders. */
  media?: MediaCallActivities;
  logger: Logger;
  /** `STUDIO_ROLE` (default `all`): an `api` process's engine is given no activities and listens to no queue. */
  role?: StudioRole;
  /** Sections a rendering process runs at once, and one user's at once across them (the render queue's limits). */
  renderConcurrency?: number;
  userRenderLimit?: number;
  /** Called once DBOS has launched (however it launched: at start, or on first use): the heartbeat starts then. */
  onLaunched?: () => void;
}

/**
 * An API process's activities: it registers the workflows (to enqueue them by name) but listens to
 * no queue, so none can run here; if one ever did, it would fail loudly rather than render.
 */
export function refusingActivities(): { activities: VideoActivities; training: TrainingActivities } {
  const refuse = (name: string) => async () => {
    throw new Error(`an API process (STUDIO_ROLE=api) renders nothing: ${name} belongs on a worker`);
  };
  return {
    activities: Object.fromEntries(ACTIVITY_NAMES.map((n) => [n, refuse(n)])) as unknown as VideoActivities,
    training: Object.fromEntries(TRAINING_ACTIVITY_NAMES.map((n) => [n, refuse(n)])) as unknown as TrainingActivities,
  };
}

export function createJobEngine(options: JobEngineOptions): JobEngine & { launch(): Promise<void> } {
  if (options.temporal) {
    const settings = options.temporal;
    let client: Promise<import('@studio/workflows/temporal').TemporalJobs> | undefined;
    const connected = () =>
      (client ??= import('@studio/workflows/temporal')
        .then((t) => t.connectTemporal(settings, { tracing: options.tracing }))
        .catch((error: unknown) => {
          client = undefined;
          throw error;
        }));
    return {
      name: 'temporal',
      role: options.role ?? 'all',
      launch: async () => void (await connected()),
      start: async (spec, workflowId) => (await connected()).start(spec, workflowId),
      startTraining: async (spec) => (await connected()).startTraining(spec),
      cancel: async (workflowId) => (await connected()).cancel(workflowId),
      callMedia: async (request) => (await connected()).callMedia(request),
      steps: async (workflowId) => (await connected()).steps(workflowId),
      close: async () => {
        if (client) await (await client.catch(() => null))?.close();
      },
    };
  }
  type Dbos = Awaited<ReturnType<typeof import('@studio/workflows/dbos').launchDbosEngine>>;
  let engine: Promise<Dbos> | undefined;
  // Launching resumes the jobs a killed process left unfinished.
  const launched = () =>
    (engine ??= import('@studio/workflows/dbos').then((d) =>
      oneAtATime(options.databaseUrl, STARTUP_LOCKS.jobEngine, () =>
        d.launchDbosEngine({
          systemDatabaseUrl: dbosSessionUrl(options.databaseUrl),
          executorId: options.executorId,
          tracing: options.tracing,
          activities: options.activities,
          training: options.training,
          media: options.media,
          role: options.role,
          renderConcurrency: options.renderConcurrency,
          userRenderLimit: options.userRenderLimit,
        }),
      ).then((launchedEngine) => {
        options.onLaunched?.();
        return launchedEngine;
      }),
    ));
  return {
    name: 'dbos',
    role: options.role ?? 'all',
    recoverExecutor: async (executorId) => (await launched()).recoverExecutor(executorId),
    launch: async () => void (await launched()),
    start: async (spec, workflowId) => (await launched()).start(spec, workflowId),
    startTraining: async (spec) => (await launched()).startTraining(spec),
    cancel: async (workflowId) => (await launched()).cancel(workflowId),
    callMedia: async (request, pickupMs) => (await launched()).callMedia(request, pickupMs),
    close: async () => {
      if (!engine) return;
      const running = await engine;
      await Promise.race([
        running.shutdown(),
        new Promise<void>((resolve) =>
          setTimeout(() => {
            options.logger.warn('the job engine did not stop in time; leaving it');
            resolve();
          }, SHUTDOWN_WAIT_MS).unref(),
        ),
      ]);
    },
  };
}
