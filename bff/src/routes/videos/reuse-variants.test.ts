/**
 * Issue 40 §1–§2 over HTTP, on the fast media engine: a section that has not changed is not made
 * or paid twice (its render key), a `cachedVideoUrl` is honoured only for the caller's own clip whose
 * key still matches, and hook variants render their shared sections once.
 */
import { ApiRoutes, isJobFinished, jobClipPath, Messages, PLAN_LIMITS, type JobView, type UserAsset } from '@studio/contracts';
import { MediaError } from '@studio/media';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  balanceOf,
  member,
  startTestStudio,
  videosMadeThisMonth,
  waitForJob,
  type TestClient,
  type TestStudio,
} from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
}, 120_000);
afterAll(() => studio?.stop());
afterEach(() => vi.restoreAllMocks());

const still = (colour: string, width = 360) =>
  sharp({ create: { width, height: 640, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A section as the editor sends it; `image` is uploaded as `image_<index>`, or `imageUrl` names one. */
interface Section {
  id: string;
  image?: Buffer;
  script?: string;
  audioUrl?: string;
  duration?: number;
  prompt?: string;
  captions?: boolean;
  cachedVideoUrl?: string;
  more?: Record<string, unknown>;
}

function form(sections: Section[], fields: Record<string, string> = {}) {
  const body = new FormData();
  body.set(
    'sections',
    JSON.stringify(
      sections.map((s) => ({
        id: s.id,
        name: s.id,
        videoPrompt: s.prompt ?? '',
        scriptEnabled: Boolean(s.script),
        hasImage: true,
        videoDuration: s.duration ?? 3,
        captions: s.captions,
        isCached: Boolean(s.cachedVideoUrl),
        cachedVideoUrl: s.cachedVideoUrl ?? null,
        scriptBlocks: s.script
          ? [{ id: `${s.id}-b`, text: s.script, audioStatus: s.audioUrl ? 'approved' : 'none', audioUrl: s.audioUrl ?? null }]
          : [],
        ...s.more,
      })),
    ),
  );
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  sections.forEach((s, i) => s.image && body.set(`image_${i}`, new Blob([new Uint8Array(s.image)], { type: 'image/png' }), `${i}.png`));
  return body;
}

async function run(client: TestClient, sections: Section[], fields: Record<string, string> = {}): Promise<JobView> {
  const started = await client.post(ApiRoutes.generateVideo, form(sections, fields));
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return waitForJob(client, started.body.jobId);
}

/** How many clips the engine rendered (a silent section is animated; a spoken one is lip-synced; a product shot is shot). */
function renders() {
  const video = studio.deps.media.video;
  const spies = [vi.spyOn(video, 'imageToVideo'), vi.spyOn(video, 'lipSync'), vi.spyOn(video, 'productShot')];
  return {
    count: () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0),
    reset: () => spies.forEach((spy) => spy.mockClear()),
  };
}

const debitsOf = async (userId: string, jobId: string) =>
  (await studio.deps.db('credit_transactions').where({ user_id: userId, transaction_type: 'TASK_DEBIT' }).orderBy('created_at')).filter(
    (row: { task_metadata: { job_id?: string } | null }) => row.task_metadata?.job_id === jobId,
  ) as {
    amount: number;
    description: string;
    task_metadata: { section_id: string; reused_from?: { job_id: string; section_id: string } };
  }[];

const reusedOf = (job: JobView) => Object.fromEntries(job.sections.map((s) => [s.section, s.reused]));

describe('a section that has not changed is not made or paid twice (issue 40 §1)', () => {
  it('reuses an unchanged section (no render, no credit, the ledger names the clip) and renders again on a change to any input of its key', async () => {
    const { user, client } = await member(studio, { credits: 200, tier: 'pro' });
    const spoken = await client.post(ApiRoutes.generateAudio, { text: 'Hello there, meet the serum.', voiceId: 'studioAdam01' });
    const otherLine = await client.post(ApiRoutes.generateAudio, { text: 'Hello there, meet the cream.', voiceId: 'studioAdam01' });
    const [brown, blue] = await Promise.all([still('#b08060'), still('#3060b0')]);
    const base: Section[] = [
      { id: 'same', image: brown },
      { id: 'image', image: brown },
      { id: 'length', image: brown },
      { id: 'prompt', image: brown, prompt: 'a slow push in' },
      { id: 'line', image: brown, script: 'Hello there, meet the serum.', audioUrl: spoken.body.audioUrl },
      { id: 'captions', image: brown, script: 'Hello there, meet the serum.', audioUrl: spoken.body.audioUrl },
    ];
    const rendered = renders();
    const first = await run(client, base);
    expect(first.status).toBe('COMPLETED');
    expect(rendered.count()).toBe(6);
    const balance = await balanceOf(client);

    // The same sections again, naming their last videos: nothing rendered, nothing charged; the ledger says which clip each reused.
    rendered.reset();
    const again = await run(
      client,
      base.map((s) => ({ ...s, cachedVideoUrl: jobClipPath(first.id, s.id) })),
    );
    expect(again.status).toBe('COMPLETED');
    expect(rendered.count()).toBe(0);
    expect(await balanceOf(client)).toBe(balance);
    expect(again.sections.every((s) => s.reused && s.credits === 0 && s.status === 'COMPLETED' && s.outputUrl)).toBe(true);
    expect(again.creditsCharged).toBe(0);
    const ledger = await debitsOf(user.id, again.id);
    expect(ledger.map((d) => [d.amount, d.task_metadata.section_id, d.task_metadata.reused_from])).toEqual(
      base.map((s) => [0, s.id, { job_id: first.id, section_id: s.id }]),
    );
    expect(ledger[0]!.description).toBe('Video section reused: same');
    // Its video is made from the reused clips, and each clip plays from this job too.
    expect((await client.get(again.result!.finalVideo!)).status).toBe(200);
    expect((await client.get(again.sections[4]!.outputUrl!)).headers.get('content-type')).toBe('video/mp4');

    // A change to any input of a section's key renders that section (and charges it) again; the others are reused.
    rendered.reset();
    const changed = await run(client, [
      { id: 'same', image: brown },
      { id: 'image', image: blue },
      { id: 'length', image: brown, duration: 6 },
      { id: 'prompt', image: brown, prompt: 'a fast orbit' },
      { id: 'line', image: brown, script: 'Hello there, meet the cream.', audioUrl: otherLine.body.audioUrl },
      { id: 'captions', image: brown, script: 'Hello there, meet the serum.', audioUrl: spoken.body.audioUrl, captions: true },
    ]);
    expect(reusedOf(changed)).toEqual({ same: true, image: false, length: false, prompt: false, line: false, captions: false });
    expect(rendered.count()).toBe(5);
    expect(await balanceOf(client)).toBe(balance - 5 * 2);

    // The job's format and model are inputs too: the same section in 1:1, or by veo3, renders again.
    rendered.reset();
    const square = await run(client, [{ id: 'same', image: brown }], { aspectRatio: '1:1' });
    expect(reusedOf(square)).toEqual({ same: false });
    const veo = await run(client, [{ id: 'said', image: brown, script: 'Try it today.' }], { videoModel: 'veo3', voiceId: 'studioAdam01' });
    expect(reusedOf(veo)).toEqual({ said: false });
    // veo3 speaks the script itself: the voice and its sliders are inputs (the same ones again reuse it).
    const voices = await run(
      client,
      [
        { id: 'said', image: brown, script: 'Try it today.' },
        { id: 'slower', image: brown, script: 'Try it today.', more: { voice: { voiceId: 'studioAdam01', stability: 0.9 } } },
      ],
      { videoModel: 'veo3', voiceId: 'studioAdam01' },
    );
    expect(reusedOf(voices)).toEqual({ said: true, slower: false });
  }, 120_000);

  it('reuses a product shot only with the same set, move and formats, and finishes the ad from reused clips', async () => {
    const { client } = await member(studio, { credits: 100, tier: 'pro' });
    const [photo, face] = await Promise.all([still('#c07a20', 300), still('#b08060')]);
    const shot = (more: Record<string, unknown>): Section => ({
      id: 'shot',
      image: photo,
      more: { kind: 'product', scene: 'marble', motion: 'push-in', duration: 3, ...more },
    });
    const twoFormats = { formats: JSON.stringify(['9:16', '1:1']) };
    const rendered = renders();
    const first = await run(client, [{ id: 'talk', image: face }, shot({}), { ...shot({}), id: 'other' }], twoFormats);
    expect(first.status).toBe('COMPLETED');
    const balance = await balanceOf(client);
    rendered.reset();
    const finishAd = vi.spyOn(studio.deps.media.video, 'finishAd');
    const same = await run(client, [{ id: 'talk', image: face }, shot({}), { ...shot({ motion: 'orbit' }), id: 'other' }], twoFormats);
    // The same shot is reused; another move renders.
    expect(reusedOf(same)).toEqual({ talk: true, shot: true, other: false });
    expect(rendered.count()).toBe(2);
    // The ad is finished again (per job), from the reused clips: the product shot's square one too.
    expect(same.result!.formats.map((f) => f.aspectRatio)).toEqual(['9:16', '1:1']);
    expect(Object.keys(finishAd.mock.calls[0]![0].sections[1]!.formats ?? {})).toEqual(['1:1']);
    // A product shot is drawn in each format: another format list renders it again; the talking section's clip is the same.
    const wide = await run(client, [{ id: 'talk', image: face }, shot({})], { formats: JSON.stringify(['9:16', '16:9']) });
    expect(reusedOf(wide)).toEqual({ talk: true, shot: false });
    // 3 credits a section (two formats) for each shot rendered.
    expect(await balanceOf(client)).toBe(balance - 2 * 3);
  }, 60_000);

  it('a forged cachedVideoUrl — another user’s clip, or one whose key no longer matches — renders and charges as usual', async () => {
    const owner = await member(studio, { credits: 20 });
    const other = await member(studio, { credits: 20 });
    const [brown, blue] = await Promise.all([still('#b08060'), still('#3060b0')]);
    const made = await run(owner.client, [{ id: 'a', image: brown }]);
    const clip = jobClipPath(made.id, 'a');
    // The other user cannot even read it, and naming it with the very same inputs renders their own.
    expect((await other.client.get(clip)).status).toBe(404);
    const rendered = renders();
    const theirs = await run(other.client, [{ id: 'a', image: brown, cachedVideoUrl: clip }]);
    expect(reusedOf(theirs)).toEqual({ a: false });
    expect(rendered.count()).toBe(1);
    expect(await balanceOf(other.client)).toBe(18);
    // The owner's own clip, but the section changed: rendered and charged.
    const changed = await run(owner.client, [{ id: 'a', image: blue, cachedVideoUrl: clip }]);
    expect(reusedOf(changed)).toEqual({ a: false });
    expect(rendered.count()).toBe(2);
    expect(await balanceOf(owner.client)).toBe(20 - 2 - 2);
    // Not a clip at all, or a section of the job that is not this one: the section's own key decides (here: the same clip).
    const named = await run(owner.client, [{ id: 'a', image: brown, cachedVideoUrl: '/media/assets/x.mp4' }]);
    expect(reusedOf(named)).toEqual({ a: true });
    expect(await balanceOf(owner.client)).toBe(16);
  }, 60_000);
});

describe('hook variants (issue 40 §2)', () => {
  it('three hooks over two shared sections render five sections for 2 × 5 credits, one video each; a failed hook fails and refunds only its own', async () => {
    const { user, client } = await member(studio, { credits: 30, tier: 'pro' });
    const [a, b, c, body1, body2] = await Promise.all([
      still('#aa3030'),
      // The second hook's still is narrower: the engine fails on it below.
      still('#30aa30', 300),
      still('#3030aa'),
      still('#808080'),
      still('#404040'),
    ]);
    const sections: Section[] = [
      { id: 'hook1', image: a },
      { id: 'hook2', image: b },
      { id: 'hook3', image: c },
      { id: 'body1', image: body1 },
      { id: 'body2', image: body2 },
    ];
    const variants = ['hook1', 'hook2', 'hook3'].map((hook, i) => ({
      id: `v${i + 1}`,
      label: `Hook ${i + 1}`,
      sections: [hook, 'body1', 'body2'],
    }));
    const animate = studio.deps.media.video.imageToVideo.bind(studio.deps.media.video);
    const rendered = vi.spyOn(studio.deps.media.video, 'imageToVideo').mockImplementation(async (input) => {
      if (input.image.width === 300) throw new MediaError('bad_input', 'No face was found in this image.');
      return animate(input);
    });
    const finishAd = vi.spyOn(studio.deps.media.video, 'finishAd');
    const started = await client.post(
      ApiRoutes.generateVideo,
      form(sections, { captionStyle: 'bold-pop', variants: JSON.stringify(variants) }),
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // Five sections reserved at 2 credits each, whatever the number of videos.
    expect(await balanceOf(client)).toBe(30 - 2 * 5);
    const seen: JobView[] = [];
    const job = await waitForJob(client, started.body.jobId, (view) => (seen.push(view), isJobFinished(view.status)));
    expect(rendered).toHaveBeenCalledTimes(5);
    expect(job.status).toBe('PARTIAL_SUCCESS');
    expect(job.variants.map((v) => [v.id, v.label, v.sections, v.status, v.progress])).toEqual([
      ['v1', 'Hook 1', ['hook1', 'body1', 'body2'], 'COMPLETED', 100],
      ['v2', 'Hook 2', ['hook2', 'body1', 'body2'], 'FAILED', 100],
      ['v3', 'Hook 3', ['hook3', 'body1', 'body2'], 'COMPLETED', 100],
    ]);
    expect(job.variants[1]!.error).toBe('No face was found in this image.');
    // Progress is told per variant while the job runs.
    expect(seen.some((view) => view.status === 'IN_PROGRESS' && view.variants.length === 3)).toBe(true);
    // The finished ad is made once per variant made, each from its own sections in its order.
    expect(finishAd.mock.calls.map(([input]) => input.sections.length)).toEqual([3, 3]);
    // The failed hook alone was refunded, once.
    expect(job.sections.map((s) => [s.section, s.status, s.refunded])).toEqual([
      ['hook1', 'COMPLETED', false],
      ['hook2', 'FAILED', true],
      ['hook3', 'COMPLETED', false],
      ['body1', 'COMPLETED', false],
      ['body2', 'COMPLETED', false],
    ]);
    expect(await balanceOf(client)).toBe(30 - 2 * 4);
    const refunds = await studio.deps.db('credit_transactions').where({ user_id: user.id, transaction_type: 'TASK_REFUND' });
    expect(refunds.map((r: { amount: number; task_metadata: { section_id: string } }) => [r.amount, r.task_metadata.section_id])).toEqual([
      [2, 'hook2'],
    ]);

    // Each video made: its poster, its file, its formats; the first one made is the job's own video.
    const [one, two, three] = job.result!.variants;
    expect([one!.status, two!.status, three!.status]).toEqual(['COMPLETED', 'FAILED', 'COMPLETED']);
    expect(two!.finalVideo).toBeNull();
    for (const v of [one!, three!]) {
      expect((await client.get(v.finalVideo!)).headers.get('content-type')).toBe('video/mp4');
      expect((await client.get(v.posterUrl!)).headers.get('content-type')).toBe('image/webp');
      expect(v.formats.map((f) => f.aspectRatio)).toEqual(['9:16']);
      expect(await client.get(v.formats[0]!.captionsUrl!).then((r) => r.status)).toBe(200);
    }
    expect(job.result!.finalVideo).toBe(one!.finalVideo);
    expect(one!.finalVideo).not.toBe(three!.finalVideo);
    // The gallery has one video per variant made, each naming its job and its variant.
    const videos = (await client.get(`${ApiRoutes.userAssets}/${user.id}?assetType=video`)).body.assets as UserAsset[];
    expect(videos.map((v) => [v.metadata.jobId, v.metadata.variant?.id]).sort()).toEqual([
      [job.id, 'v1'],
      [job.id, 'v3'],
    ]);

    // Retry: only the failed hook renders (and is charged); only its video is made, the others are kept.
    rendered.mockImplementation(animate);
    rendered.mockClear();
    expect((await client.post(`${ApiRoutes.jobs}/${job.id}/retry`)).status).toBe(200);
    const retried = await waitForJob(client, job.id);
    expect(retried.status).toBe('COMPLETED');
    expect(rendered).toHaveBeenCalledTimes(1);
    expect(retried.result!.variants.map((v) => v.assetId)).toEqual([one!.assetId, expect.any(String), three!.assetId]);
    expect(await balanceOf(client)).toBe(30 - 2 * 5);

    // The same job again: every section is reused, nothing rendered or charged, three videos made.
    rendered.mockClear();
    const allReused = await run(client, sections, { captionStyle: 'bold-pop', variants: JSON.stringify(variants) });
    expect(allReused.status).toBe('COMPLETED');
    expect(rendered).not.toHaveBeenCalled();
    expect(allReused.sections.every((s) => s.reused)).toBe(true);
    expect(allReused.result!.variants.map((v) => v.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    expect(await balanceOf(client)).toBe(30 - 2 * 5);
  }, 120_000);

  it('counts a job of hooks as a video per hook against the plan’s videos a month', async () => {
    const { user, client } = await member(studio, { credits: 30, tier: 'free' });
    const { videosPerMonth } = PLAN_LIMITS.free;
    // Earlier videos this month, two short of the plan's.
    await videosMadeThisMonth(studio, user.id, videosPerMonth - 2);
    const [h1, h2, h3, body] = await Promise.all(['#a05050', '#50a050', '#5050a0', '#707070'].map((c) => still(c)));
    const sections: Section[] = [
      { id: 'h1', image: h1 },
      { id: 'h2', image: h2 },
      { id: 'h3', image: h3 },
      { id: 'body', image: body },
    ];
    const hooks = (n: number) => JSON.stringify(['h1', 'h2', 'h3'].slice(0, n).map((h, i) => ({ id: `v${i}`, sections: [h, 'body'] })));
    // Three videos would be one over the plan: refused, nothing charged.
    const three = await client.post(ApiRoutes.generateVideo, form(sections, { variants: hooks(3) }));
    expect(three.status).toBe(403);
    expect(three.body.error.message).toBe(Messages.videoMonthlyLimit);
    expect(await balanceOf(client)).toBe(30);
    // Two fit; then the month is full, and a plain job is refused.
    await run(client, sections.slice(1), {
      variants: JSON.stringify([
        { id: 'v0', sections: ['h2', 'body'] },
        { id: 'v1', sections: ['h3', 'body'] },
      ]),
    });
    const next = await client.post(ApiRoutes.generateVideo, form([{ id: 'one', image: h1 }]));
    expect(next.status).toBe(403);
    expect(next.body.error.message).toBe(Messages.videoMonthlyLimit);
  });

  it('refuses variants that name sections the request has not, with a clear 400, and charges nothing', async () => {
    const { client } = await member(studio, { credits: 10 });
    const image = await still('#808080');
    for (const variants of [
      [{ id: 'v1', sections: ['a', 'nope'] }],
      [{ id: 'v1', sections: [] }],
      [
        { id: 'v1', sections: ['a'] },
        { id: 'v1', sections: ['a'] },
      ],
      Array.from({ length: 6 }, (_, i) => ({ id: `v${i}`, sections: ['a'] })),
      'not json',
    ]) {
      const res = await client.post(
        ApiRoutes.generateVideo,
        form([{ id: 'a', image }], { variants: typeof variants === 'string' ? variants : JSON.stringify(variants) }),
      );
      expect(res.status, JSON.stringify(variants)).toBe(400);
      expect(res.body.error.message).toMatch(/hook variants/);
    }
    expect(await balanceOf(client)).toBe(10);
  });
});
