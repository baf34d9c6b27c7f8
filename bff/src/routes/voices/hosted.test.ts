import { ApiRoutes, Messages } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tone } from '../../../../packages/media/test/audio-fixtures.ts';
import { DOUBLE_KEY, startElevenLabsDouble, type ElevenLabsDouble } from '../../../../packages/media/test/elevenlabs-double.ts';
import { startTestStudio, type TestStudio, member } from '../../../test/harness.ts';

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
});
