/**
 * Waiting for a renderer (DESIGN decision 18), on the studio as `npm start` runs it: a job that
 * waits shows QUEUED with how many jobs are ahead of it, in job-status and in its event stream;
 * cancelling it while it waits gives its credits back once and renders nothing; and one user's
 * many-section job renders at most USER_RENDER_LIMIT sections at once while another user's job
 * goes ahead (`user-limit.test.ts`).
 */
import { ApiRoutes, Messages, type JobView } from '@studio/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { balanceOf, member, startTestStudio, waitForJob, type TestClient, type TestStudio } from '../../../test/harness.ts';
import { holdRenders, videoForm } from '../../../test/held-renders.ts';

let studio: TestStudio;
beforeAll(async () => {
  // One render at a time in this process, two per user.
  studio = await startTestStudio({ RENDER_CONCURRENCY: '1', USER_RENDER_LIMIT: '2' });
}, 120_000);
afterAll(() => studio?.stop());
afterEach(() => vi.restoreAllMocks());

/** The first `job` event of a job's stream (the stream is left open: it is closed with the studio). */
async function firstEvent(client: TestClient, jobId: string): Promise<JobView> {
  const res = await fetch(new URL(`${ApiRoutes.jobStatus}/${jobId}/events`, client.baseUrl), { headers: { cookie: client.cookieHeader } });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended without a job event');
    text += decoder.decode(value, { stream: true });
    const block = text.split('\n\n').find((b) => b.startsWith('event: job'));
    if (block) {
      await reader.cancel();
      return JSON.parse(block.slice(block.indexOf('data: ') + 6)) as JobView;
    }
  }
}

describe('a job waiting for a renderer', () => {
  it('shows QUEUED with the jobs ahead of it, in job-status and its event stream; cancelled while it waits, it is refunded once and never rendered', async () => {
    const held = holdRenders(studio);
    const first = await member(studio, { credits: 20 });
    const second = await member(studio, { credits: 20 });
    const third = await member(studio, { credits: 20 });
    // The first job takes the one render slot and holds it.
    const a = (await first.client.post(ApiRoutes.generateVideo, await videoForm(1))).body.jobId as string;
    await waitForJob(first.client, a, (job) => job.sections[0]!.status === 'RUNNING');
    const b = (await second.client.post(ApiRoutes.generateVideo, await videoForm(1))).body.jobId as string;
    const next = await waitForJob(second.client, b, (job) => job.status === 'QUEUED');
    expect(next.queuePosition).toBe(0);
    const c = (await third.client.post(ApiRoutes.generateVideo, await videoForm(1))).body.jobId as string;
    const behind = await waitForJob(third.client, c, (job) => job.status === 'QUEUED' && job.queuePosition === 1);
    expect(behind).toMatchObject({ status: 'QUEUED', queuePosition: 1, progress: 0 });
    expect(await firstEvent(third.client, c)).toMatchObject({ status: 'QUEUED', queuePosition: 1 });
    // A running job is not queued.
    expect((await first.client.get(`${ApiRoutes.jobStatus}/${a}`)).body.job).toMatchObject({ status: 'IN_PROGRESS', queuePosition: null });
    expect(held.spy).toHaveBeenCalledTimes(1);

    // Cancelled while it waits: its 2 credits come back, once; it never renders.
    expect(await balanceOf(third.client)).toBe(18);
    const cancelled = await third.client.post(`${ApiRoutes.jobs}/${c}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.job).toMatchObject({ status: 'CANCELLED', queuePosition: null, creditsRefunded: 2 });
    expect((await third.client.post(`${ApiRoutes.jobs}/${c}/cancel`)).status).toBe(409);
    expect(await balanceOf(third.client)).toBe(20);
    const refunds = await studio.deps.db('credit_transactions').where({ user_id: third.user.id, transaction_type: 'TASK_REFUND' });
    expect(refunds).toHaveLength(1);
    // The second job moves up: next in line, ahead of nobody.
    expect((await second.client.get(`${ApiRoutes.jobStatus}/${b}`)).body.job).toMatchObject({ status: 'QUEUED', queuePosition: 0 });

    held.release();
    for (const [client, id] of [
      [first.client, a],
      [second.client, b],
    ] as const)
      expect((await waitForJob(client, id)).status).toBe('COMPLETED');
    // The cancelled job's section never started: two clips were made, for the first and second jobs.
    expect(held.spy).toHaveBeenCalledTimes(2);
    // In DBOS: the job's workflow cancelled, and nothing of it ran (a section it had queued was cancelled with it).
    const dbos = () => studio.deps.db.withSchema('dbos').from('workflow_status');
    expect((await dbos().where({ workflow_uuid: c }).first('status')).status).toBe('CANCELLED');
    expect((await dbos().where({ parent_workflow_id: c }).pluck('status')).filter((status: string) => status !== 'CANCELLED')).toEqual([]);
    expect((await third.client.get(`${ApiRoutes.jobStatus}/${c}`)).body.job).toMatchObject({
      status: 'CANCELLED',
      error: Messages.videoCancelled,
    });
    expect(await balanceOf(third.client)).toBe(20);
  }, 120_000);
});
