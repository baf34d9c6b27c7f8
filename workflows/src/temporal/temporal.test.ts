import { ApplicationFailure } from '@temporalio/activity';
import { MockActivityEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_NAMES, StepError, type VideoActivities } from '../workflows/job.ts';
import { temporalActivities, WORKFLOWS_PATH } from './activities.ts';

const quiet = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** Activities that all fail with a StepError of `kind`. */
const failing = (kind: StepError['kind']) =>
  Object.fromEntries(
    ACTIVITY_NAMES.map((name) => [name, () => Promise.reject(new StepError(kind, `failed: ${kind}`))]),
  ) as unknown as VideoActivities;

describe('the video job on Temporal (no server runs here: bundle and activities)', () => {
  it('bundles the workflow code for the sandbox (no Node built-ins or I/O reach it)', async () => {
    const bundle = await bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quiet });
    expect(bundle.code).toContain('videoJob');
  }, 120_000);

  it('turns a step’s failure into an ApplicationFailure of its kind: bad input is not retried, a transient failure is', async () => {
    const env = new MockActivityEnvironment(undefined, { logger: quiet });
    const bad = await env.run(temporalActivities(failing('bad_input')).animate, 'job-1', {} as never).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApplicationFailure);
    expect(bad).toMatchObject({ type: 'bad_input', nonRetryable: true, message: 'failed: bad_input' });
    const transient = await env.run(temporalActivities(failing('transient')).animate, 'job-1', {} as never).catch((e: unknown) => e);
    expect(transient).toMatchObject({ type: 'transient', nonRetryable: false });
  });
});
