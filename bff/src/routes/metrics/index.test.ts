import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, startAnimation, startTestStudio, waitForJob, type TestStudio } from '../../../test/harness.ts';

const TOKEN = 'scrape-token-0123456789';

/** The value of one series in Prometheus text (`name{labels} value`), or null when it is absent. */
function valueOf(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio({ METRICS_TOKEN: TOKEN, METRICS_PORT: '0' });
});
afterAll(() => studio?.stop());

const scrape = async () => {
  const res = await fetch(`${studio.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

describe('GET /metrics', () => {
  it('answers only the bearer METRICS_TOKEN on the app’s port', async () => {
    expect((await fetch(`${studio.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${studio.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('studio_');
    expect(await scrape()).toContain('# TYPE studio_http_request_duration_seconds histogram');
  });

  it('is served alone on METRICS_PORT, and not at all without either setting', async () => {
    expect(studio.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const res = await fetch(studio.metricsUrl!);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('nodejs_eventloop_lag_seconds');
    expect((await fetch(new URL('/api/health', studio.metricsUrl!))).status).toBe(404);

    const plain = await startTestStudio();
    try {
      expect(plain.metricsUrl).toBeNull();
      const res = await fetch(`${plain.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(await res.text()).not.toContain('studio_http_request_duration_seconds');
    } finally {
      await plain.stop();
    }
  });

  it('counts requests by route template, a job from start to end with its steps, its credits and media calls; the pool and the event loop', async () => {
    const owner = await member(studio, { credits: 20 });
    const jobId = await startAnimation(studio, owner);
    expect((await waitForJob(owner.client, jobId)).status).toBe('COMPLETED');

    const text = await scrape();
    // One series per route, whatever the job id in the path.
    expect(
      valueOf(text, 'studio_http_request_duration_seconds_count{route="/api/job-status/:jobId",method="GET",status="200"}'),
    ).toBeGreaterThan(0);
    expect(text).not.toContain(jobId);
    expect(valueOf(text, 'studio_jobs_total{kind="animation",engine="dbos",event="started"}')).toBe(1);
    expect(valueOf(text, 'studio_jobs_total{kind="animation",engine="dbos",event="completed"}')).toBe(1);
    expect(valueOf(text, 'studio_job_step_duration_seconds_count{step="animate",outcome="ok"}')).toBe(1);
    expect(valueOf(text, 'studio_job_step_duration_seconds_count{step="store",outcome="ok"}')).toBe(1);
    // The animation's 2 credits.
    expect(valueOf(text, 'studio_credits_total{direction="debited"}')).toBe(2);
    expect(valueOf(text, 'studio_media_call_duration_seconds_count{capability="imageToVideo",provider="local",outcome="ok"}')).toBe(1);
    expect(valueOf(text, 'studio_sse_streams_open')).toBe(0);
    expect(valueOf(text, 'studio_db_pool_connections{state="used"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  }, 60_000);
});
