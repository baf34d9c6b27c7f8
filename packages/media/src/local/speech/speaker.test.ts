import { DEFAULT_VOICE_SETTINGS } from '@studio/contracts';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { longestPauseDuring } from '../../../test/event-loop.ts';
import { MediaError } from '../../errors.ts';
import { ModelWorker } from '../model-worker.ts';
import { RENDER_NICENESS } from '../priority.ts';
import { joinSpoken, SPEECH_CHUNK_CHARS, speechChunks } from './chunks.ts';
import { localTextToSpeech } from './espeak.ts';
import { fliteArguments } from './flite.ts';
import { LOCAL_PRESET_VOICES } from './presets.ts';
import { analyzeVoice } from './analysis.ts';
import { analyzeAway, closeLocalSpeech, speechPool } from './speaker.ts';

afterAll(() => closeLocalSpeech());

const SENTENCES = [
  'Hi, I tried this serum for two weeks and my skin has never looked better.',
  'It goes on light, it smells like nothing at all, and a single drop covers my whole face.',
  'My friends kept asking what I changed, so I finally told them about it.',
  'Maybe you should try it too, because honestly, it made my mornings so much easier.',
];
const speak = (text: string, id = 'studioUgcTwo') => localTextToSpeech({ text, voice: { id }, settings: DEFAULT_VOICE_SETTINGS });

describe('speaking a long text in pieces', () => {
  it('cuts after sentences, packs them up to the bound, and cuts an over-long sentence after clauses, then between words', () => {
    const text = Array.from({ length: 12 }, (_, i) => SENTENCES[i % 4]).join(' ');
    const chunks = speechChunks(text);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(SPEECH_CHUNK_CHARS);
      expect(c).toMatch(/[.!?]$/);
    }
    expect(chunks.join(' ')).toBe(text);

    const rambling = Array.from({ length: 40 }, (_, i) => `and then the ${i}th thing happened`).join(', ');
    const clauses = speechChunks(`${rambling}.`, 100);
    expect(clauses.every((c) => c.length <= 100)).toBe(true);
    expect(clauses.slice(0, -1).every((c) => c.endsWith(','))).toBe(true);
    const words = speechChunks('word '.repeat(100).trim(), 50);
    expect(words.every((c) => c.length <= 50 && !c.startsWith(' ') && !c.endsWith(' '))).toBe(true);
    expect(speechChunks('x'.repeat(120), 50).map((c) => c.length)).toEqual([50, 50, 20]);
    expect(speechChunks('   ')).toEqual([]);
  });

  it('joins pieces in order, moving each piece’s phonemes by the samples before it', () => {
    const joined = joinSpoken([
      { samples: new Int16Array([1, 2, 3, 4]), rate: 4, phonemes: [{ ipa: 'm', start: 0.25 }] },
      {
        samples: new Int16Array([5, 6]),
        rate: 4,
        phonemes: [
          { ipa: 'a', start: 0 },
          { ipa: '', start: 0.25 },
        ],
      },
    ]);
    expect([...joined.samples]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(joined.phonemes).toEqual([
      { ipa: 'm', start: 0.25 },
      { ipa: 'a', start: 1 },
      { ipa: '', start: 1.25 },
    ]);
  });

  it.each([
    ['flite', 'studioUgcTwo'],
    ['espeak-ng', 'studioGrace01'],
  ])(
    'speaks a text longer than one piece as one audio (%s) whose mouth shapes and word times follow every piece to its end',
    async (_, id) => {
      const text = Array.from({ length: 8 }, (_, i) => SENTENCES[i % 4]).join(' ');
      const chunks = speechChunks(text);
      expect(chunks.length).toBeGreaterThanOrEqual(2);
      const [whole, ...pieces] = await Promise.all([speak(text, id), ...chunks.map((c) => speak(c, id))]);
      const sum = pieces.reduce((s, p) => s + p.durationS, 0);
      expect(Math.abs(whole.durationS - sum)).toBeLessThan(0.1 * chunks.length);
      const cues = whole.mouthCues!;
      expect(cues[0]!.start).toBe(0);
      expect(cues.at(-1)!.end).toBeCloseTo(whole.durationS, 1);
      cues.forEach((c, i) => {
        expect(c.end).toBeGreaterThan(c.start);
        if (i > 0) expect(c.start).toBeCloseTo(cues[i - 1]!.end, 3);
      });
      // The lips keep moving in the last piece: its words are not left to the rest shape.
      const lastPiece = whole.durationS - pieces.at(-1)!.durationS;
      const moving = cues.filter((c) => c.start > lastPiece + 0.5 && c.shape !== 'X');
      expect(moving.length).toBeGreaterThan(20);
      // Every word once, in order, on one timeline: the last piece's words sit after the pieces before it.
      const words = whole.words!;
      expect(words.map((w) => w.text)).toEqual(text.split(' '));
      words.slice(1).forEach((w, i) => expect(w.start).toBeGreaterThanOrEqual(words[i]!.end));
      expect(words.at(-1)!.end).toBeLessThanOrEqual(whole.durationS + 0.01);
      const lastWords = speechChunks(text).at(-1)!.split(' ').length;
      expect(words.at(-lastWords)!.start).toBeGreaterThan(lastPiece - 0.3);
      expect(words.at(-lastWords - 1)!.end).toBeLessThan(lastPiece + 0.1);
      expect(words.at(-1)!.end).toBeGreaterThan(whole.durationS - 0.6);
    },
    60_000,
  );
});

