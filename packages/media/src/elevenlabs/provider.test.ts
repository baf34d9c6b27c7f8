import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_SETTINGS } from '@studio/contracts';
import { DOUBLE_KEY, startElevenLabsDouble, type ElevenLabsDouble } from '../../test/elevenlabs-double.ts';
import { MediaError } from '../errors.ts';
import { createElevenLabsSpeech, wordsFromCharacters } from './provider.ts';
import { HOSTED_PRESET_VOICES } from './presets.ts';

let double: ElevenLabsDouble;
beforeAll(async () => {
  double = await startElevenLabsDouble();
});
afterAll(() => double.close());

const provider = (apiKey = DOUBLE_KEY) => createElevenLabsSpeech({ apiKey, baseUrl: double.url, timeoutMs: 10_000 });
const failure = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
};

describe('ElevenLabs through its SDK, against a double of its REST API', () => {
  it('speaks a preset with its premade voice and the settings in ElevenLabs’ words', async () => {
    const result = await provider().textToSpeech({
      text: 'Hello from the studio.',
      voice: { id: 'studioUgcTwo' },
      settings: { ...DEFAULT_VOICE_SETTINGS, speed: 1.2 },
    });
    expect(result).toMatchObject({ provider: 'elevenlabs', mime: 'audio/mpeg' });
    expect(result.durationS).toBeGreaterThan(1);
    const call = double.calls.findLast((c) => c.path.startsWith('/v1/text-to-speech/'));
    expect(call?.path).toBe(`/v1/text-to-speech/${HOSTED_PRESET_VOICES.studioUgcTwo}/with-timestamps`);
    expect(call?.body).toMatchObject({
      text: 'Hello from the studio.',
      model_id: 'eleven_multilingual_v2',
      voice_settings: { stability: 0.3, similarity_boost: 0.8, style: 0, use_speaker_boost: false, speed: 1.2 },
    });
  });

  it('times each word of the script from ElevenLabs’ character alignment: punctuation on its word, in order, inside the audio', async () => {
    const text = 'Hello from the studio, it costs $25.';
    const result = await provider().textToSpeech({ text, voice: { id: 'studioAdam01' }, settings: DEFAULT_VOICE_SETTINGS });
    const words = result.words!;
    expect(words.map((w) => w.text)).toEqual(['Hello', 'from', 'the', 'studio,', 'it', 'costs', '$25.']);
    // The double spreads the characters evenly after 0.1 s: "Hello" is its first five.
    const step = (Math.min(10, 0.5 + text.length / 15) - 0.2) / text.length;
    expect(words[0]!.start).toBeCloseTo(0.1, 2);
    expect(words[0]!.end).toBeCloseTo(0.1 + 5 * step, 2);
    expect(words[3]!.start).toBeCloseTo(0.1 + text.indexOf('studio') * step, 2);
    words.forEach((w, i) => {
      expect(w.end).toBeGreaterThan(w.start);
      expect(w.end).toBeLessThanOrEqual(result.durationS);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
    });
  });

  it('keeps every word when the alignment lacks one: it shares the time between its neighbours', () => {
    const chars = (s: string, from: number) => ({
      characters: [...s],
      characterStartTimesSeconds: [...s].map((_, i) => from + i * 0.1),
      characterEndTimesSeconds: [...s].map((_, i) => from + (i + 1) * 0.1),
    });
    // The provider read "two" where the script says "2".
    expect(wordsFromCharacters('Buy 2 now', chars('Buy two now', 0), 2)).toEqual([
      { text: 'Buy', start: 0, end: 0.3 },
      { text: '2', start: 0.3, end: 0.8 },
      { text: 'now', start: 0.8, end: 1.1 },
    ]);
    expect(wordsFromCharacters('Buy now', undefined, 2).map((w) => [w.start, w.end])).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it('keeps the provider’s status on failures: an unknown voice is 404 bad input, a wrong key 401', async () => {
    const unknown = await failure(
      provider().textToSpeech({ text: 'x', voice: { id: 'noSuchVoice000001' }, settings: DEFAULT_VOICE_SETTINGS }),
    );
    expect(unknown).toMatchObject({ kind: 'bad_input', providerStatus: 404 });
    const badKey = await failure(provider('wrong').listVoices());
    expect(badKey).toMatchObject({ kind: 'upstream', providerStatus: 401 });
  });

  it('lists the account’s voices (not the presets’ again) and finds one voice, or none', async () => {
    const voices = await provider().listVoices();
    expect(voices.map((v) => v.name)).toEqual(['Studio Host']);
    expect(voices[0]).toMatchObject({ category: 'professional', labels: { accent: 'british', gender: 'male' } });
    expect(await provider().getVoice('accountVoice000000001')).toMatchObject({ name: 'Studio Host' });
    expect(await provider().getVoice('noSuchVoice000001')).toBeNull();
  });

  it('adds a cloned voice, and answers its refusals with their status (402, 422, 429)', async () => {
    const cloned = await provider().cloneVoice({ name: 'My voice', sample: Buffer.from('RIFF....WAVEfmt ') });
    expect(cloned).toMatchObject({ provider: 'elevenlabs', approximation: false, requiresVerification: false, voice: null });
    expect(cloned.providerVoiceId).toMatch(/^addedVoice/);
    for (const status of [402, 422, 429]) {
      const error = await failure(provider().cloneVoice({ name: `status:${status}`, sample: Buffer.from('x') }));
      expect(error.providerStatus).toBe(status);
    }
  }, 30_000);

  it('marks the account’s own clones and designed voices personal, its premade and shared-library voices not', async () => {
    const voice = (id: string, category: string | undefined, isOwner?: boolean) =>
      double.voices.set(id, {
        voice_id: id,
        name: id,
        category: category as string,
        description: '',
        preview_url: '',
        labels: {},
        ...(isOwner === undefined ? {} : { is_owner: isOwner }),
      });
    voice('ownClone000000000001', 'cloned', true);
    voice('designedVoice0000001', 'generated', true);
    voice('libraryCopy000000001', 'professional', false);
    voice('sharedClone000000001', 'cloned', false);
    voice('premadeVoice00000001', 'premade');
    voice('noCategory0000000001', undefined);
    try {
      const personal = Object.fromEntries((await provider().listVoices()).map((v) => [v.id, v.personal]));
      expect(personal).toMatchObject({
        accountVoice000000001: false,
        ownClone000000000001: true,
        designedVoice0000001: true,
        libraryCopy000000001: false,
        sharedClone000000001: false,
        premadeVoice00000001: false,
        noCategory0000000001: true,
      });
      expect(await provider().getVoice('ownClone000000000001')).toMatchObject({ personal: true });
      expect(await provider().getVoice('studioAdam01')).toMatchObject({ id: 'studioAdam01', personal: false });
    } finally {
      for (const id of [
        'ownClone000000000001',
        'designedVoice0000001',
        'libraryCopy000000001',
        'sharedClone000000001',
        'premadeVoice00000001',
        'noCategory0000000001',
      ])
        double.voices.delete(id);
    }
  });
});
