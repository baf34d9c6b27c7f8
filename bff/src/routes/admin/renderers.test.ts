/**
 * The jobs console's renderers (DESIGN decision 18): the render queues' depths from DBOS's own
 * records and every rendering process from its heartbeat — what it renders now, when it was last
 * seen, and a worker gone quiet recovered by a live one, once.
 */
import { AdminJobRoutes, ApiRoutes, type AdminRenderersResponse } from '@studio/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimDeadWorkers } from '../../services/workers/store.ts';
import { member, signedInUser, startTestStudio, waitForJob, type TestClient, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
let admin: TestClient;
beforeAll(async () => {
  // One render at a time, so that a second job waits on the queue; beats every 200 ms.
  studio = await startTestStudio({
    ADMIN_EMAILS: 'ops@example.com',
    EXECUTOR_ID: 'console-studio',
    RENDER_CONCURRENCY: '1',
    WORKER_HEARTBEAT_MS: '200',
    WORKER_DEAD_AFTER_MS: '1000',
  });
  admin = (await signedInUser(studio, { email: 'ops@example.com' })).client;
});
afterAll(() => studio?.stop());

async function oneSection(): Promise<FormData> {
  const image = await sharp({ create: { width: 360, height: 640, channels: 3, background: '#5a7d9a' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('sections', JSON.stringify([{ id: 's0', name: 's0', scriptEnabled: false, videoDuration: 3, hasImage: true }]));
  form.set('image_0', new Blob([new Uint8Array(image)], { type: 'image/png' }), 's0.png');
  return form;
}

const renderers = async () => (await admin.get(AdminJobRoutes.renderers)).body as AdminRenderersResponse;
async function until<T>(check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the renderers in the jobs console', () => {
  it('answers admins only', async () => {
    const { client } = await member(studio);
    expect((await client.get(AdminJobRoutes.renderers)).status).toBe(403);
  });

  it('shows the queues’ depths and each worker: what it renders now and when it was last seen; a gone worker is recovered once', async () => {
    // A render held open, and a second user's job waiting behind it.
    const video = studio.deps.media.video;
    const original = video.imageToVideo.bind(video);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(video, 'imageToVideo').mockImplementation(async (input) => (await released, original(input)));
    const first = await member(studio, { credits: 10 });
    const second = await member(studio, { credits: 10 });
    const a = (await first.client.post(ApiRoutes.generateVideo, await oneSection())).body.jobId as string;
    await waitForJob(first.client, a, (job) => job.sections[0]!.status === 'RUNNING');
    const b = (await second.client.post(ApiRoutes.generateVideo, await oneSection())).body.jobId as string;
    await waitForJob(second.client, b, (job) => job.status === 'QUEUED');

    // The second job's section waits on the render queue (once its orchestration has queued it).
    const busy = await until(async () => {
      const now = await renderers();
      const me = now.workers.find((w) => w.executorId === 'console-studio');
      const waiting = now.queues.find((q) => q.name === 'studio-renders')?.depth === 1;
      return waiting && me?.rendering.some((r) => r.job === a && r.section === 's0') ? { now, me } : undefined;
    });
    expect(busy.now.queues).toEqual([
      { name: 'studio-jobs', depth: 0 },
      { name: 'studio-renders', depth: 1 },
      { name: 'studio-media', depth: 0 },
    ]);
    expect(busy.me).toMatchObject({ role: 'all', state: 'live', renderConcurrency: 1, recoveredBy: null });
    expect(busy.me.rendering).toEqual([{ job: a, section: 's0', step: 'animate', since: expect.any(String) }]);
    expect(Date.now() - Date.parse(busy.me.lastSeenAt)).toBeLessThan(5000);

    release();
    await waitForJob(first.client, a);
    await waitForJob(second.client, b);
    const idle = await until(async () => {
      const now = await renderers();
      const me = now.workers.find((w) => w.executorId === 'console-studio')!;
      return me.rendering.length === 0 && now.queues.every((q) => q.depth === 0) ? me : undefined;
    });
    expect(idle.rendersDone).toBeGreaterThan(0);

    // A worker that stopped beating two seconds ago: this process recovers it, and only once.
    await studio.deps.db('render_workers').insert({
      executor_id: 'worker-gone',
      role: 'worker',
      host: 'elsewhere',
      pid: 1,
      render_concurrency: 2,
      last_seen_at: new Date(Date.now() - 2000),
    });
    const gone = await until(async () =>
      (await renderers()).workers.find((w) => w.executorId === 'worker-gone' && w.state === 'recovered'),
    );
    expect(gone).toMatchObject({ state: 'recovered', recoveredBy: 'console-studio', rendering: [] });
    expect(await claimDeadWorkers(studio.deps.db, 'another-live-worker', 1000)).toEqual([]);
  }, 60_000);
});
