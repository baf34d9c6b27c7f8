import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_VOICE_SETTINGS } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tone } from '../../../test/audio-fixtures.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { localTextToSpeech } from '../speech/espeak.ts';
import { measureLoudness } from './loudness.ts';
import { MIX_MAX_TRUE_PEAK_DBTP, MIX_SAMPLE_RATE, MIX_TARGET_LUFS, mixMusic, mixMusicStems, replaceVideoAudio } from './mix.ts';
import { renderMusicBed } from './music-library.ts';
import { MUSIC_TRACKS } from './music-tracks.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mix-test-'));
/** Two bars of the upbeat bed (4 s): shorter than the 9 s video, so the mix has to loop it. */
const bedFile = path.join(dir, 'bed.m4a');
let speech: Buffer;
let speechS: number;
const DURATION_S = 9;

beforeAll(async () => {
  const upbeat = MUSIC_TRACKS.find((t) => t.mood === 'upbeat')!;
  const [spoken] = await Promise.all([
    localTextToSpeech({
      text: 'Meet the serum that finally fixed my skin. Tap the link and grab yours.',
      voice: { id: 'studioAdam01' },
      settings: DEFAULT_VOICE_SETTINGS,
    }),
    renderMusicBed({ ...upbeat, bars: 2, durationS: (2 * 4 * 60) / upbeat.bpm }, bedFile),
  ]);
  speech = spoken.audio;
  speechS = spoken.durationS;
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Level of each 50 ms window of a mono stem, in dBFS. */
function windowLevels(samples: Float32Array): number[] {
  const size = MIX_SAMPLE_RATE / 20;
  const levels: number[] = [];
  for (let i = 0; i + size <= samples.length; i += size) {
    let energy = 0;
    for (let j = i; j < i + size; j++) energy += samples[j]! ** 2;
    levels.push(10 * Math.log10(energy / size + 1e-20));
  }
  return levels;
}

/** An audio file's duration, from the samples ffmpeg decodes. */
async function decodedSeconds(file: string): Promise<number> {
  const raw = await runFfmpeg(['-i', file, '-f', 's16le', '-ac', '1', '-ar', '8000', 'pipe:1'], Buffer.alloc(0));
  return raw.length / 2 / 8000;
}

describe('mixMusic', () => {
  it('brings a spoken line over a library bed to −14 LUFS (±1 LU) with true peaks ≤ −1 dBTP, exactly the video’s length', async () => {
    const mix = await mixMusic({ speech, music: bedFile, volume: 1, durationS: DURATION_S, seamlessLoop: true });
    const file = path.join(dir, 'mix.m4a');
    fs.writeFileSync(file, mix);
    const { integratedLufs, truePeakDbtp } = await measureLoudness(['-i', file]);
    console.log(`mix of speech and music: ${integratedLufs} LUFS, true peak ${truePeakDbtp} dBTP`);
    expect(Math.abs(integratedLufs! - MIX_TARGET_LUFS)).toBeLessThanOrEqual(1);
    expect(truePeakDbtp).toBeLessThanOrEqual(MIX_MAX_TRUE_PEAK_DBTP);
    expect(await decodedSeconds(file)).toBeCloseTo(DURATION_S, 1);
  });

  it('keeps the voice ≥ 12 dB above the music while it speaks, and brings the music back when it stops', async () => {
    const stems = await mixMusicStems({ speech, music: bedFile, volume: 1, durationS: DURATION_S, seamlessLoop: true });
    const voice = windowLevels(stems.speech);
    const music = windowLevels(stems.music);
    // Speaking: the windows within 18 dB of the voice's loud level (a word, not the breath between two).
    const loud = [...voice].sort((a, b) => a - b)[Math.floor(voice.length * 0.95)]!;
    const speaking = voice.map((level, i) => ({ i, level })).filter(({ level }) => level >= loud - 18);
    expect(speaking.length).toBeGreaterThan(20);
    const margins = speaking.map(({ i, level }) => level - music[i]!);
    console.log(`voice over music while speaking: min ${Math.min(...margins).toFixed(1)} dB over ${speaking.length} windows`);
    expect(Math.min(...margins)).toBeGreaterThanOrEqual(12);
    // After the line (and before the end fade) the bed is back up: ducking, not a quiet bed.
    const after = music.slice(Math.ceil((speechS + 1) * 20), (DURATION_S - 2) * 20);
    const duckedMusic = speaking.map(({ i }) => music[i]!).sort((a, b) => a - b)[Math.floor(speaking.length / 2)]!;
    expect(Math.min(...after)).toBeGreaterThan(duckedMusic + 10);
  });

  it('loops music shorter than the video with a crossfade (no gap), fades longer music out, and leaves it out at volume 0', async () => {
    const short = path.join(dir, 'short.wav');
    fs.writeFileSync(short, tone(3.2, 'wav', 330));
    const looped = windowLevels((await mixMusicStems({ speech: null, music: short, volume: 1, durationS: 8 })).music);
    expect(looped).toHaveLength(8 * 20);
    // Every window until the end fade carries the music: a loop without a crossfade would still be
    // continuous for a pure tone, so the check is that the joins did not drop it (acrossfade's seams).
    expect(Math.min(...looped.slice(0, 6 * 20))).toBeGreaterThan(Math.max(...looped) - 6);

    const long = path.join(dir, 'long.wav');
    fs.writeFileSync(long, tone(12, 'wav', 330));
    const faded = windowLevels((await mixMusicStems({ speech: null, music: long, volume: 1, durationS: 5 })).music);
    expect(faded).toHaveLength(5 * 20);
    expect(faded.at(-1)!).toBeLessThan(faded[20]! - 20);

    const muted = windowLevels((await mixMusicStems({ speech, music: long, volume: 0, durationS: 5 })).music);
    expect(Math.max(...muted)).toBeLessThan(-90);
  });
});

describe('replaceVideoAudio', () => {
  it('gives a finished MP4 the mix as its sound, the picture copied as it was', async () => {
    const video = path.join(dir, 'clip.mp4');
    await runFfmpeg(
      ['-f', 'lavfi', '-i', 'testsrc=size=360x640:rate=25:duration=3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-f', 'mp4', '-y', video],
      Buffer.alloc(0),
    );
    // The clip has no sound track (a product shot): the music alone, at the mix's level.
    const mix = await mixMusic({ speech: video, music: bedFile, volume: 0.6, durationS: 3, seamlessLoop: true });
    const out = path.join(dir, 'with-music.mp4');
    fs.writeFileSync(out, await replaceVideoAudio(video, mix));
    let log = '';
    await runFfmpeg(['-i', out, '-f', 'null', '-'], Buffer.alloc(0), { report: (text) => (log = text) });
    expect(log).toMatch(/Video: h264.*360x640/);
    expect(log).toMatch(/Audio: aac.*48000 Hz, stereo/);
    expect(await decodedSeconds(out)).toBeCloseTo(3, 1);
    const { integratedLufs } = await measureLoudness(['-i', out]);
    expect(Math.abs(integratedLufs! - MIX_TARGET_LUFS)).toBeLessThanOrEqual(1);
  });
});
