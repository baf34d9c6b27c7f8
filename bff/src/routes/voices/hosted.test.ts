import { ApiRoutes, isJobFinished, Messages, type JobView } from '@studio/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tone } from '../../../../packages/media/test/audio-fixtures.ts';
import { DOUBLE_KEY, startElevenLabsDouble, type ElevenLabsDouble } from '../../../../packages/media/test/elevenlabs-double.ts';
import { startTestStudio, type TestClient, type TestStudio, member, balanceOf } from '../../../test/harness.ts';

/** The studio with ELEVENLABS_API_KEY, pointed at a double of ElevenLabs' REST API: the same routes, hosted voices. */
let studio: TestStudio;
let double: ElevenLabsDouble;
beforeAll(async () => {
  double = await startElevenLabsDouble();
  studio = await startTestStudio({ ELEVENLABS_API_KEY: DOUBLE_KEY, ELEVENLABS_BASE_URL: double.url });
}, 120_000);
afterAll(async () => {
  await studio?.stop();
  await double?.close();
});

/** A real (if tuneless) WAV: the upload gate reads what it is given. */
const WAV = tone(2, 'wav', 200);
const sample = () => {
  const form = new FormData();
  form.set('audioFile', new Blob([new Uint8Array(WAV)], { type: 'audio/wav' }), 'me.wav');
  return form;
};

