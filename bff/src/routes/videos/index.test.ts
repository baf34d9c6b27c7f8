import {
  ApiRoutes,
  lipsyncDurationFor,
  Messages,
  PLAN_LIMITS,
  videoCreditsNeeded,
  videoStarted,
  videosPartial,
  type JobView,
  type SectionVoice,
  type UserAsset,
} from '@studio/contracts';
import { END_CARD_S, MediaError, MUSIC_TRACKS } from '@studio/media';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tone } from '../../../../packages/media/test/audio-fixtures.ts';
import {
  createImageAsset,
  startTestStudio,
  type TestClient,
  type TestStudio,
  member,
  balanceOf,
  waitForJob,
  videosMadeThisMonth,
} from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
}, 120_000);
afterAll(() => studio?.stop());
afterEach(() => vi.restoreAllMocks());

const portrait = () =>
  sharp({ create: { width: 360, height: 640, channels: 3, background: '#b08060' } })
    .png()
    .toBuffer();

/** Approved audio, as the editor gets it: a generate-audio call (1 credit). */
async function approvedAudio(client: TestClient, text = 'Hello there, this is our new product.') {
  const res = await client.post(ApiRoutes.generateAudio, { text, voiceId: 'studioAdam01' });
  expect(res.status).toBe(200);
  return { audioUrl: res.body.audioUrl as string, duration: res.body.duration as number };
}

interface SectionInit {
  id: string;
  name?: string;
  script?: string;
  audio?: { audioUrl: string; duration: number } | null;
  scriptEnabled?: boolean;
  imageUrl?: string;
  videoDuration?: number;
  captions?: boolean;
  voice?: SectionVoice;
  /** More fields of the section as the editor sends them (a product shot's, a product card). */
  more?: Record<string, unknown>;
}

/** The multipart body of a start, as the editor sends it: sections JSON and `image_<index>` files. */
async function videoForm(sections: SectionInit[], fields: Record<string, string> = {}, images: (Buffer | null)[] = []) {
  const form = new FormData();
  form.set(
    'sections',
    JSON.stringify(
      sections.map((s) => ({
        id: s.id,
        name: s.name ?? s.id,
        videoPrompt: '',
        scriptEnabled: s.scriptEnabled ?? Boolean(s.script),
        hasImage: true,
        imageUrl: s.imageUrl ?? null,
        videoDuration: s.videoDuration ?? null,
        captions: s.captions,
        voice: s.voice,
        ...s.more,
        scriptBlocks: s.script
          ? [
              {
                id: `${s.id}-b1`,
                text: s.script,
                audioStatus: s.audio ? 'approved' : 'none',
                audioUrl: s.audio?.audioUrl ?? null,
                duration: s.audio?.duration ?? null,
              },
            ]
          : [],
      })),
    ),
  );
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [i, s] of sections.entries()) {
    const image = images[i] === undefined ? (s.imageUrl ? null : await portrait()) : images[i];
    if (image) form.set(`image_${i}`, new Blob([new Uint8Array(image)], { type: 'image/png' }), `s${i}.png`);
  }
  return form;
}

