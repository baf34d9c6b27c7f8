/**
 * Fair rendering (DESIGN decision 18), on the studio as `npm start` runs it: one user's
 * many-section job renders at most USER_RENDER_LIMIT sections at once (the render queue is
 * partitioned by user), so another user's job goes ahead on a free slot.
 */
import { ApiRoutes } from '@studio/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { member, startTestStudio, waitForJob, type TestStudio } from '../../../test/harness.ts';
import { holdRenders, videoForm } from '../../../test/held-renders.ts';

let studio: TestStudio;
beforeAll(async () => {
  // Four renders at once in this process, two per user.
  studio = await startTestStudio({ RENDER_CONCURRENCY: '4', USER_RENDER_LIMIT: '2' });
}, 120_000);
afterAll(() => studio?.stop());
afterEach(() => vi.restoreAllMocks());

describe('renders per user', () => {
  it('renders at most USER_RENDER_LIMIT of one user’s sections at once, while another user’s job goes ahead', async () => {
    const held = holdRenders(studio);
    const big = await member(studio, { credits: 40 });
    const small = await member(studio, { credits: 20 });
    const many = (await big.client.post(ApiRoutes.generateVideo, await videoForm(6, 3))).body.jobId as string;
    await waitForJob(big.client, many, (job) => job.sections.filter((s) => s.status === 'RUNNING').length === 2);
    const one = (await small.client.post(ApiRoutes.generateVideo, await videoForm(1, 4))).body.jobId as string;
    // The other user's section takes a free slot although four of the first user's are waiting.
    await waitForJob(small.client, one, (job) => job.sections[0]!.status === 'RUNNING');
    await new Promise((r) => setTimeout(r, 1000));
    expect(held.inFlight()).toBe(3);

    held.release();
    expect((await waitForJob(small.client, one)).status).toBe('COMPLETED');
    expect((await waitForJob(big.client, many)).status).toBe('COMPLETED');
    // The first user's sections kept to two at once from start to end, with two slots free.
    expect(held.most(3)).toBe(2);
    expect(held.most(4)).toBe(1);
    expect(held.spy).toHaveBeenCalledTimes(7);
  }, 120_000);
});
