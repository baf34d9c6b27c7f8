/**
 * A rendering process's part in the fleet (DESIGN decision 18): it counts what it renders, says it
 * is alive every `WORKER_HEARTBEAT_MS` in `render_workers`, and recovers the jobs of a worker not
 * seen for `WORKER_DEAD_AFTER_MS` — claimed with one conditional UPDATE, so one live process
 * recovers each dead one, through DBOS's own recovery (its workflows go back to their queues, their
 * finished steps kept).
 */
import os from 'node:os';
import {
  mapActivities,
  mapTrainingActivities,
  mediaCallWorkflowId,
  type MediaCallActivities,
  type TrainingActivities,
  type VideoActivities,
} from '@studio/workflows';
import type { Db } from '../../db/index.ts';
import type { Logger } from '../../logger.ts';
import { queueWaitSeconds, rendersInFlight } from '../../metrics.ts';
import { beat, claimDeadWorkers, lastStartOf, leave, waitsSince, type RenderNow } from './store.ts';

/** Activities that record, write or give back: not renders. */
const NOT_RENDERS: ReadonlySet<string> = new Set(['progress', 'finish', 'refund', 'refundFormats', 'trainingProgress', 'finishTraining']);

export interface RenderTracker {
  /** The activities, each render step counted while it runs. */
  video(acts: VideoActivities): VideoActivities;
  training(acts: TrainingActivities): TrainingActivities;
  /** The media calls API processes hand over (an image a request waits for), each counted while it runs. */
  media(acts: MediaCallActivities): MediaCallActivities;
  /** What runs now. */
  rendering(): RenderNow[];
  /** Render steps finished since the process started. */
  done(): number;
}

export function createRenderTracker(executorId: string): RenderTracker {
  const now = new Map<number, RenderNow>();
  let next = 0;
  let done = 0;
  const gauge = rendersInFlight.labels({ executor: executorId });
  gauge.set(0);
  const counted = async <T>(what: Omit<RenderNow, 'since'>, work: () => Promise<T>): Promise<T> => {
    const id = next++;
    now.set(id, { ...what, since: new Date().toISOString() });
    gauge.inc();
    try {
      return await work();
    } finally {
      now.delete(id);
      gauge.dec();
      done += 1;
    }
  };
  const tracked =
    (name: string, fn: (...args: never[]) => Promise<unknown>) =>
    async (...args: never[]): Promise<unknown> => {
      if (NOT_RENDERS.has(name)) return fn(...args);
      const [job, second] = args as unknown[];
      const section = typeof second === 'object' && second !== null && 'id' in second ? String(second.id) : null;
      return counted({ job: String(job), section, step: name }, () => fn(...args));
    };
  return {
    video: (acts) => mapActivities(acts, tracked),
    training: (acts) => mapTrainingActivities(acts, tracked),
    media: (acts) => ({
      mediaCall: (request) =>
        counted({ job: mediaCallWorkflowId(request.id), section: null, step: request.path.join('.') }, () => acts.mediaCall(request)),
    }),
    rendering: () => [...now.values()],
    done: () => done,
  };
}

export interface HeartbeatOptions {
  db: Db;
  executorId: string;
  role: 'all' | 'worker';
  renderConcurrency: number;
  everyMs: number;
  deadAfterMs: number;
  tracker: RenderTracker;
  /** DBOS's recovery of a gone executor's workflows (absent on Temporal, whose server re-dispatches). */
  recoverExecutor?: (executorId: string) => Promise<string[]>;
  logger: Logger;
}

/** Beats now and every `everyMs` until stopped; a failed beat is logged and the next one tries again. */
export function startHeartbeat(options: HeartbeatOptions): { stop(): Promise<void>; beatNow(): Promise<void> } {
  const { db, executorId, logger } = options;
  let waitsFrom: number | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    await beat(db, {
      executorId,
      role: options.role,
      host: os.hostname(),
      pid: process.pid,
      renderConcurrency: options.renderConcurrency,
      rendering: options.tracker.rendering(),
      rendersDone: options.tracker.done(),
    });
    // How long what this process started waited on its queue.
    waitsFrom ??= await lastStartOf(db, executorId);
    for (const wait of await waitsSince(db, executorId, waitsFrom)) {
      queueWaitSeconds.observe({ queue: wait.queue }, wait.seconds);
      waitsFrom = Math.max(waitsFrom, wait.startedMs);
    }
    if (!options.recoverExecutor) return;
    for (const dead of await claimDeadWorkers(db, executorId, options.deadAfterMs)) {
      const recovered = await options.recoverExecutor(dead);
      logger.warn({ dead, recovered: recovered.length }, 'a worker stopped beating: its unfinished jobs are back on their queues');
    }
  };
  const beatNow = () =>
    (running = running.then(() => tick()).catch((error: unknown) => logger.warn({ err: error }, 'worker heartbeat failed')));
  void beatNow();
  const timer = setInterval(() => void beatNow(), options.everyMs);
  timer.unref();
  return {
    beatNow,
    async stop() {
      clearInterval(timer);
      await running;
      await leave(db, executorId).catch(() => undefined);
    },
  };
}
