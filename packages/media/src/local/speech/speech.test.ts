import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_SETTINGS, VOICE_PRESETS } from '@studio/contracts';
import { MediaError } from '../../errors.ts';
import { analyzeVoice } from './analysis.ts';
import { silence } from '../../../test/audio-fixtures.ts';
import { decodeToPcm, integratedLoudness } from '../ffmpeg.ts';
import { localCloneVoice, localTextToSpeech } from './espeak.ts';
import { LOCAL_PRESET_VOICES } from './presets.ts';
import { cuesFromPhonemes, shapesOf } from './visemes.ts';
import { scriptWords } from './words.ts';
import type { SpeechSettings } from '../../capabilities.ts';

const LINE = 'Hi, I tried this serum for two weeks and my skin has never looked better.';
const say = (id: string, settings: Partial<SpeechSettings> = {}, format?: 'mp3' | 'aac') =>
  localTextToSpeech({ text: LINE, voice: { id }, settings: { ...DEFAULT_VOICE_SETTINGS, ...settings }, format });
const pitchOf = async (audio: Buffer) => analyzeVoice(await decodeToPcm(audio)).pitchHz;

describe('local speech (flite and espeak-ng)', () => {
  it('speaks every preset of spec 2 §9 as a real, loudness-normalised MP3 with its duration', async () => {
    expect(Object.keys(LOCAL_PRESET_VOICES).sort()).toEqual(VOICE_PRESETS.map((p) => p.id).sort());
    const result = await say('studioUgcTwo');
    expect(result).toMatchObject({ mime: 'audio/mpeg', provider: 'local' });
    expect(result.model).toBe('local/flite/slt');
    expect(result.audio.subarray(0, 3).toString('latin1')).toMatch(/^(ID3|\xff\xfb|\xff\xf3)/);
    expect(result.durationS).toBeGreaterThan(2);
    expect(result.durationS).toBeLessThan(10);
    const pcm = await decodeToPcm(result.audio);
    expect(Math.abs(pcm.length / 16_000 - result.durationS)).toBeLessThan(0.3);
    // Podcast level, or 2 LU louder with speaker boost, each within 1 LU.
    const boosted = await say('studioUgcTwo', { useSpeakerBoost: true });
    const [normal, loud] = await Promise.all([result, boosted].map((r) => integratedLoudness(['-i', 'pipe:0'], r.audio)));
    expect(Math.abs(normal! + 16)).toBeLessThanOrEqual(1);
    expect(Math.abs(loud! + 14)).toBeLessThanOrEqual(1);
  }, 30_000);

  it('gives the presets distinct voices: a deep male voice sits well below the default female one', async () => {
    const [ugc2, arnold, adam] = await Promise.all([say('studioUgcTwo'), say('studioArnold01'), say('studioAdam01')]);
    const [female, deep, male] = await Promise.all([pitchOf(ugc2.audio), pitchOf(arnold.audio), pitchOf(adam.audio)]);
    expect(female).toBeGreaterThan(deep + 40);
    expect(male).toBeGreaterThan(deep);
  }, 30_000);

  it('speaks the American presets with flite and the British ones with espeak-ng; the four UGC voices step down in pitch', async () => {
    const models = await Promise.all(
      ['studioUgcExcited', 'studioAdam01', 'studioSarah01', 'studioArnold01'].map(async (id) => (await say(id)).model),
    );
    expect(models).toEqual(['local/flite/slt', 'local/flite/rms', 'local/espeak-ng/en-gb+f2', 'local/espeak-ng/en-us+m1']);
    const ugc = await Promise.all(
      ['studioUgcExcited', 'studioUgcThree', 'studioUgcTwo', 'studioUgcOne'].map(async (id) => pitchOf((await say(id)).audio)),
    );
    ugc.slice(1).forEach((hz, i) => expect(ugc[i]! - hz).toBeGreaterThan(8));
  }, 60_000);

  it('maps speed to the speaking rate and encodes AAC on request', async () => {
    const [normal, fast] = await Promise.all([say('studioAdam01'), say('studioAdam01', { speed: 2 })]);
    expect(fast.durationS).toBeLessThan(normal.durationS * 0.7);
    const aac = await say('studioGrace01', {}, 'aac');
    expect(aac.mime).toBe('audio/aac');
    expect((await decodeToPcm(aac.audio)).length).toBeGreaterThan(16_000);
  }, 30_000);

  it.each([
    ['flite', 'studioAdam01'],
    ['espeak-ng', 'studioGrace01'],
  ])('tells when each mouth shape is made (%s): lips shut on m, b and p, open on the open vowels, at rest in pauses', async (_, id) => {
    const result = await localTextToSpeech({ text: 'Mama, buy a pop.', voice: { id }, settings: DEFAULT_VOICE_SETTINGS });
    const cues = result.mouthCues!;
    const shapes = cues.map((c) => c.shape);
    expect(cues[0]!.start).toBe(0);
    expect(cues.at(-1)!.end).toBeCloseTo(result.durationS, 1);
    cues.slice(1).forEach((c, i) => expect(c.start).toBeCloseTo(cues[i]!.end, 3));
    expect(shapes.filter((s) => s === 'A').length).toBeGreaterThanOrEqual(4);
    expect(shapes).toContain('D');
    expect(shapes.at(-1)).toBe('X');
  });

  it.each([
    ['flite', 'studioUgcTwo'],
    ['espeak-ng', 'studioSarah01'],
  ])('tells when each word of the script is said (%s): every word, in order, inside the audio', async (_, id) => {
    const text = 'Hi, I tried this serum for 2 weeks — it costs $25, and Dr. Smith’s café sells it.';
    const result = await localTextToSpeech({ text, voice: { id }, settings: DEFAULT_VOICE_SETTINGS });
    const words = result.words!;
    expect(words.map((w) => w.text)).toEqual(scriptWords(text).map((w) => w.text));
    expect(words.map((w) => w.text).slice(6, 11)).toEqual(['2', 'weeks —', 'it', 'costs', '$25,']);
    words.forEach((w, i) => {
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      expect(w.end).toBeLessThanOrEqual(result.durationS + 0.01);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
    });
    // Spoken words take time: the number read out ("twenty five dollars") is one of the longest.
    const length = (w: { start: number; end: number }) => w.end - w.start;
    expect(words.filter((w) => length(w) > 0.05).length).toBe(words.length);
    expect(length(words[10]!)).toBeGreaterThan(length(words[8]!));
    expect(words[0]!.start).toBeLessThan(0.3);
    expect(words.at(-1)!.end).toBeGreaterThan(result.durationS - 0.6);
  });

  it('refuses an unknown voice and empty text as bad input', async () => {
    await expect(say('notAVoice123')).rejects.toMatchObject({ kind: 'bad_input' });
    await expect(localTextToSpeech({ text: '  ', voice: { id: 'studioUgcTwo' }, settings: DEFAULT_VOICE_SETTINGS })).rejects.toBeInstanceOf(
      MediaError,
    );
  });
});