/** Reads a job's event stream until it ends; answers every `job` event's data. */
async function readEvents(client: TestClient, jobId: string): Promise<JobView[]> {
  const res = await fetch(new URL(`${ApiRoutes.jobStatus}/${jobId}/events`, client.baseUrl), { headers: { cookie: client.cookieHeader } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: job'))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as JobView);
}

describe('POST /api/generate-multi-section-video', () => {
  it('renders a spoken section and a silent one on the local engine, streams progress, and stores one video in the gallery', async () => {
    const { user, client } = await member(studio, { credits: 20 });
    const other = await member(studio);
    const audio = await approvedAudio(client);
    const lipSync = vi.spyOn(studio.deps.media.video, 'lipSync');
    const form = await videoForm(
      [
        { id: 'intro', name: 'Intro', script: 'Hello there, this is our new product.', audio, captions: true },
        { id: 'product', name: 'Product shot', videoDuration: 3 },
      ],
      { videoModel: 'seedance', aspectRatio: '9:16', userId: user.id },
    );
    const started = await client.post(ApiRoutes.generateVideo, form);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ success: true, message: videoStarted(started.body.jobId) });
    const jobId: string = started.body.jobId;
    // 1 credit of speech, 2 for each section reserved at the start.
    expect(await balanceOf(client)).toBe(20 - 1 - 4);

    const events = await readEvents(client, jobId);
    const last = events.at(-1)!;
    expect(last.status).toBe('COMPLETED');
    // The spoken section is lip-synced on its audio + 3 s, with the mouth shapes the local speech
    // recorded when it spoke the approved audio, and the script.
    expect(lipSync).toHaveBeenCalledTimes(1);
    const synced = lipSync.mock.calls[0]![0];
    expect(synced.durationS).toBe(lipsyncDurationFor(audio.duration));
    expect(synced.script).toBe('Hello there, this is our new product.');
    expect(synced.mouthCues!.length).toBeGreaterThan(5);
    expect(synced.mouthCues!.at(-1)!.end).toBeCloseTo(audio.duration, 0);
    lipSync.mockRestore();
    // Progress only goes up, and sections were seen running on their steps.
    const progress = events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(events.some((e) => e.sections.some((s) => s.status === 'RUNNING' && s.step))).toBe(true);

    expect(last.sections.map((s) => [s.section, s.status, s.refunded])).toEqual([
      ['intro', 'COMPLETED', false],
      ['product', 'COMPLETED', false],
    ]);
    expect(last.result!.finalVideos.map((v) => [v.section, v.sectionName, v.hasAudio])).toEqual([
      ['intro', 'Intro', true],
      ['product', 'Product shot', false],
    ]);
    // spec 2 §9: with lip-sync a clip lasts its audio + 3 s, rounded up; a silent one its chosen length.
    expect(last.result!.finalVideos[0]!.videoDuration).toBeCloseTo(lipsyncDurationFor(audio.duration), 1);
    expect(last.result!.finalVideos[1]!.videoDuration).toBeCloseTo(3, 0);
    expect(last.result!.isPartialSuccess).toBe(false);

    const final = await client.get(last.result!.finalVideo!);
    expect(final.status).toBe(200);
    expect(final.headers.get('content-type')).toBe('video/mp4');
    const poster = await client.get(last.result!.posterUrl!);
    expect(poster.headers.get('content-type')).toBe('image/webp');
    const clip = await client.get(last.result!.finalVideos[0]!.videoUrl);
    expect(clip.status).toBe(200);
    // Every section clip has a poster frame the results panel shows before it plays.
    for (const section of last.sections) {
      const still = await client.get(section.posterUrl!);
      expect([still.status, still.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
      expect((await other.client.get(section.posterUrl!)).status).toBe(404);
    }
    // Captions of the whole video: the script over the spoken section's time, nothing over the silent one.
    const captions = await client.get(last.result!.captionsUrl!);
    expect(captions.headers.get('content-type')).toContain('text/vtt');
    expect(captions.body).toMatch(/^WEBVTT\n\n00:00:00\.000 --> 00:00:0\d\.\d{3}\nHello there, this is our new/);
    const sectionCaptions = await client.get(last.sections[1]!.captionsUrl!);
    expect(sectionCaptions.body.trim()).toBe('WEBVTT');
    expect((await other.client.get(last.result!.captionsUrl!)).status).toBe(404);
    // Someone else sees none of it.
    expect((await other.client.get(`${ApiRoutes.jobStatus}/${jobId}`)).status).toBe(404);
    expect((await other.client.get(last.result!.finalVideos[0]!.videoUrl)).status).toBe(404);
    expect((await other.client.get(last.result!.finalVideo!)).status).toBe(404);

    const videos = (await client.get(`${ApiRoutes.userAssets}/${user.id}?assetType=video`)).body.assets;
    expect(videos).toHaveLength(1);
    expect(videos[0]).toMatchObject({ id: last.result!.assetId, metadata: { mode: 'video', provider: 'local', width: 720, height: 1280 } });
    expect(videos[0].metadata.duration).toBeGreaterThan(4);
    expect(await balanceOf(client)).toBe(15);
  }, 120_000);

  it('validates on the server: incomplete sections, unknown model, someone else’s id, no session, bad JSON', async () => {
    const { client } = await member(studio);
    // A speaking section without approved audio does not count (seedance needs audio).
    const unapproved = await client.post(ApiRoutes.generateVideo, await videoForm([{ id: 'a', script: 'Hi there' }]));
    expect(unapproved.status).toBe(400);
    expect(unapproved.body.error.message).toBe(Messages.videoIncomplete);
    const noImage = await client.post(ApiRoutes.generateVideo, await videoForm([{ id: 'a' }], {}, [null]));
    expect(noImage.body.error.message).toBe(Messages.videoIncomplete);
    const model = await client.post(ApiRoutes.generateVideo, await videoForm([{ id: 'a' }], { videoModel: 'sora' }));
    expect(model.status).toBe(400);
    expect(model.body.error.message).toBe(Messages.unknownModel);
    const foreign = await client.post(
      ApiRoutes.generateVideo,
      await videoForm([{ id: 'a', imageUrl: '/media/assets/00000000-0000-0000-0000-000000000000.png' }]),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toBe('Failed to fetch image for section a');
    const notAnImage = await client.post(
      ApiRoutes.generateVideo,
      await videoForm([{ id: 'a' }], {}, [Buffer.from('plain text, not a picture')]),
    );
    expect(notAnImage.status).toBe(400);
    const someoneElse = await client.post(
      ApiRoutes.generateVideo,
      await videoForm([{ id: 'a' }], { userId: '00000000-0000-0000-0000-000000000000' }),
    );
    expect(someoneElse.status).toBe(403);
    const bad = new FormData();
    bad.set('sections', '{not json');
    expect((await client.post(ApiRoutes.generateVideo, bad)).body.error.message).toBe(Messages.videoSectionsInvalid);
    expect((await studio.client().post(ApiRoutes.generateVideo, await videoForm([{ id: 'a' }]))).status).toBe(401);
    // Not an id at all: a malformed request, not a job that might exist.
    const notAnId = await client.get(`${ApiRoutes.jobStatus}/not-a-job`);
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.error).toMatchObject({ code: 'invalid_request', message: Messages.invalidId });
    expect((await client.get(`${ApiRoutes.jobStatus}/${crypto.randomUUID()}`)).status).toBe(404);
    expect(await balanceOf(client)).toBe(20);
  });

  it('veo3 speaks the script itself (16:9, no approved audio needed)', async () => {
    const { client } = await member(studio);
    const res = await client.post(
      ApiRoutes.generateVideo,
      await videoForm([{ id: 'a', script: 'Try it today.' }], { videoModel: 'veo3', aspectRatio: '9:16' }),
    );
    expect(res.status).toBe(200);
    const job = await waitForJob(client, res.body.jobId);
    expect(job).toMatchObject({ status: 'COMPLETED', aspectRatio: '16:9', model: 'veo3' });
    expect(job.result!.finalVideos[0]!.hasAudio).toBe(true);
  }, 60_000);

  it('speaks each section in its own voice and sliders (spec 2 §2), the others in the job’s; a voice not the caller’s is refused first', async () => {
    const { client } = await member(studio);
    const spoken = vi.spyOn(studio.deps.media.speech, 'textToSpeech');
    const own = { voiceId: 'studioAdam01', stability: 0.6, similarityBoost: 0.4, speed: 1.5 };
    const res = await client.post(
      ApiRoutes.generateVideo,
      await videoForm(
        [
          { id: 'a', script: 'Meet the new serum.', voice: own },
          { id: 'b', script: 'Try it today.' },
        ],
        { videoModel: 'veo3', voiceId: 'studioUgcTwo', stability: '0.3', similarityBoost: '0.8', speed: '1' },
      ),
    );
    expect(res.status).toBe(200);
    expect((await waitForJob(client, res.body.jobId)).status).toBe('COMPLETED');
    // Sections may render side by side: in the order of their scripts.
    const calls = spoken.mock.calls
      .map(([input]) => ({ text: input.text, voice: input.voice.id, settings: input.settings }))
      .sort((x, y) => x.text.localeCompare(y.text));
    spoken.mockRestore();
    expect(calls).toEqual([
      {
        text: 'Meet the new serum.',
        voice: 'studioAdam01',
        settings: expect.objectContaining({ stability: 0.6, similarityBoost: 0.4, speed: 1.5 }),
      },
      {
        text: 'Try it today.',
        voice: 'studioUgcTwo',
        settings: expect.objectContaining({ stability: 0.3, similarityBoost: 0.8, speed: 1 }),
      },
    ]);

    const before = await balanceOf(client);
    const unknown = await client.post(
      ApiRoutes.generateVideo,
      await videoForm([{ id: 'a', script: 'Hello.', voice: { ...own, voiceId: 'nosuchvoice123' } }], { videoModel: 'veo3' }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(Messages.voiceIdNotFound);
    const slider = await client.post(
      ApiRoutes.generateVideo,
      await videoForm([{ id: 'a', script: 'Hello.', voice: { ...own, speed: 9 } }], { videoModel: 'veo3' }),
    );
    expect(slider.status).toBe(400);
    expect(await balanceOf(client)).toBe(before);
  }, 60_000);

  it('refuses a short balance with the spec’s text and writes nothing; a second start while one runs is a 429', async () => {
    const poor = await member(studio, { credits: 3 });
    const short = await poor.client.post(ApiRoutes.generateVideo, await videoForm([{ id: 'a' }, { id: 'b' }]));
    expect(short.status).toBe(402);
    expect(short.body.error.message).toBe(videoCreditsNeeded(4, 2));
    expect(await balanceOf(poor.client)).toBe(3);
    expect(await studio.deps.db('generated_videos').where({ user_id: poor.user.id }).first()).toBeUndefined();

    const { client } = await member(studio);
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const animate = studio.deps.media.video.imageToVideo.bind(studio.deps.media.video);
    vi.spyOn(studio.deps.media.video, 'imageToVideo').mockImplementation(async (input) => {
      await hold;
      return animate(input);
    });
    const first = await client.post(ApiRoutes.generateVideo, await videoForm([{ id: 'a', videoDuration: 3 }]));
    expect(first.status).toBe(200);
    const [second, third] = await Promise.all([
      client.post(ApiRoutes.generateVideo, await videoForm([{ id: 'b', videoDuration: 3 }])),
      client.post(ApiRoutes.generateVideo, await videoForm([{ id: 'c', videoDuration: 3 }])),
    ]);
    expect([second.status, third.status]).toEqual([429, 429]);
    expect(second.body.error.message).toBe(Messages.videoInProgress);
    release();
    expect((await waitForJob(client, first.body.jobId)).status).toBe('COMPLETED');
    expect(await balanceOf(client)).toBe(18);
  }, 60_000);
});

describe('failures, retries, cancelling and timeouts', () => {
  it('a failed section ends PARTIAL_SUCCESS, refunded once; retry renders only it and reuses the other', async () => {
    const { user, client } = await member(studio, { credits: 20 });
    const audio = await approvedAudio(client, 'One two three.');
    const talkingHead = studio.deps.media.video.lipSync.bind(studio.deps.media.video);
    const failing = vi.spyOn(studio.deps.media.video, 'lipSync').mockImplementation(async () => {
      throw new MediaError('bad_input', 'The speech is too short to animate.');
    });
    const animate = vi.spyOn(studio.deps.media.video, 'imageToVideo');
    const res = await client.post(
      ApiRoutes.generateVideo,
      await videoForm([
        { id: 'a', videoDuration: 3 },
        { id: 'b', script: 'One two three.', audio },
      ]),
    );
    const job = await waitForJob(client, res.body.jobId);
    expect(job.status).toBe('PARTIAL_SUCCESS');
    expect(job.sections[1]).toMatchObject({
      section: 'b',
      status: 'FAILED',
      step: 'lipsync',
      refunded: true,
      error: 'The speech is too short to animate.',
    });
    expect(job.result).toMatchObject({
      isPartialSuccess: true,
      partialMessage: videosPartial(1),
      failedLipsync: [{ section: 'b', error: 'The speech is too short to animate.' }],
    });
    expect(job.creditsRefunded).toBe(2);
    // bad input is not retried by the engine.
    expect(failing).toHaveBeenCalledTimes(1);
    expect(await balanceOf(client)).toBe(20 - 1 - 4 + 2);

    failing.mockImplementation(talkingHead);
    const retry = await client.post(`${ApiRoutes.jobs}/${job.id}/retry`);
    expect(retry.status).toBe(200);
    const again = await waitForJob(client, job.id);
    expect(again.status).toBe('COMPLETED');
    expect(again.sections.map((s) => s.status)).toEqual(['COMPLETED', 'COMPLETED']);
    // Section a was not rendered again.
    expect(animate).toHaveBeenCalledTimes(1);
    expect(await balanceOf(client)).toBe(20 - 1 - 4 + 2 - 2);
    // The ledger holds exactly one refund for the failed run.
    const refunds = await studio.deps.db('credit_transactions').where({ user_id: user.id, transaction_type: 'TASK_REFUND' });
    expect(refunds).toHaveLength(1);
    const nothing = await client.post(`${ApiRoutes.jobs}/${job.id}/retry`);
    expect(nothing.status).toBe(409);
    expect(nothing.body.error.message).toBe(Messages.jobNothingToRetry);
    const videos = (await client.get(`${ApiRoutes.userAssets}/${user.id}?assetType=video`)).body.assets;
    expect(videos).toHaveLength(2);
  }, 120_000);

  it('five retries of one job sent at once run it once and charge its failed section once', async () => {
    const { user, client } = await member(studio, { credits: 20 });
    const audio = await approvedAudio(client, 'One two three.');
    const talkingHead = studio.deps.media.video.lipSync.bind(studio.deps.media.video);
    const lipSync = vi.spyOn(studio.deps.media.video, 'lipSync').mockImplementation(async () => {
      throw new MediaError('bad_input', 'The speech is too short to animate.');
    });
    const res = await client.post(
      ApiRoutes.generateVideo,
      await videoForm([
        { id: 'a', videoDuration: 3 },
        { id: 'b', script: 'One two three.', audio },
      ]),
    );
    const job = await waitForJob(client, res.body.jobId);
    expect(job.status).toBe('PARTIAL_SUCCESS');
    const before = await balanceOf(client);

    lipSync.mockClear();
    lipSync.mockImplementation(talkingHead);
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.post(`${ApiRoutes.jobs}/${job.id}/retry`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const again = await waitForJob(client, job.id);
    expect(again.status).toBe('COMPLETED');
    // The failed section was rendered once and charged once (2 credits), whatever the number of retries sent.
    expect(lipSync).toHaveBeenCalledTimes(1);
    expect(await balanceOf(client)).toBe(before - 2);
    const charges = await studio.deps.db('credit_transactions').where({ user_id: user.id, transaction_type: 'TASK_DEBIT' });
    expect(charges.filter((c: { amount: number }) => c.amount === -2)).toHaveLength(3);
  }, 120_000);

  it('cancel stops a running job and gives back its unfinished sections; the event stream ends', async () => {
    const { client } = await member(studio, { credits: 20 });
    const other = await member(studio);
    vi.spyOn(studio.deps.media.video, 'imageToVideo').mockImplementation(() => new Promise(() => undefined));
    const res = await client.post(
      ApiRoutes.generateVideo,
      await videoForm([
        { id: 'a', videoDuration: 3 },
        { id: 'b', videoDuration: 3 },
      ]),
    );
    await waitForJob(client, res.body.jobId, (job) => job.sections.some((s) => s.status === 'RUNNING'));
    const events = readEvents(client, res.body.jobId);
    expect((await other.client.post(`${ApiRoutes.jobs}/${res.body.jobId}/cancel`)).status).toBe(404);
    const cancelled = await client.post(`${ApiRoutes.jobs}/${res.body.jobId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.job).toMatchObject({ status: 'CANCELLED', error: Messages.videoCancelled, creditsRefunded: 4 });
    expect(cancelled.body.job.sections.map((s: { status: string }) => s.status)).toEqual(['CANCELLED', 'CANCELLED']);
    // The stream's last word is the end with its refunds (written in the same transaction as the status).
    expect((await events).at(-1)).toMatchObject({ status: 'CANCELLED', creditsRefunded: 4 });
    expect(await balanceOf(client)).toBe(20);
    const twice = await client.post(`${ApiRoutes.jobs}/${res.body.jobId}/cancel`);
    expect(twice.status).toBe(409);
    expect(await balanceOf(client)).toBe(20);
  }, 60_000);

  it('a job past its 30 minutes ends TIMED_OUT, its sections refunded once', async () => {
    const { client } = await member(studio, { credits: 20 });
    vi.spyOn(studio.deps.media.video, 'imageToVideo').mockImplementation(() => new Promise(() => undefined));
    const res = await client.post(ApiRoutes.generateVideo, await videoForm([{ id: 'a', videoDuration: 3 }]));
    await studio.deps
      .db('generated_videos')
      .where({ id: res.body.jobId })
      .update({ deadline_at: new Date(Date.now() - 1000) });
    const job = (await client.get(`${ApiRoutes.jobStatus}/${res.body.jobId}`)).body.job;
    expect(job).toMatchObject({ status: 'TIMED_OUT', error: Messages.videoTimedOut, creditsRefunded: 2 });
    expect(job.sections[0]).toMatchObject({ status: 'TIMED_OUT', error: Messages.sectionTimedOut });
    await client.get(`${ApiRoutes.jobStatus}/${res.body.jobId}`);
    expect(await balanceOf(client)).toBe(20);
  });

  it('when the engine cannot take a job, answers the spec’s text and gives every credit back', async () => {
    const { user, client } = await member(studio, { credits: 20 });
    vi.spyOn(studio.deps.jobs, 'start').mockRejectedValue(new Error('engine down'));
    const res = await client.post(
      ApiRoutes.generateVideo,
      await videoForm([
        { id: 'a', videoDuration: 3 },
        { id: 'b', videoDuration: 3 },
      ]),
    );
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe(Messages.failedToStartVideo);
    expect(await balanceOf(client)).toBe(20);
    const job = await studio.deps.db('generated_videos').where({ user_id: user.id }).first();
    expect(job.status).toBe('FAILED');
  });

  it('holds the plan’s videos a month and longest video', async () => {
    const { user, client } = await member(studio, { credits: 50 });
    await videosMadeThisMonth(studio, user.id, PLAN_LIMITS.free.videosPerMonth);
    const res = await client.post(ApiRoutes.generateVideo, await videoForm([{ id: 'a', videoDuration: 3 }]));
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(Messages.videoMonthlyLimit);
    await studio.deps.db('generated_videos').where({ user_id: user.id }).delete();
    const long = 'word '.repeat(200);
    const tooLong = await client.post(ApiRoutes.generateVideo, await videoForm([{ id: 'a', script: long }], { videoModel: 'veo3' }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe(Messages.videoTooLong);
  });
});

describe('plan limits on measured audio', () => {
  /** `seconds` of a real tone uploaded as the user's lip-sync audio (the server measures it). */
  async function uploadedAudio(client: TestClient, seconds: number) {
    const form = new FormData();
    form.set('audio', new Blob([new Uint8Array(tone(seconds, 'mp3'))], { type: 'audio/mpeg' }), 'line.mp3');
    const res = await client.post(ApiRoutes.uploadAudio, form);
    expect(res.status).toBe(200);
    return res.body.audioUrl as string;
  }

  it('checks the longest video on the measured audio: a claimed 1 s does not slip past a trial’s 60 s, a claimed 100 s does not refuse', async () => {
    const { client } = await member(studio, { credits: 20 });
    const audioUrl = await uploadedAudio(client, 13);
    // Five sections of 13 s of speech (65 s), each claiming 1 s (5 s).
    const sections = ['a', 'b', 'c', 'd', 'e'].map((id) => ({
      id,
      script: 'Hello there, this is our new product.',
      audio: { audioUrl, duration: 1 },
    }));
    const tooLong = await client.post(ApiRoutes.generateVideo, await videoForm(sections, { videoModel: 'seedance' }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe(Messages.videoTooLong);
    expect(await balanceOf(client)).toBe(20);

    // One such section claiming 100 s is 13 s long: it starts.
    const one = await client.post(
      ApiRoutes.generateVideo,
      await videoForm([{ id: 'a', script: 'Hello there, this is our new product.', audio: { audioUrl, duration: 100 } }], {
        videoModel: 'seedance',
      }),
    );
    expect(one.status).toBe(200);
    await client.post(`${ApiRoutes.jobs}/${one.body.jobId}/cancel`, {});
  });

  it('refuses a script longer than the plan’s longest video, however short its audio, with the spec’s message', async () => {
    const { client } = await member(studio, { credits: 20 });
    const audioUrl = await uploadedAudio(client, 2);
    // 700 words take 70 s even at the fastest voice speed: more than a trial’s 60 s, and far more cues than 2 s carries.
    const script = Array.from({ length: 700 }, () => 'word').join(' ');
    const res = await client.post(ApiRoutes.generateVideo, await videoForm([{ id: 'a', script, audio: { audioUrl, duration: 2 } }]));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(Messages.videoTooLong);
    expect(await balanceOf(client)).toBe(20);

    // One block past its 5,000 characters is refused by name, not with a schema's wording.
    const block = await client.post(
      ApiRoutes.generateVideo,
      await videoForm([{ id: 'a', script: 'a'.repeat(5001), audio: { audioUrl, duration: 2 } }]),
    );
    expect(block.status).toBe(400);
    expect(block.body.error.message).toBe(Messages.scriptTooLong);
  });
});

describe('POST /api/generate-animation', () => {
  it('animates one of your images into a gallery video; validates duration and ownership', async () => {
    const { user, client } = await member(studio, { credits: 20 });
    const other = await member(studio);
    const image = await createImageAsset(studio, user.id, { width: 320, height: 320 });
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return f;
    };
    const tooLong = await client.post(ApiRoutes.generateAnimation, form({ imageUrl: image.public_url, duration: '13' }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe(Messages.animationDurationInvalid);
    const notYours = await other.client.post(ApiRoutes.generateAnimation, form({ imageUrl: image.public_url }));
    expect(notYours.body.error.message).toBe(Messages.imageNotYours);
    const res = await client.post(
      ApiRoutes.generateAnimation,
      form({ imageUrl: image.public_url, duration: '3', aspectRatio: '1:1', prompt: 'slow push in' }),
    );
    expect(res.status).toBe(200);
    const job = await waitForJob(client, res.body.jobId);
    expect(job).toMatchObject({ kind: 'animation', status: 'COMPLETED' });
    const [video] = (await client.get(`${ApiRoutes.userAssets}/${user.id}?assetType=video`)).body.assets;
    expect(video).toMatchObject({ metadata: { prompt: 'slow push in', width: 720, height: 720 } });
    expect(video.metadata.duration).toBeCloseTo(3, 0);
    expect(await balanceOf(client)).toBe(18);

    // A new video from that video starts from its picture: its thumbnail's URL stands for its poster
    // frame, at the video's own size; another user's video is not theirs to start from.
    const fromVideo = await other.client.post(ApiRoutes.generateAnimation, form({ imageUrl: video.thumbnail_url }));
    expect(fromVideo.body.error.message).toBe(Messages.imageNotYours);
    const animate = vi.spyOn(studio.deps.media.video, 'imageToVideo');
    const again = await client.post(
      ApiRoutes.generateAnimation,
      form({ imageUrl: video.thumbnail_url, duration: '3', aspectRatio: '1:1' }),
    );
    expect(again.status).toBe(200);
    expect((await waitForJob(client, again.body.jobId)).status).toBe('COMPLETED');
    expect(animate.mock.calls[0]![0].image).toMatchObject({ width: 720, height: 720 });
  }, 60_000);
});

describe('the finished ad', () => {
  it('makes every format asked for from the same sections, cut tight, each a gallery asset, priced per format', async () => {
    const { user, client } = await member(studio, { credits: 30 });
    const audio = await approvedAudio(client, 'Meet the serum. It fixed my skin in a week.');
    // What the job's status says at each stage of the finishing (the cuts, then each format).
    let startedId!: (id: string) => void;
    const jobIdOf = new Promise<string>((resolve) => (startedId = resolve));
    const seen: JobView[] = [];
    const finishAd = studio.deps.media.video.finishAd.bind(studio.deps.media.video);
    vi.spyOn(studio.deps.media.video, 'finishAd').mockImplementation((input) =>
      finishAd({
        ...input,
        onProgress: async (stage) => {
          await input.onProgress?.(stage);
          seen.push((await client.get(`${ApiRoutes.jobStatus}/${await jobIdOf}`)).body.job as JobView);
        },
      }),
    );
    const form = await videoForm(
      [
        { id: 'hook', script: 'Meet the serum. It fixed my skin in a week.', audio },
        { id: 'shot', videoDuration: 3 },
      ],
      {
        aspectRatio: '9:16',
        formats: JSON.stringify(['9:16', '1:1', '16:9']),
        captionStyle: 'bold-pop',
        music: JSON.stringify({ trackId: MUSIC_TRACKS[0]!.id, volume: 0.4 }),
        endCard: 'true',
      },
    );
    const started = await client.post(ApiRoutes.generateVideo, form);
    expect(started.status).toBe(200);
    startedId(started.body.jobId);
    // 1 credit of speech; 2 a section for the first format and 1 a section for each further one.
    expect(await balanceOf(client)).toBe(30 - 1 - 2 * (2 + 2));
    const job = await waitForJob(client, started.body.jobId);
    expect(job.status).toBe('COMPLETED');
    expect(seen.map((v) => [v.status, v.progress, v.finishing?.label])).toEqual([
      ['IN_PROGRESS', 95, 'Cutting the sections'],
      ['IN_PROGRESS', 96, 'Making the 9:16 video'],
      ['IN_PROGRESS', 97, 'Making the 1:1 video'],
      ['IN_PROGRESS', 98, 'Making the 16:9 video'],
    ]);
    expect(job.finishing).toBeNull();
    const formats = job.result!.formats;
    expect(formats.map((f) => [f.aspectRatio, f.width, f.height])).toEqual([
      ['9:16', 720, 1280],
      ['1:1', 720, 720],
      ['16:9', 1280, 720],
    ]);
    expect(job.result!.finalVideo).toBe(formats[0]!.videoUrl);
    // The talking section is cut 0.4 s after its last word instead of keeping its 3 s tail; the end card adds its 2.5 s.
    const clips = job.sections.reduce((n, s) => n + Number(job.result!.finalVideos.find((v) => v.section === s.section)!.videoDuration), 0);
    expect(formats[0]!.durationS - END_CARD_S).toBeLessThan(clips - 2);
    for (const f of formats) {
      const video = await client.get(f.videoUrl);
      expect(video.status).toBe(200);
      expect(video.headers.get('content-type')).toBe('video/mp4');
      const vtt = (await client.get(f.captionsUrl!)).body as string;
      expect(vtt).toMatch(/^WEBVTT/);
      expect(vtt).toContain('serum.');
    }
    // The whole video's captions are its first format's, on the cut timeline.
    expect((await client.get(job.result!.captionsUrl!)).body).toBe((await client.get(formats[0]!.captionsUrl!)).body);
    const videos = (await client.get(`${ApiRoutes.userAssets}/${user.id}?assetType=video`)).body.assets as UserAsset[];
    expect(videos.map((v) => v.id).sort()).toEqual(formats.map((f) => f.assetId).sort());
    // Each names its job, so the gallery shows the three as one.
    expect(videos.map((v) => v.metadata.jobId)).toEqual([job.id, job.id, job.id]);
  }, 60_000);

  it('shoots a product section in a set at each format’s own size with its script spoken over it, and shows a product card on the word that names it', async () => {
    const { user, client } = await member(studio, { credits: 30 });
    const photo = await createImageAsset(studio, user.id, { width: 200, height: 300, colour: '#c07a20' });
    const audio = await approvedAudio(client, 'Meet the serum. It fixed my skin in a week.');
    // The hosted models' square shot failed the fidelity check (the engine made it locally and says so).
    const productShot = studio.deps.media.video.productShot.bind(studio.deps.media.video);
    const fellBack = 'This product shot was made by the local engine: the hosted model changed the product.';
    const shots = vi
      .spyOn(studio.deps.media.video, 'productShot')
      .mockImplementation(async (input) => ({ ...(await productShot(input)), ...(input.width === input.height && { note: fellBack }) }));
    const finish = vi.spyOn(studio.deps.media.video, 'finishAd');
    const form = await videoForm(
      [
        {
          id: 'hook',
          script: 'Meet the serum. It fixed my skin in a week.',
          audio,
          more: { productOverlay: { productImageUrl: photo.public_url, atWord: 'Serum' } },
        },
        {
          id: 'shot',
          script: 'Grab yours today.',
          more: { kind: 'product', productImageUrl: photo.public_url, scene: 'pastel', motion: 'orbit', duration: 4 },
        },
      ],
      { aspectRatio: '9:16', formats: JSON.stringify(['9:16', '1:1']), endCard: 'true' },
      [undefined, null] as unknown as (Buffer | null)[],
    );
    const started = await client.post(ApiRoutes.generateVideo, form);
    expect(started.status).toBe(200);
    // 1 credit of speech; each section 2 for the first format and 1 for the second.
    expect(await balanceOf(client)).toBe(30 - 1 - 2 * 3);
    const job = await waitForJob(client, started.body.jobId);
    expect(job.status).toBe('COMPLETED');
    // The shot is drawn once per format at that format's size, in one set (one seed), for its 4 s.
    expect(shots.mock.calls.map(([input]) => [input.width, input.height, input.scene, input.motion, input.durationS])).toEqual([
      [720, 1280, 'pastel', 'orbit', 4],
      [720, 720, 'pastel', 'orbit', 4],
    ]);
    expect(new Set(shots.mock.calls.map(([input]) => input.seed)).size).toBe(1);
    expect(job.result!.finalVideos.find((v) => v.section === 'shot')).toMatchObject({ videoDuration: 4, hasAudio: true });
    expect(job.sections.map((s) => s.note)).toEqual([null, `1:1: ${fellBack}`]);
    const [input] = finish.mock.calls[0]!;
    const [hook, shot] = input.sections;
    // Its script was spoken over it and is captioned; the shot keeps its length and comes at the square's own size.
    expect(shot!.words.map((w) => w.text)).toEqual(['Grab', 'yours', 'today.']);
    expect(shot!.keepLength).toBe(true);
    expect(Object.keys(shot!.formats ?? {})).toEqual(['1:1']);
    expect(hook!.keepLength).toBeUndefined();
    // The card comes in as "serum." is said, for 3 s; the end card shows the product as the shot cut it out.
    const serum = hook!.words.find((w) => w.text === 'serum.')!;
    expect(hook!.productCard).toMatchObject({ start: serum.start, durationS: 3 });
    expect(input.endCard?.productCutout).toBeInstanceOf(Buffer);
    expect(job.result!.formats.map((f) => f.aspectRatio)).toEqual(['9:16', '1:1']);
  }, 60_000);

  it('refuses a product section or card it cannot make with a clear 400, and charges nothing', async () => {
    const { user, client } = await member(studio, { credits: 10 });
    const other = await member(studio);
    const photo = await createImageAsset(studio, user.id);
    const othersPhoto = await createImageAsset(studio, other.user.id);
    const product = (more: Record<string, unknown>, script?: string) =>
      videoForm([{ id: 'p', script, more: { kind: 'product', productImageUrl: photo.public_url, ...more } }], {}, [null]);
    const audio = await approvedAudio(client, 'Meet the serum.');
    const talking = (overlay: Record<string, unknown>) =>
      videoForm([{ id: 't', script: 'Meet the serum.', audio, more: { productOverlay: overlay } }]);
    for (const [form, message] of [
      [await product({ productImageUrl: null }), Messages.productShotNoPhoto],
      [await product({ productImageUrl: othersPhoto.public_url }), Messages.imageNotYours],
      [await product({ duration: 2 }), Messages.productShotDurationInvalid],
      [await product({ duration: 9 }), Messages.productShotDurationInvalid],
      [await product({ motion: 'zoom' }), Messages.productShotMotionInvalid],
      [await product({ scene: 'x'.repeat(201) }), Messages.productShotSceneInvalid],
      [await product({ scene: '  ' }), Messages.productShotSceneInvalid],
      [await product({ duration: 8 }, 'word '.repeat(30).trim()), Messages.productShotSpeechTooLong],
      [await talking({ productImageUrl: photo.public_url, atWord: 'cream' }), Messages.productCardWordMissing],
      [await talking({ productImageUrl: othersPhoto.public_url, atWord: 'serum' }), Messages.imageNotYours],
    ] as const) {
      const res = await client.post(ApiRoutes.generateVideo, form);
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    // Only the approved line's speech was charged.
    expect(await balanceOf(client)).toBe(10 - 1);
  }, 60_000);

  it('when the ad cannot be finished, the joined sections are the video and the further formats are given back once', async () => {
    const { client } = await member(studio, { credits: 10 });
    vi.spyOn(studio.deps.media.video, 'finishAd').mockRejectedValue(new MediaError('bad_input', 'This clip could not be read.'));
    const form = await videoForm(
      [
        { id: 'a', videoDuration: 3 },
        { id: 'b', videoDuration: 3 },
      ],
      { formats: JSON.stringify(['9:16', '16:9']) },
    );
    const started = await client.post(ApiRoutes.generateVideo, form);
    expect(await balanceOf(client)).toBe(10 - 2 * 3);
    const job = await waitForJob(client, started.body.jobId);
    expect(job.status).toBe('COMPLETED');
    expect(job.result!.formats).toEqual([]);
    expect(job.result!.finalVideo).not.toBeNull();
    expect(await balanceOf(client)).toBe(10 - 2 * 2);
  }, 60_000);

  it('refuses an unknown caption style, format or music, or someone else’s music, with a clear 400 and charges nothing; without the ad fields a job joins its sections as before', async () => {
    const { client } = await member(studio, { credits: 10 });
    const other = await member(studio, { credits: 10 });
    const othersMusic = (await approvedAudio(other.client)).audioUrl;
    for (const [field, value, message] of [
      ['captionStyle', 'comic-sans', Messages.captionStyleInvalid],
      ['formats', JSON.stringify(['4:5']), Messages.adFormatInvalid],
      ['formats', JSON.stringify(['9:16', '9:16']), Messages.adFormatInvalid],
      ['formats', 'not json', Messages.adFormatInvalid],
      ['tightCuts', 'maybe', Messages.adOptionInvalid],
      ['endCard', 'sometimes', Messages.adOptionInvalid],
      ['music', JSON.stringify({ trackId: 'no-such-bed', volume: 0.5 }), Messages.musicTrackNotFound],
      ['music', JSON.stringify({ audioUrl: othersMusic, volume: 0.5 }), Messages.musicUploadNotFound],
      ['music', JSON.stringify({ volume: 0.5 }), Messages.musicChoiceInvalid],
      ['music', JSON.stringify({ trackId: MUSIC_TRACKS[0]!.id, volume: 2 }), Messages.musicChoiceInvalid],
    ] as const) {
      const res = await client.post(ApiRoutes.generateVideo, await videoForm([{ id: 'a', videoDuration: 3 }], { [field]: value }));
      expect(res.status, `${field}=${value}`).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(await balanceOf(client)).toBe(10);
    const plain = await client.post(ApiRoutes.generateVideo, await videoForm([{ id: 'a', videoDuration: 3 }]));
    const job = await waitForJob(client, plain.body.jobId);
    expect(job.status).toBe('COMPLETED');
    expect(job.result!.formats).toEqual([]);
    expect(await balanceOf(client)).toBe(8);
  }, 60_000);
});
