import { MockActivityEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, DefaultLogger, Worker } from '@temporalio/worker';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { WORKFLOWS_PATH } from '@studio/workflows/temporal';
import { temporalClientTracing, temporalTracingPlugin, type SandboxSpan } from '@studio/workflows/temporal/tracing';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSpan, startTracing, type Tracing } from '../../tracing.ts';
import { startTraceReceiver, type TraceReceiver } from '../../../test/trace-receiver.ts';

const RECORDED_RUN = new URL('../../test/histories/video-job-v1.json', `file://${WORKFLOWS_PATH}`).pathname;
const quiet = new DefaultLogger('ERROR', () => undefined);

let receiver: TraceReceiver;
let tracing: Tracing;
beforeAll(async () => {
  receiver = await startTraceReceiver();
  tracing = startTracing(receiver.url, { name: 'studio-worker', instance: 'test' });
});
afterAll(async () => {
  await tracing?.shutdown();
  await receiver?.close();
});

/** The plugin as the worker is given it, applied to a worker's options. */
const workerOptions = () => temporalTracingPlugin(tracing.spans!).configureWorker({ taskQueue: 'studio-video' });

describe('Temporal’s spans in the studio’s traces (no Temporal server runs here)', () => {
  it('joins a request, the start of its run, the run’s activity and the step inside it in one trace', async () => {
    const client = temporalClientTracing().workflow[0]!;
    let headers: Record<string, unknown> = {};
    await inSpan('POST /api/videos', {}, () =>
      client.start!(
        { workflowType: 'videoJob', headers: {}, options: { workflowId: 'job-1', taskQueue: 'studio-video' } } as never,
        async (input) => {
          headers = input.headers;
          return 'run-1';
        },
      ),
    );
    // What the worker does with an activity task: the run's headers reach its interceptors. (The mock
    // environment's `run` sends none; its activity is given the headers as a task would carry them.)
    const interceptors = workerOptions().interceptors!.activity!;
    const env = new MockActivityEnvironment({ activityType: 'animate', activityId: '7' }, { logger: quiet, interceptors });
    const { activity } = env as unknown as { activity: { runNoEncoding(fn: () => Promise<unknown>, input: object): Promise<unknown> } };
    await activity.runNoEncoding(() => inSpan('job step animate', { 'studio.job.id': 'job-1' }, async () => 'ok'), { args: [], headers });
    await tracing.spans!.processor.forceFlush();

    const named = (name: string) => receiver.spans.find((s) => s.name === name);
    const request = named('POST /api/videos');
    const start = named('StartWorkflow:videoJob');
    const run = named('RunActivity:animate');
    const step = named('job step animate');
    expect([request, start, run, step].every(Boolean)).toBe(true);
    expect(new Set([request, start, run, step].map((s) => s!.traceId)).size).toBe(1);
    expect(start!.parentSpanId).toBe(request!.spanId);
    expect(run!.parentSpanId).toBe(start!.spanId);
    expect(step!.parentSpanId).toBe(run!.spanId);
  });

  it('sends a span the workflow sandbox made (OpenTelemetry 1.x fields) with its parent and its scope', async () => {
    const sink = workerOptions().sinks!.exporter as unknown as { export: { fn(info: object, spans: unknown[]): void } };
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    // As the sandbox's span exporter serializes a finished span (interceptors-opentelemetry's span-exporter.js).
    const made: Omit<SandboxSpan, 'spanContext'> & Record<string, unknown> = {
      name: 'RunWorkflow:videoJob',
      kind: 0,
      spanContext: { traceId, spanId: 'b7ad6b7169203331', traceFlags: 1 },
      parentSpanId: '00f067aa0ba902b7',
      startTime: [1_764_000_000, 0],
      endTime: [1_764_000_001, 0],
      status: { code: 0 },
      attributes: {},
      links: [],
      events: [],
      duration: [1, 0],
      ended: true,
      droppedAttributesCount: 0,
      droppedEventsCount: 0,
      droppedLinksCount: 0,
      instrumentationLibrary: { name: '@temporalio/interceptor-workflow' },
    };
    sink.export.fn({ workflowId: 'job-2', runId: 'run-2' }, [made]);
    await tracing.spans!.processor.forceFlush();

    const span = receiver.spans.find((s) => s.name === 'RunWorkflow:videoJob');
    expect(span).toMatchObject({
      traceId,
      spanId: 'b7ad6b7169203331',
      parentSpanId: '00f067aa0ba902b7',
      scope: '@temporalio/interceptor-workflow',
    });
    expect(span!.attributes).toEqual(expect.arrayContaining([{ key: 'workflowId', value: { stringValue: 'job-2' } }]));
  });

  it('bundles the workflow code with the tracing interceptors, and a recorded run replays with them', async () => {
    const plugin = temporalTracingPlugin(tracing.spans!);
    const bundle = await bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, plugins: [plugin], logger: quiet });
    expect(bundle.code).toContain('RunWorkflow');
    const history = historyFromJSON(JSON.parse(fs.readFileSync(RECORDED_RUN, 'utf8')));
    await Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH, replayName: 'video-job-v1-traced', plugins: [plugin] }, history);
  }, 120_000);
});
