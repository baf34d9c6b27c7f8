import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The moods the music library offers one bed for each. */
export const MUSIC_MOODS = ['upbeat', 'calm', 'lo-fi', 'cinematic', 'playful', 'corporate'] as const;
export type MusicMood = (typeof MUSIC_MOODS)[number];

/** One bed of the library: how it is listed, and the tempo and bars its length follows from. */
export interface MusicTrack {
  id: string;
  name: string;
  mood: MusicMood;
  bpm: number;
  /** Whole bars of 4/4: the bed loops on a bar line, so a loop never skips a beat. */
  bars: number;
  /** Length of one pass of the loop, in seconds. */
  durationS: number;
}

/**
 * Raised whenever the composition changes: it is part of each file's name, so a build renders the
 * new beds beside the old ones and a browser's cached copy (served as immutable) is never stale.
 */
export const MUSIC_LIBRARY_VERSION = 1;

const track = (id: string, name: string, mood: MusicMood, bpm: number, bars: number): MusicTrack => ({
  id,
  name,
  mood,
  bpm,
  bars,
  durationS: Math.round(((bars * 4 * 60) / bpm) * 1000) / 1000,
});

/** The library: simple beds composed in code (`compose.ts`), free to use in any ad (30–60 s each). */
export const MUSIC_TRACKS: readonly MusicTrack[] = [
  track('upbeat-sunrise', 'Sunrise Drive', 'upbeat', 120, 20),
  track('calm-still-water', 'Still Water', 'calm', 72, 12),
  track('lofi-late-study', 'Late Study', 'lo-fi', 80, 14),
  track('cinematic-horizon', 'Horizon', 'cinematic', 64, 12),
  track('playful-bounce', 'Bounce', 'playful', 132, 20),
  track('corporate-forward', 'Forward', 'corporate', 108, 18),
];

export const musicTrackOf = (id: string): MusicTrack | undefined => MUSIC_TRACKS.find((t) => t.id === id);

/** A bed's file name inside the library folder (AAC in MP4). */
export const musicFileName = (track: Pick<MusicTrack, 'id'>) => `${track.id}.v${MUSIC_LIBRARY_VERSION}.m4a`;

/**
 * Where the build renders the library (`npm run build`; git-ignored like every `dist/`), and where
 * the bff serves it from. `MUSIC_LIBRARY_DIR` moves it (a read-only install).
 */
export const MUSIC_LIBRARY_DIR =
  process.env.MUSIC_LIBRARY_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/music');

/** The beds' sample rate (CD audio; the mix resamples to the video's). */
export const MUSIC_SAMPLE_RATE = 44_100;

/** The loudness the beds are rendered at (EBU R128): a bed under a −14 LUFS mix, not a master of its own. */
export const MUSIC_BED_LUFS = -16;
