import { randomUUID } from 'node:crypto';
import { AdminJobMessages, AdminJobRoutes, adminJobPath, Messages, type AdminJob, type AdminJobDetail } from '@studio/contracts';
import { MediaError } from '@studio/media';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  balanceOf,
  member,
  signedInUser,
  startAnimation,
  startTestStudio,
  waitForJob,
  type TestClient,
  type TestStudio,
} from '../../../test/harness.ts';

let studio: TestStudio;
let admin: TestClient;
beforeAll(async () => {
  studio = await startTestStudio({ ADMIN_EMAILS: 'ops@example.com' });
  admin = (await signedInUser(studio, { email: 'ops@example.com' })).client;
});
afterAll(() => studio?.stop());

const find = async (query: string) =>
  (await admin.get(`${AdminJobRoutes.list}?${query}`)).body as { jobs: AdminJob[]; nextCursor: string | null };

describe('the jobs console', () => {
  it('answers admins only: 403 "Admin access denied" to a member, 401 to a visitor', async () => {
    const { client } = await member(studio);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await client.get(AdminJobRoutes.list),
      await client.get(adminJobPath(AdminJobRoutes.one, id)),
      await client.post(adminJobPath(AdminJobRoutes.cancel, id), {}),
      await client.post(adminJobPath(AdminJobRoutes.retry, id), {}),
      await client.post(adminJobPath(AdminJobRoutes.refund, id, 'a'), {}),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(Messages.adminAccessDenied);
    }
    expect((await studio.client().get(AdminJobRoutes.list)).status).toBe(401);
    expect((await admin.get(adminJobPath(AdminJobRoutes.one, id))).status).toBe(404);
  });

  it('finds a failed job by the user’s e-mail with its error and refund, shows its steps and ledger, and retries it at no charge', async () => {
    const owner = await member(studio, { credits: 20 });
    const failing = vi
      .spyOn(studio.deps.media.video, 'imageToVideo')
      .mockRejectedValue(new MediaError('bad_input', 'The image could not be animated.'));
    const jobId = await startAnimation(studio, owner);
    expect((await waitForJob(owner.client, jobId)).status).toBe('FAILED');
    failing.mockRestore();
    expect(await balanceOf(owner.client)).toBe(20);

    const { jobs } = await find(`email=${encodeURIComponent(owner.user.email.toUpperCase())}&status=FAILED`);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      id: jobId,
      userEmail: owner.user.email,
      kind: 'animation',
      status: 'FAILED',
      engine: 'dbos',
      workflowId: jobId,
      workflowUrl: null,
      sectionsTotal: 1,
      sectionsFailed: 1,
      creditsReserved: 2,
      creditsRefunded: 2,
      sectionErrors: [{ section: 'Animation', error: 'The image could not be animated.' }],
    });
    expect((await find(`jobId=${jobId}&kind=training`)).jobs).toEqual([]);

    const detail = (await admin.get(adminJobPath(AdminJobRoutes.one, jobId))).body as AdminJobDetail;
    expect(detail.sections).toEqual([
      {
        id: 'animation',
        name: 'Animation',
        status: 'FAILED',
        step: 'video',
        error: 'The image could not be animated.',
        credits: 2,
        refunded: true,
      },
    ]);
    expect(detail.steps.map((s) => s.name)).toContain('animate');
    expect(detail.steps.find((s) => s.name === 'animate')!.durationMs).toBeGreaterThanOrEqual(0);
    expect(detail.ledger.map((t) => [t.transaction_type, t.amount])).toEqual([
      ['TASK_DEBIT', -2],
      ['TASK_REFUND', 2],
    ]);

    const retried = await admin.post(adminJobPath(AdminJobRoutes.retry, jobId), {});
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe(AdminJobMessages.retried);
    expect((await waitForJob(owner.client, jobId)).status).toBe('COMPLETED');
    // At no charge: the user's balance and ledger are as before the retry.
    expect(await balanceOf(owner.client)).toBe(20);
    // The list's credits come from the ledger, every run: 2 charged, 2 given back, nothing for the retry.
    expect((await find(`jobId=${jobId}`)).jobs[0]).toMatchObject({
      status: 'COMPLETED',
      sectionsDone: 1,
      creditsReserved: 2,
      creditsRefunded: 2,
    });
    const after = (await admin.get(adminJobPath(AdminJobRoutes.one, jobId))).body as AdminJobDetail;
    expect(after.ledger).toHaveLength(2);
    expect(after.audit).toEqual([{ action: 'retry', adminEmail: 'ops@example.com', sectionId: null, at: expect.any(String) }]);
    // The second run's steps are the job's too.
    expect(after.steps.filter((s) => s.name === 'animate').length).toBeGreaterThanOrEqual(2);
    const again = await admin.post(adminJobPath(AdminJobRoutes.retry, jobId), {});
    expect(again.status).toBe(409);
  }, 60_000);

  it('refunds a section whose refund was lost once, never twice; a completed or refunded one is refused', async () => {
    const owner = await member(studio, { credits: 20 });
    const jobId = await startAnimation(studio, owner);
    expect((await waitForJob(owner.client, jobId)).status).toBe('COMPLETED');
    expect(await balanceOf(owner.client)).toBe(18);
    const refund = () => admin.post(adminJobPath(AdminJobRoutes.refund, jobId, 'animation'), {});
    expect((await refund()).status).toBe(409);

    // As if the section had failed and its refund had been lost.
    await studio.deps.db('video_sections').where({ job_id: jobId }).update({ status: 'FAILED', error: 'Lost' });
    const results = await Promise.all([refund(), refund(), refund()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(owner.client)).toBe(20);
    const detail = (await admin.get(adminJobPath(AdminJobRoutes.one, jobId))).body as AdminJobDetail;
    expect(detail.ledger.filter((t) => t.transaction_type === 'TASK_REFUND')).toHaveLength(1);
    expect(detail.audit.map((a) => [a.action, a.sectionId])).toEqual([['refund', 'animation']]);
  }, 60_000);

  it('cancels a running job for its user, who gets the unfinished section back', async () => {
    const owner = await member(studio, { credits: 20 });
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const real = studio.deps.media.video.imageToVideo.bind(studio.deps.media.video);
    const held = vi.spyOn(studio.deps.media.video, 'imageToVideo').mockImplementation(async (input) => (await hold, real(input)));
    const jobId = await startAnimation(studio, owner);
    await waitForJob(owner.client, jobId, (job) => job.sections[0]?.status === 'RUNNING');
    const cancelled = await admin.post(adminJobPath(AdminJobRoutes.cancel, jobId), {});
    expect(cancelled.status).toBe(200);
    release();
    held.mockRestore();
    expect((await waitForJob(owner.client, jobId)).status).toBe('CANCELLED');
    expect(await balanceOf(owner.client)).toBe(20);
    expect((await admin.post(adminJobPath(AdminJobRoutes.cancel, jobId), {})).status).toBe(409);
    const detail = (await admin.get(adminJobPath(AdminJobRoutes.one, jobId))).body as AdminJobDetail;
    expect(detail.audit.map((a) => a.action)).toEqual(['cancel']);
  }, 60_000);

  it('shows a Temporal job’s steps from Temporal’s history, and says so when it cannot be read', async () => {
    const recordTemporalJob = async (s: TestStudio) =>
      s.deps
        .db('generated_videos')
        .insert({
          id: randomUUID(),
          user_id: (await member(s)).user.id,
          kind: 'multi_section',
          status: 'IN_PROGRESS',
          model: 'seedance',
          aspect_ratio: '9:16',
          width: 720,
          height: 1280,
          settings: '{}',
          engine: 'temporal',
          deadline_at: new Date(Date.now() + 3_600_000),
        })
        .returning<{ id: string }[]>('id');
    // This process runs DBOS: a job an earlier deployment ran on Temporal has its steps there.
    const [elsewhere] = await recordTemporalJob(studio);
    const seen = (await admin.get(adminJobPath(AdminJobRoutes.one, elsewhere!.id))).body as AdminJobDetail;
    expect(seen).toMatchObject({ engine: 'temporal', steps: [], stepsError: AdminJobMessages.stepsElsewhere });

    // A process on Temporal asks Temporal's client for the history; with Temporal out of reach, the page still answers.
    const onTemporal = await startTestStudio({ ADMIN_EMAILS: 'ops@example.com', TEMPORAL_ADDRESS: '127.0.0.1:1' });
    try {
      const ops = (await signedInUser(onTemporal, { email: 'ops@example.com' })).client;
      const [job] = await recordTemporalJob(onTemporal);
      const res = await ops.get(adminJobPath(AdminJobRoutes.one, job!.id));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ engine: 'temporal', steps: [], stepsError: AdminJobMessages.stepsUnreachable });
    } finally {
      await onTemporal.stop();
    }
  }, 60_000);

  it('pages every job newest first, 25 at a time with no overlap; trainings are listed beside videos', async () => {
    const owner = await member(studio);
    const base = Date.UTC(2026, 0, 1);
    await studio.deps.db('trained_models').insert(
      Array.from({ length: 27 }, (_, i) => ({
        user_id: owner.user.id,
        kind: 'style',
        name: `Style ${i}`,
        status: i === 0 ? 'failed' : 'ready',
        provider: 'local',
        image_keys: JSON.stringify([]),
        // Two at the same instant: the id breaks the tie.
        created_at: new Date(base + Math.min(i, 25) * 1000),
      })),
    );
    const first = await find(`email=${encodeURIComponent(owner.user.email)}&kind=training`);
    expect(first.jobs).toHaveLength(25);
    expect(first.jobs[0]).toMatchObject({ kind: 'training', status: 'COMPLETED', engine: 'dbos' });
    expect(first.jobs[0]!.workflowId).toMatch(/^training:/);
    const second = await find(`email=${encodeURIComponent(owner.user.email)}&kind=training&cursor=${first.nextCursor}`);
    expect(second.jobs).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.jobs, ...second.jobs].map((j) => j.id);
    expect(new Set(ids).size).toBe(27);
    const times = [...first.jobs, ...second.jobs].map((j) => j.startedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(second.jobs.at(-1)!.status).toBe('FAILED');
    expect((await admin.get(`${AdminJobRoutes.list}?cursor=nonsense`)).status).toBe(400);
    expect((await admin.get(`${AdminJobRoutes.list}?status=DONE`)).status).toBe(400);
  });
});
