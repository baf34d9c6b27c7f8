import { ApiRoutes, DEFAULT_VOICE_SETTINGS, Messages, VOICE_PRESETS, voiceAlreadySaved } from '@studio/contracts';
import { MediaError } from '@studio/media';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { silence, tone } from '../../../../packages/media/test/audio-fixtures.ts';
import { ownAudioAt } from '../../services/assets/own-media.ts';
import { startTestStudio, type TestClient, type TestStudio, member, balanceOf } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());
afterEach(() => vi.restoreAllMocks());

const audioAssets = async (client: TestClient, userId: string) =>
  (await client.get(`${ApiRoutes.userAssets}/${userId}?assetType=audio`)).body.assets as { id: string; metadata: { duration: number } }[];
const upload = (field: string, data: Buffer, type: string, name: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set(field, new Blob([new Uint8Array(data)], { type }), name);
  return form;
};

/** The word times a video job reads with an audio asset's URL (the owner's own audio only). */
const wordsKept = async (userId: string, url: string) =>
  (await ownAudioAt({ db: studio.deps.db, objects: studio.deps.objects, appUrl: studio.deps.config.appUrl }, userId, url))?.words ?? null;

describe('POST /api/generate-audio', () => {
  it('speaks a line in a preset for 1 credit, keeps it as an owner-only audio asset with its duration', async () => {
    const { user, client } = await member(studio);
    const other = await member(studio);
    const res = await client.post(ApiRoutes.generateAudio, {
      text: 'Hello from the studio, this is a quick test.',
      voiceId: 'studioAdam01',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, provider: 'local' });
    expect(res.body.duration).toBeGreaterThan(1);
    expect(await balanceOf(client)).toBe(19);
    const [asset] = await audioAssets(client, user.id);
    expect(asset).toMatchObject({ id: res.body.assetId, metadata: { duration: res.body.duration } });
    const file = await client.get(res.body.audioUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/mpeg');
    expect((await other.client.get(res.body.audioUrl)).status).toBe(404);
  });

  it('answers the spec’s messages: no text, a malformed or unknown voice, no session, someone else’s id', async () => {
    const { client } = await member(studio);
    const empty = await client.post(ApiRoutes.generateAudio, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(Messages.voiceTextRequired);
    expect((await client.post(ApiRoutes.generateAudio, { text: 'hi', voiceId: 'short' })).body.error.message).toBe(
      Messages.voiceIdTooShort,
    );
    const unknown = await client.post(ApiRoutes.generateAudio, { text: 'hi', voiceId: 'NoSuchVoice12345' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(Messages.voiceIdNotFound);
    expect((await studio.client().post(ApiRoutes.generateAudio, { text: 'hi' })).status).toBe(401);
    expect((await client.post(ApiRoutes.generateAudio, { text: 'hi', userId: '00000000-0000-0000-0000-000000000000' })).status).toBe(403);
    expect(await balanceOf(client)).toBe(20);
  });

  it('refuses with 402 when credits are short, and refunds exactly once when synthesis fails', async () => {
    const poor = await member(studio, { credits: 0 });
    const short = await poor.client.post(ApiRoutes.generateAudio, { text: 'hello there' });
    expect(short.status).toBe(402);
    expect(short.body.error.message).toBe(Messages.insufficientCredits);

    const { user, client } = await member(studio);
    vi.spyOn(studio.deps.media.speech, 'textToSpeech').mockRejectedValue(new MediaError('upstream', 'engine down'));
    const failed = await client.post(ApiRoutes.generateAudio, { text: 'hello there' });
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toBe(Messages.failedToGenerateAudio);
    expect(await balanceOf(client)).toBe(20);
    const refunds = await studio.deps.db('credit_transactions').where({ user_id: user.id, transaction_type: 'TASK_REFUND' });
    expect(refunds).toHaveLength(1);
    expect(await audioAssets(client, user.id)).toHaveLength(0);
  });

  it('answers a replayed requestId with its first audio, charged once; another script is a 409 that speaks nothing', async () => {
    const { user, client } = await member(studio);
    const line = { text: 'Welcome to the studio.', voiceId: 'studioAdam01', requestId: 'line-1' };
    const first = await client.post(ApiRoutes.generateAudio, line);
    expect(first.status).toBe(200);
    const spy = vi.spyOn(studio.deps.media.speech, 'textToSpeech');
    const again = await client.post(ApiRoutes.generateAudio, line);
    expect(again.body).toEqual(first.body);
    const changed = await client.post(ApiRoutes.generateAudio, { ...line, text: 'A much longer script to read out loud.' });
    expect(changed.status).toBe(409);
    expect(changed.body.error.message).toBe(Messages.requestIdReused);
    expect(spy).not.toHaveBeenCalled();
    expect(await balanceOf(client)).toBe(19);
    expect(await audioAssets(client, user.id)).toHaveLength(1);
  });
});

describe('POST /api/upload-audio', () => {
  it('keeps an uploaded WAV or MP3 with its measured duration', async () => {
    const { user, client } = await member(studio);
    const res = await client.post(ApiRoutes.uploadAudio, upload('audio', tone(2), 'audio/wav', 'line.wav', { purpose: 'lipsync' }));
    expect(res.status).toBe(200);
    expect(res.body.duration).toBeCloseTo(2, 1);
    const mp3 = await client.post(ApiRoutes.uploadAudio, upload('audio', tone(1.5, 'mp3'), 'audio/mpeg', 'line.mp3'));
    expect(mp3.status).toBe(200);
    expect(await audioAssets(client, user.id)).toHaveLength(2);
  });

  it('refuses what is not audio by its content, whatever its name says', async () => {
    const { client } = await member(studio);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const res = await client.post(ApiRoutes.uploadAudio, upload('audio', png, 'audio/mpeg', 'fake.mp3'));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(Messages.audioTypeInvalid);
    const missing = await client.post(ApiRoutes.uploadAudio, upload('other', tone(1), 'audio/wav', 'x.wav'));
    expect(missing.status).toBe(400);
  });
});

/** Every word of a script, in order, each inside the audio and after the one before. */
const expectWordsOf = (words: { text: string; start: number; end: number }[], script: string[], durationS: number) => {
  expect(words.map((w) => w.text)).toEqual(script);
  words.forEach((w, i) => {
    expect(w.end).toBeGreaterThanOrEqual(w.start);
    expect(w.end).toBeLessThanOrEqual(durationS + 0.05);
    if (i > 0) expect(w.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
  });
};

describe('words with their times', () => {
  const LINE = 'Hi, I tried this serum for 2 weeks — it costs $25.';
  const SCRIPT = ['Hi,', 'I', 'tried', 'this', 'serum', 'for', '2', 'weeks —', 'it', 'costs', '$25.'];

  it('generate-audio answers each spoken word with its times, keeps them with the asset, and a retry answers the same words', async () => {
    const { user, client } = await member(studio);
    const line = { text: LINE, voiceId: 'studioAdam01', requestId: 'words-1' };
    const res = await client.post(ApiRoutes.generateAudio, line);
    expect(res.status).toBe(200);
    expectWordsOf(res.body.words, SCRIPT, res.body.duration);
    expect(res.body.words.at(-1).end).toBeGreaterThan(res.body.duration - 1);
    const again = await client.post(ApiRoutes.generateAudio, line);
    expect(again.body.words).toEqual(res.body.words);
    // A video job later reads them by the audio's URL; only its owner's audio has them.
    expect(await wordsKept(user.id, res.body.audioUrl)).toEqual(res.body.words);
    expect(await wordsKept(user.id, `${studio.deps.config.appUrl}${res.body.audioUrl}`)).toEqual(res.body.words);
    const other = await member(studio);
    expect(await wordsKept(other.user.id, res.body.audioUrl)).toBeNull();
    expect(await wordsKept(user.id, '/media/assets/not-an-asset.mp3')).toBeNull();
  });

  it('upload-audio with a script answers its words found in the recording, and keeps them; without one, none', async () => {
    const { user, client } = await member(studio);
    const { audio: recording } = await studio.deps.media.speech.textToSpeech({
      text: LINE,
      voice: { id: 'studioGrace01' },
      settings: DEFAULT_VOICE_SETTINGS,
    });
    const res = await client.post(ApiRoutes.uploadAudio, upload('audio', recording, 'audio/mpeg', 'line.mp3', { text: LINE }));
    expect(res.status).toBe(200);
    expectWordsOf(res.body.words, SCRIPT, res.body.duration);
    expect(await wordsKept(user.id, res.body.audioUrl)).toEqual(res.body.words);

    for (const fields of [{}, { text: '  ' }, { purpose: 'lipsync' }] as Record<string, string>[]) {
      const plain = await client.post(ApiRoutes.uploadAudio, upload('audio', tone(1), 'audio/wav', 'line.wav', fields));
      expect(plain.status).toBe(200);
      expect(plain.body.words).toBeUndefined();
      expect(await wordsKept(user.id, plain.body.audioUrl)).toBeNull();
    }
  });

  it('refuses a script longer than a script block, or with no word in it, with the spec’s messages, keeping nothing', async () => {
    const { user, client } = await member(studio);
    const long = await client.post(ApiRoutes.uploadAudio, upload('audio', tone(1), 'audio/wav', 'x.wav', { text: 'a'.repeat(5001) }));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe(Messages.scriptTooLong);
    const wordless = await client.post(ApiRoutes.uploadAudio, upload('audio', tone(1), 'audio/wav', 'x.wav', { text: ' … !? ' }));
    expect(wordless.status).toBe(400);
    expect(wordless.body.error.message).toBe(Messages.simpleAudioTextRequired);
    expect(await audioAssets(client, user.id)).toHaveLength(0);
  });
});

describe('the voice library and voice info', () => {
  it('lists the 8 presets grouped by category, with accent and gender, and previews them', async () => {
    const { client } = await member(studio);
    const res = await client.get(ApiRoutes.voiceLibrary);
    expect(res.body.total).toBe(8);
    // With no hosted key the offline engine speaks, and the voices screen is told so.
    expect(res.body.engine).toBe('local');
    expect(res.body.voices.Presets.map((v: { name: string }) => v.name)).toEqual(VOICE_PRESETS.map((p) => p.name));
    expect(res.body.voices.Presets[4]).toMatchObject({ name: 'Adam', labels: { gender: 'male', accent: 'american' } });
    const info = await client.get(`${ApiRoutes.voices}/studioGrace01`);
    expect(info.body.voice).toMatchObject({ name: 'Grace', category: 'Presets' });
    expect((await client.get(`${ApiRoutes.voices}/NoSuchVoice12345`)).status).toBe(404);

    const preview = await client.get(info.body.voice.previewUrl);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('audio/mpeg');
    const spy = vi.spyOn(studio.deps.media.speech, 'textToSpeech');
    expect((await client.get(info.body.voice.previewUrl)).status).toBe(200);
    expect(spy).not.toHaveBeenCalled();
  });

  it('validates a Voice ID by its two rules, then by whether it exists', async () => {
    const { client } = await member(studio);
    expect((await client.post(ApiRoutes.validateVoice, { voiceId: 'abc' })).body.error.message).toBe(Messages.voiceIdTooShort);
    expect((await client.post(ApiRoutes.validateVoice, { voiceId: 'abc-def_ghi!' })).body.error.message).toBe(Messages.voiceIdCharacters);
    const unknown = await client.post(ApiRoutes.validateVoice, { voiceId: 'NoSuchVoice12345' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(Messages.voiceIdNotFound);
    expect((await client.post(ApiRoutes.validateVoice, { voiceId: 'studioUgcTwo' })).body).toEqual({
      valid: true,
      voiceInfo: { name: 'UGC2' },
    });
  });
});

describe('POST /api/voice/clone', () => {
  /** A few seconds of speech as an MP3 (under 100 KB). */
  const sample = async () =>
    (
      await studio.deps.media.speech.textToSpeech({
        text: 'This is my own voice, recorded for the studio to learn.',
        voice: { id: 'studioArnold01' },
        settings: DEFAULT_VOICE_SETTINGS,
      })
    ).audio;

  it('asks for a plan with cloning first (402), then checks the sample’s type and size', async () => {
    const { user, client } = await member(studio);
    const trial = await client.post(ApiRoutes.cloneVoice, upload('audioFile', await sample(), 'audio/mpeg', 'me.mp3', { voiceName: 'Me' }));
    expect(trial.status).toBe(402);
    expect(trial.body.error.message).toBe(Messages.clonePlanRequired);

    await studio.deps.db('profiles').where({ id: user.id }).update({ subscription_tier: 'pro' });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const wrong = await client.post(ApiRoutes.cloneVoice, upload('audioFile', png, 'audio/mpeg', 'me.mp3', { voiceName: 'Me' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(Messages.cloneTypeInvalid);
    const big = Buffer.concat([tone(1), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await client.post(ApiRoutes.cloneVoice, upload('audioFile', big, 'audio/wav', 'me.wav', { voiceName: 'Me' }));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe(Messages.cloneTooLarge);
    const noName = await client.post(ApiRoutes.cloneVoice, upload('audioFile', await sample(), 'audio/mpeg', 'me.mp3', { voiceName: ' ' }));
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toBe(Messages.voiceNameRequired);
    const noSpeech = await client.post(
      ApiRoutes.cloneVoice,
      upload('audioFile', silence(3), 'audio/wav', 'quiet.wav', { voiceName: 'Quiet' }),
    );
    expect(noSpeech.status).toBe(422);
    expect(noSpeech.body.error.message).toBe(Messages.cloneFailed);
    expect((await client.get(ApiRoutes.voiceProfiles)).body.profiles).toHaveLength(0);
  });

  it('makes a voice profile the user can speak with (an approximation, said so); nobody else can use it', async () => {
    const { user, client } = await member(studio);
    const other = await member(studio);
    await studio.deps.db('profiles').where({ id: user.id }).update({ subscription_tier: 'basic' });
    const res = await client.post(
      ApiRoutes.cloneVoice,
      upload('audioFile', await sample(), 'audio/mpeg', 'me.mp3', { voiceName: 'My voice' }),
    );
    expect(res.status).toBe(200);
    // Under 100 KB: taken, with the spec's advice (spec 2 §5).
    expect(res.body).toMatchObject({ success: true, requiresVerification: false, approximation: true, warning: Messages.cloneSampleSmall });
    expect(res.body.voiceId).toMatch(/^[A-Za-z0-9]{10,}$/);
    const profiles = (await client.get(ApiRoutes.voiceProfiles)).body.profiles;
    expect(profiles).toEqual([
      expect.objectContaining({ name: 'My voice', type: 'cloned', voice_id: res.body.voiceId, approximation: true }),
    ]);

    const spoken = await client.post(ApiRoutes.generateAudio, { text: 'Now in my own voice.', voiceId: res.body.voiceId });
    expect(spoken.status).toBe(200);
    expect((await other.client.post(ApiRoutes.generateAudio, { text: 'Stolen?', voiceId: res.body.voiceId })).status).toBe(404);
    expect((await other.client.get(`${ApiRoutes.voices}/${res.body.voiceId}/preview`)).status).toBe(404);
  });
});

describe('saved voices and voice profiles', () => {
  it('saves a voice once per id, lists, checks, updates and deletes it; only its owner may', async () => {
    const { client } = await member(studio);
    const other = await member(studio);
    const saved = await client.post(ApiRoutes.savedVoices, {
      name: 'Narrator',
      voice_id: 'studioAdam01',
      voice_settings: { stability: 0.4, similarity: 0.8, speed: 1.1 },
    });
    expect(saved.status).toBe(200);
    const again = await client.post(ApiRoutes.savedVoices, { name: 'Again', voice_id: 'studioAdam01' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(voiceAlreadySaved('studioAdam01'));
    expect((await client.get(`${ApiRoutes.savedVoices}/exists?voiceId=studioAdam01`)).body).toEqual({ exists: true });
    expect((await other.client.get(`${ApiRoutes.savedVoices}/exists?voiceId=studioAdam01`)).body).toEqual({ exists: false });

    const id = saved.body.voice.id as string;
    expect((await other.client.patch(`${ApiRoutes.savedVoices}/${id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await other.client.delete(`${ApiRoutes.savedVoices}/${id}`)).status).toBe(404);
    const renamed = await client.patch(`${ApiRoutes.savedVoices}/${id}`, {
      name: 'Host',
      voice_settings: { stability: 0.5, similarity: 0.7, speed: 1 },
    });
    expect(renamed.body.voice).toMatchObject({ name: 'Host', voice_settings: { stability: 0.5, similarity: 0.7, speed: 1 } });
    expect((await client.get(ApiRoutes.savedVoices)).body.voices).toHaveLength(1);
    expect((await client.delete(`${ApiRoutes.savedVoices}/${id}`)).status).toBe(200);
    expect((await client.get(ApiRoutes.savedVoices)).body.voices).toHaveLength(0);
    expect((await client.post(ApiRoutes.savedVoices, { name: 'x', voice_id: 'bad voice id!' })).body.error.message).toBe(
      Messages.voiceIdCharacters,
    );
  });

  it('names a usable voice as a custom profile, renames, deactivates and deletes it', async () => {
    const { client } = await member(studio);
    const other = await member(studio);
    expect((await client.post(ApiRoutes.voiceProfiles, { name: 'Ghost', voice_id: 'NoSuchVoice12345' })).status).toBe(404);
    const created = await client.post(ApiRoutes.voiceProfiles, { name: 'Brand voice', voice_id: 'studioSarah01' });
    expect(created.body.profile).toMatchObject({ name: 'Brand voice', type: 'custom', is_active: true, approximation: false });
    const id = created.body.profile.id as string;
    expect((await other.client.get(ApiRoutes.voiceProfiles)).body.profiles).toHaveLength(0);
    expect((await other.client.delete(`${ApiRoutes.voiceProfiles}/${id}`)).status).toBe(404);
    expect((await client.patch(`${ApiRoutes.voiceProfiles}/${id}`, { name: 'Brand' })).body.profile.name).toBe('Brand');
    await client.patch(`${ApiRoutes.voiceProfiles}/${id}`, { is_active: false });
    expect((await client.get(ApiRoutes.voiceProfiles)).body.profiles).toHaveLength(0);
    expect((await client.delete(`${ApiRoutes.voiceProfiles}/${id}`)).status).toBe(200);
    expect((await client.delete(`${ApiRoutes.voiceProfiles}/${id}`)).status).toBe(404);
  });
});

describe('a character’s voice', () => {
  it('is set to a voice the user can use, with its settings, and shows in the character list; nobody else may set it', async () => {
    const { user, client } = await member(studio);
    const other = await member(studio);
    const [character] = await studio.deps.db('characters').insert({ user_id: user.id, name: 'Mia' }).returning('id');
    const path = `${ApiRoutes.characters}/${character.id}/voice`;
    const voice = { voice_id: 'studioGrace01', voice_settings: { stability: 0.4, similarity_boost: 0.9, speed: 1.1 } };
    expect((await other.client.patch(path, voice)).status).toBe(404);
    expect((await client.patch(path, { ...voice, voice_id: 'NoSuchVoice12345' })).status).toBe(404);
    const set = await client.patch(path, voice);
    expect(set.status).toBe(200);
    const listed = (await client.get(`${ApiRoutes.characters}/${user.id}`)).body.characters;
    expect(listed).toEqual([expect.objectContaining({ id: character.id, voiceId: 'studioGrace01' })]);
    const row = await studio.deps.db('characters').where({ id: character.id }).first();
    expect(row.voice_settings).toEqual(voice.voice_settings);
  });
});