describe('voices on ElevenLabs (by configuration)', () => {
  it('lists the account’s voices with the presets, validates against the account, and speaks its voices', async () => {
    const { client } = await member(studio);
    const library = (await client.get(ApiRoutes.voiceLibrary)).body;
    expect(library.total).toBe(9);
    expect(library.voices.professional).toEqual([expect.objectContaining({ id: 'accountVoice000000001', name: 'Studio Host' })]);
    expect((await client.post(ApiRoutes.validateVoice, { voiceId: 'accountVoice000000001' })).body).toEqual({
      valid: true,
      voiceInfo: { name: 'Studio Host' },
    });
    const unknown = await client.post(ApiRoutes.validateVoice, { voiceId: 'noSuchVoice000001' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(Messages.voiceIdNotFound);

    const spoken = await client.post(ApiRoutes.generateAudio, { text: 'Hosted hello.', voiceId: 'accountVoice000000001' });
    expect(spoken.status).toBe(200);
    expect(spoken.body.provider).toBe('elevenlabs');
    expect((await client.get(ApiRoutes.credits)).body.credits).toBe(19);
  });

  it('answers the spec’s cloning messages by the provider’s status', async () => {
    const { client } = await member(studio, { tier: 'pro' });
    const cases: [string, number, string][] = [
      ['status:402', 402, Messages.clonePlanRequired],
      ['status:422', 422, Messages.cloneFailed],
      ['status:429', 429, Messages.voiceTooManyRequests],
      ['status:401', 502, Messages.cloneAuthFailed],
    ];
    for (const [name, status, message] of cases) {
      const form = sample();
      form.set('voiceName', name);
      const res = await client.post(ApiRoutes.cloneVoice, form);
      expect([res.status, res.body.error?.message]).toEqual([status, message]);
    }
    const form = sample();
    form.set('voiceName', 'My hosted voice');
    const cloned = await client.post(ApiRoutes.cloneVoice, form);
    expect(cloned.status).toBe(200);
    expect(cloned.body).toMatchObject({ approximation: false, requiresVerification: false });
    expect(cloned.body.voiceId).toMatch(/^addedVoice/);
    expect((await client.get(ApiRoutes.voiceProfiles)).body.profiles[0]).toMatchObject({ voice_id: cloned.body.voiceId, type: 'cloned' });
  }, 60_000);

  it('a user’s clone is theirs alone: another user can neither list, read, save, speak with nor film it', async () => {
    const a = await member(studio, { tier: 'pro', credits: 20 });
    const b = await member(studio, { tier: 'pro', credits: 20 });
    const form = sample();
    form.set('voiceName', 'Alice’s voice');
    const cloned = await a.client.post(ApiRoutes.cloneVoice, form);
    expect(cloned.status).toBe(200);
    const voiceId: string = cloned.body.voiceId;
    // A clone made in the account outside any profile (one whose profile was deleted) is nobody's to use.
    double.voices.set('strayClone0000000001', {
      voice_id: 'strayClone0000000001',
      name: 'Stray clone',
      category: 'cloned',
      description: '',
      preview_url: '',
      labels: {},
    });

    const listed = async (client: TestClient) =>
      Object.values((await client.get(ApiRoutes.voiceLibrary)).body.voices as Record<string, { id: string }[]>)
        .flat()
        .map((v) => v.id);
    expect(await listed(a.client)).toContain(voiceId);
    expect(await listed(b.client)).not.toContain(voiceId);
    expect(await listed(a.client)).not.toContain('strayClone0000000001');
    expect(await listed(b.client)).toContain('accountVoice000000001');

    const notFound = (res: { status: number; body: { error?: { message?: string } } }) => [res.status, res.body.error?.message];
    const gone = [404, Messages.voiceIdNotFound];
    for (const id of [voiceId, 'strayClone0000000001']) {
      expect(notFound(await b.client.get(`${ApiRoutes.voices}/${id}`))).toEqual(gone);
      expect(notFound(await b.client.get(`${ApiRoutes.voices}/${id}/preview`))).toEqual(gone);
      expect(notFound(await b.client.post(ApiRoutes.validateVoice, { voiceId: id }))).toEqual(gone);
      expect(notFound(await b.client.post(ApiRoutes.savedVoices, { name: 'Mine', voice_id: id }))).toEqual(gone);
      expect(notFound(await b.client.post(ApiRoutes.voiceProfiles, { name: 'Mine', voice_id: id }))).toEqual(gone);
      expect(notFound(await b.client.post(ApiRoutes.generateAudio, { text: 'Not my voice.', voiceId: id }))).toEqual(gone);
      expect(notFound(await b.client.post(ApiRoutes.generateVideo, await spokenVideo(id)))).toEqual(gone);
    }
    expect(await balanceOf(b.client)).toBe(20);
    expect((await b.client.get(ApiRoutes.savedVoices)).body.voices).toEqual([]);
    expect(double.calls.some((c) => c.path.startsWith(`/v1/text-to-speech/${voiceId}`) && c.method === 'POST')).toBe(false);

    expect((await a.client.get(`${ApiRoutes.voices}/${voiceId}`)).body.voice).toMatchObject({ id: voiceId, name: 'Alice’s voice' });
    expect((await a.client.post(ApiRoutes.savedVoices, { name: 'Mine', voice_id: voiceId })).status).toBe(200);
    const spoken = await a.client.post(ApiRoutes.generateAudio, { text: 'My own voice.', voiceId });
    expect(spoken.status).toBe(200);
    const started = await a.client.post(ApiRoutes.generateVideo, await spokenVideo(voiceId));
    expect(started.status).toBe(200);
    let job: JobView;
    for (;;) {
      job = (await a.client.get(`${ApiRoutes.jobStatus}/${started.body.jobId}`)).body.job;
      if (isJobFinished(job.status)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job.status).toBe('COMPLETED');
    expect(double.calls.filter((c) => c.path === `/v1/text-to-speech/${voiceId}/with-timestamps`)).toHaveLength(2);
  }, 120_000);
});

/** A one-section veo3 video whose script is spoken in `voiceId` (no approved audio: the job speaks it). */
async function spokenVideo(voiceId: string) {
  const form = new FormData();
  form.set(
    'sections',
    JSON.stringify([{ id: 'talk', name: 'Talk', scriptEnabled: true, scriptBlocks: [{ text: 'Try it today.', audioStatus: 'none' }] }]),
  );
  form.set('videoModel', 'veo3');
  form.set('voiceId', voiceId);
  const image = await sharp({ create: { width: 90, height: 160, channels: 3, background: '#777' } })
    .png()
    .toBuffer();
  form.set('image_0', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'i.png');
  return form;
}

describe('music on ElevenLabs (by configuration)', () => {
  it('composes music from a prompt on ElevenLabs’ music model: charged, kept as the user’s music, refunded when the model refuses', async () => {
    const { client } = await member(studio, { credits: 10 });
    expect((await client.get(ApiRoutes.musicCompose)).body).toEqual({ available: true, credits: 2 });
    const made = await client.post(ApiRoutes.musicCompose, { prompt: 'warm lo-fi beat with soft keys', durationS: 12 });
    expect(made.status).toBe(200);
    expect(made.body.duration).toBeCloseTo(12, 0);
    const asked = double.calls.filter((c) => c.path === '/v1/music').at(-1)!;
    expect(asked.body).toMatchObject({ prompt: 'warm lo-fi beat with soft keys', music_length_ms: 12_000, force_instrumental: true });
    expect(await balanceOf(client)).toBe(8);
    // It is the user's music: a job takes it as the ad's bed.
    expect((await client.get(made.body.audioUrl)).status).toBe(200);
    const refused = await client.post(ApiRoutes.musicCompose, { prompt: 'status:422 anything' });
    expect(refused.status).toBe(400);
    expect(await balanceOf(client)).toBe(8);
    for (const body of [{ prompt: 'ab' }, { prompt: 'calm piano', durationS: 5 }, { prompt: 'calm piano', durationS: 121 }]) {
      const bad = await client.post(ApiRoutes.musicCompose, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect(await balanceOf(client)).toBe(8);
    // A request id sent again answers the first track: composed once, charged once; another request under it is refused.
    const composed = () => double.calls.filter((c) => c.path === '/v1/music').length;
    const request = { prompt: 'bright ukulele', durationS: 10, requestId: 'music-retry-1' };
    const first = await client.post(ApiRoutes.musicCompose, request);
    const calls = composed();
    const again = await client.post(ApiRoutes.musicCompose, request);
    expect(again.body.audioUrl).toBe(first.body.audioUrl);
    expect(composed()).toBe(calls);
    expect(await balanceOf(client)).toBe(6);
    const reused = await client.post(ApiRoutes.musicCompose, { ...request, prompt: 'dark synth' });
    expect(reused.status).toBe(409);
  });
});
