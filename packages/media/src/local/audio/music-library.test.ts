import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../ffmpeg.ts';
import { composeBed } from './compose.ts';
import { measureLoudness } from './loudness.ts';
import { ensureMusicLibrary } from './music-library.ts';
import { MUSIC_BED_LUFS, MUSIC_LIBRARY_DIR, MUSIC_MOODS, MUSIC_SAMPLE_RATE, MUSIC_TRACKS, musicFileName } from './music-tracks.ts';

// After `npm run build` the beds are there; in a checkout never built they are rendered here once (~40 s).
beforeAll(() => ensureMusicLibrary(), 180_000);

/** Level (dBFS) of each beat-long slice of a bed, from its decoded samples. */
async function beatLevels(file: string, bpm: number): Promise<number[]> {
  const rate = 8000;
  const raw = await runFfmpeg(['-i', file, '-f', 's16le', '-ac', '1', '-ar', String(rate), 'pipe:1'], Buffer.alloc(0));
  const samples = new Int16Array(raw.buffer, raw.byteOffset, raw.length / 2);
  const size = Math.round((rate * 60) / bpm);
  const levels: number[] = [];
  for (let i = 0; i + size <= samples.length; i += size) {
    let energy = 0;
    for (let j = i; j < i + size; j++) energy += (samples[j]! / 32768) ** 2;
    levels.push(10 * Math.log10(energy / size + 1e-20));
  }
  return levels;
}

describe('the music library', () => {
  it('has one bed per mood, each 30–60 s', () => {
    expect(new Set(MUSIC_TRACKS.map((t) => t.mood))).toEqual(new Set(MUSIC_MOODS));
    for (const track of MUSIC_TRACKS) {
      expect(track.durationS).toBeGreaterThanOrEqual(30);
      expect(track.durationS).toBeLessThanOrEqual(60);
    }
  });

  it('renders every bed at the bed level, neither silent nor clipped, sounding on every beat', async () => {
    for (const track of MUSIC_TRACKS) {
      const file = path.join(MUSIC_LIBRARY_DIR, musicFileName(track));
      const { integratedLufs, truePeakDbtp } = await measureLoudness(['-i', file]);
      const beats = await beatLevels(file, track.bpm);
      // Listen by numbers: what each bed measures.
      console.log(
        `${track.id.padEnd(20)} ${track.mood.padEnd(10)} ${track.durationS.toFixed(1)} s  ${integratedLufs} LUFS  ` +
          `true peak ${truePeakDbtp} dBTP  quietest beat ${Math.min(...beats).toFixed(1)} dBFS`,
      );
      expect(Math.abs(integratedLufs! - MUSIC_BED_LUFS)).toBeLessThanOrEqual(1);
      expect(truePeakDbtp).toBeLessThanOrEqual(-1);
      expect(beats.length).toBeGreaterThanOrEqual(Math.floor((track.durationS * track.bpm) / 60) - 1);
      // No beat falls silent: the music plays through the whole loop.
      expect(Math.min(...beats)).toBeGreaterThan(-40);
    }
  });

  it('composes a bed exactly its bars long that loops without a click: its last and first samples meet', async () => {
    const upbeat = MUSIC_TRACKS.find((t) => t.mood === 'upbeat')!;
    const { left } = await composeBed({ ...upbeat, bars: 2, durationS: (2 * 4 * 60) / upbeat.bpm });
    expect(left.length).toBe(Math.round(((2 * 4 * 60) / upbeat.bpm) * MUSIC_SAMPLE_RATE));
    // Across the loop point the wave moves no more than it does between neighbouring samples inside the bed.
    const steps = left.slice(1).map((v, i) => Math.abs(v - left[i]!));
    const typical = [...steps].sort((a, b) => a - b)[Math.floor(steps.length * 0.99)]!;
    expect(Math.abs(left[0]! - left.at(-1)!)).toBeLessThanOrEqual(typical);
  });
});
