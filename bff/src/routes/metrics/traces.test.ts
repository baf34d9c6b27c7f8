import { ApiRoutes } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, startAnimation, startTestStudio, waitForJob, type TestStudio } from '../../../test/harness.ts';
import { spanAttribute, startTraceReceiver, type TraceReceiver } from '../../../test/trace-receiver.ts';

let receiver: TraceReceiver;
let studio: TestStudio;
beforeAll(async () => {
  receiver = await startTraceReceiver();
  studio = await startTestStudio({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
});
afterAll(async () => {
  await studio?.stop();
  await receiver?.close();
});

describe('traces over OTLP', () => {
  it('sends a span per request, named by its route and joined to the caller’s trace, and the spans of a job’s steps, DBOS’s among them', async () => {
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const health = await fetch(`${studio.url}${ApiRoutes.health}`, { headers: { traceparent: `00-${callerTrace}-${callerSpan}-01` } });
    expect(health.status).toBe(200);

    const owner = await member(studio, { credits: 20 });
    const jobId = await startAnimation(studio, owner);
    expect((await waitForJob(owner.client, jobId)).status).toBe('COMPLETED');

    // Stopping sends what is left.
    await studio.stop();
    const { spans } = receiver;

    const healthSpan = spans.find((s) => s.name === `GET ${ApiRoutes.health}`);
    expect(healthSpan).toBeDefined();
    expect(healthSpan!.traceId).toBe(callerTrace);
    expect(healthSpan!.parentSpanId).toBe(callerSpan);
    expect(spanAttribute(healthSpan!, 'http.response.status_code')).toBe(200);
    expect(spanAttribute(healthSpan!, 'http.route')).toBe(ApiRoutes.health);
    // By template, never by path.
    expect(spans.some((s) => s.name === `GET ${ApiRoutes.jobStatus}/:jobId`)).toBe(true);
    expect(spans.some((s) => s.name.includes(jobId))).toBe(false);

    const steps = spans.filter((s) => s.name.startsWith('job step ') && spanAttribute(s, 'studio.job.id') === jobId);
    expect(steps.map((s) => s.name)).toEqual(expect.arrayContaining(['job step animate', 'job step store']));
    // DBOS's own spans: the workflow and its steps, in the same traces as ours.
    const dbos = spans.filter((s) => s.scope === 'dbos-tracer');
    expect(dbos.length).toBeGreaterThan(0);
    expect(dbos.some((s) => steps.some((step) => step.traceId === s.traceId))).toBe(true);
  });
});
