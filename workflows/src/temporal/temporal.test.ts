import { ApplicationFailure } from '@temporalio/activity';
import { MockActivityEnvironment } from '@temporalio/testing';
import fs from 'node:fs';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { bundleWorkflowCode, DefaultLogger, Worker } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_NAMES, StepError, type VideoActivities } from '../workflows/job.ts';
import { temporalActivities, WORKFLOWS_PATH } from './activities.ts';

/** Temporal's logger, silent: the bundler's and the mock activity's chatter is not the test's. */
const quiet = new DefaultLogger('ERROR', () => undefined);

/** Activities that all fail with a StepError of `kind`. */
const failing = (kind: StepError['kind']) =>
  Object.fromEntries(
    ACTIVITY_NAMES.map((name) => [name, () => Promise.reject(new StepError(kind, `failed: ${kind}`))]),
  ) as unknown as VideoActivities;

describe('the video job on Temporal (no server runs here: bundle and activities)', () => {
  it('bundles the workflow code for the sandbox (no Node built-ins or I/O reach it)', async () => {
    const bundle = await bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quiet });
    expect(bundle.code).toContain('videoJob');
    // An API process's media calls (media-call.ts) run as their own workflow on the same workers.
    expect(bundle.code).toContain('mediaCall');
  }, 120_000);

  it('turns a step’s failure into an ApplicationFailure of its kind: bad input is not retried, a transient failure is', async () => {
    const env = new MockActivityEnvironment(undefined, { logger: quiet });
    const bad = await env.run(temporalActivities(failing('bad_input')).animate, 'job-1', {} as never).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApplicationFailure);
    expect(bad).toMatchObject({ type: 'bad_input', nonRetryable: true, message: 'failed: bad_input' });
    const transient = await env.run(temporalActivities(failing('transient')).animate, 'job-1', {} as never).catch((e: unknown) => e);
    expect(transient).toMatchObject({ type: 'transient', nonRetryable: false });
  });

  it('runs a media call handed over by an API process as its activity answers it, its failure an answer, not a retry', async () => {
    const env = new MockActivityEnvironment(undefined, { logger: quiet });
    const answer = { ok: false as const, error: { name: 'MediaError', message: 'This image could not be read.', kind: 'bad_input' } };
    const acts = temporalActivities(failing('transient'), undefined, { mediaCall: () => Promise.resolve(answer) });
    expect(await env.run(acts.mediaCall!, { id: 'call-1', path: ['upscale'], args: [] })).toEqual(answer);
  });

  it('replays a recorded run of the job (history v1): the orchestration still issues the same commands', async () => {
    const history = JSON.parse(fs.readFileSync(new URL('../../test/histories/video-job-v1.json', import.meta.url), 'utf8'));
    await Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH, replayName: 'video-job-v1' }, historyFromJSON(history));
  }, 120_000);

  it('fails the replay when the recorded commands differ (a changed order of steps is caught)', async () => {
    const history = JSON.parse(fs.readFileSync(new URL('../../test/histories/video-job-v1.json', import.meta.url), 'utf8'));
    // The recorded run spoke before animating; pretend it animated first.
    for (const event of history.events) {
      const type = event.activityTaskScheduledEventAttributes?.activityType;
      if (type?.name === 'speak') type.name = 'animate';
      else if (type?.name === 'animate') type.name = 'speak';
    }
    const replay = Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH, replayName: 'video-job-altered' }, historyFromJSON(history));
    await expect(replay).rejects.toThrow(/[Nn]ondeterminis/);
  }, 120_000);
});