describe('local voice cloning', () => {
  it('builds the closest voice to a sample: a low male sample gives a male voice near its pitch, a high one a female voice', async () => {
    const deep = await say('studioArnold01');
    const clone = await localCloneVoice({ name: 'Deep', sample: deep.audio });
    expect(clone.approximation).toBe(true);
    expect(clone.voice.variant).toMatch(/^m/);
    const again = await localTextToSpeech({ text: LINE, voice: { id: 'clone', local: clone.voice }, settings: DEFAULT_VOICE_SETTINGS });
    expect(Math.abs((await pitchOf(again.audio)) - clone.analysis.pitchHz)).toBeLessThan(35);

    const bright = await localCloneVoice({ name: 'Bright', sample: (await say('studioUgcExcited')).audio });
    expect(bright.voice.variant).toMatch(/^f/);
  }, 60_000);

  it('refuses a file that is no audio, and a sample of silence', async () => {
    await expect(localCloneVoice({ name: 'x', sample: Buffer.from('not audio at all') })).rejects.toMatchObject({ kind: 'bad_input' });
    await expect(localCloneVoice({ name: 'x', sample: silence(3) })).rejects.toMatchObject({ kind: 'bad_input' });
  });
});

describe('mouth shapes from phonemes', () => {
  it('maps IPA to the Preston Blair shapes, diphthongs to two in turn, pauses to rest', () => {
    expect(['m', 'ˈɑː', 'f', 'uː', 'l', 'ɪ', '', 'aɪ'].map(shapesOf)).toEqual([
      ['A'],
      ['D'],
      ['G'],
      ['F'],
      ['H'],
      ['B'],
      ['X'],
      ['D', 'B'],
    ]);
    expect(
      cuesFromPhonemes(
        [
          { ipa: 'h', start: 0.1 },
          { ipa: 'ˈaɪ', start: 0.2 },
          { ipa: '', start: 0.4 },
        ],
        0.6,
      ),
    ).toEqual([
      { start: 0, end: 0.1, shape: 'X' },
      { start: 0.1, end: 0.2, shape: 'C' },
      { start: 0.2, end: 0.3, shape: 'D' },
      { start: 0.3, end: 0.4, shape: 'B' },
      { start: 0.4, end: 0.6, shape: 'X' },
    ]);
  });
});