describe('the speech children', () => {
  const fliteRequest = (text: string) => ({
    request: { engine: 'flite' as const, args: fliteArguments(LOCAL_PRESET_VOICES.studioUgcOne!.flite!, DEFAULT_VOICE_SETTINGS, text) },
  });
  const gone = async (pid: number) => {
    for (let i = 0; i < 50; i++) {
      try {
        process.kill(pid, 0);
      } catch {
        return true;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  };

  it('fails a line whose child is killed mid-line with a MediaError; the next line is spoken by a new child', async () => {
    // Fresh children, so the ones found below are the ones speaking this line.
    await closeLocalSpeech();
    const pool = speechPool();
    const long = speak(Array.from({ length: 24 }, (_, i) => SENTENCES[i % 4]).join(' '));
    while (pool.pids.length === 0) await new Promise((r) => setTimeout(r, 10));
    const killed = pool.pids;
    for (const pid of killed) process.kill(pid, 'SIGKILL');
    const error = await long.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect(error).toMatchObject({ kind: 'unavailable', message: 'The local speech engine is unavailable.' });

    const next = await speak(SENTENCES[0]!);
    expect(next.durationS).toBeGreaterThan(2);
    expect(pool.pids.length).toBeGreaterThan(0);
    expect(pool.pids.some((pid) => killed.includes(pid))).toBe(false);
  }, 60_000);

  it('speaks at a lower OS priority than the process that answers', async () => {
    await speak(SENTENCES[0]!);
    const pids = speechPool().pids;
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) expect(os.getPriority(pid)).toBe(Math.min(19, os.getPriority() + RENDER_NICENESS));
  }, 30_000);

  it('stops a child that takes longer than its time: the piece fails as a timeout and the child is gone', async () => {
    const worker = new ModelWorker<ReturnType<typeof fliteRequest>, unknown>(
      new URL('./speech-worker.mjs', import.meta.url),
      'The local speech engine',
      100,
      { maxOldSpaceMb: 128 },
    );
    try {
      const piece = worker.call(fliteRequest(SENTENCES.join(' ')));
      await new Promise((r) => setTimeout(r, 10));
      const pid = worker.pid!;
      await expect(piece).rejects.toMatchObject({ kind: 'timeout', message: 'The local speech engine took too long.' });
      expect(await gone(pid)).toBe(true);
      expect(worker.pid).toBeUndefined();
    } finally {
      await worker.close();
    }
  });

  it('measures a long voice sample in a child while this thread keeps its turns', async () => {
    // Ten minutes at 16 kHz, as a 10 MB MP3 sample decodes: seconds of autocorrelation.
    const pcm = Int16Array.from({ length: 16_000 * 600 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 180 * i) / 16_000)));
    const expected = analyzeVoice(pcm.subarray(0, 16_000 * 5));
    const { result: analysis, longestPauseMs } = await longestPauseDuring(() => analyzeAway(pcm));
    expect(analysis.pitchHz).toBe(expected.pitchHz);
    expect(analysis.voicedSeconds).toBeGreaterThan(590);
    expect(longestPauseMs).toBeLessThan(150);
  }, 60_000);
});
