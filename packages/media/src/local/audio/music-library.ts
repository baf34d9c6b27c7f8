/**
 * The music library on disk: each bed composed (`compose.ts`), brought to `MUSIC_BED_LUFS` and
 * encoded as AAC in M4A, once (`npm run build`, or the first time a bed is asked for).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MediaError } from '../../errors.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { measureLoudness } from './loudness.ts';
import { MUSIC_BED_LUFS, MUSIC_LIBRARY_DIR, MUSIC_SAMPLE_RATE, MUSIC_TRACKS, musicFileName, type MusicTrack } from './music-tracks.ts';

const RAW_INPUT = ['-f', 'f32le', '-ar', String(MUSIC_SAMPLE_RATE), '-ac', '2', '-i', 'pipe:0'];

/** Renders one bed into `file` (written beside it first, then renamed: a reader never sees half a file). */
export async function renderMusicBed(track: MusicTrack, file: string): Promise<void> {
  const { composeBed } = await import('./compose.ts');
  const { left, right } = await composeBed(track);
  const interleaved = new Float32Array(left.length * 2);
  for (let i = 0; i < left.length; i++) {
    interleaved[i * 2] = left[i]!;
    interleaved[i * 2 + 1] = right[i]!;
  }
  const raw = Buffer.from(interleaved.buffer);
  const { integratedLufs } = await measureLoudness(RAW_INPUT, raw);
  if (integratedLufs === null) throw new MediaError('unavailable', `The music bed ${track.id} rendered as silence.`);
  // One gain for the whole bed (a loop stays seamless), then a limiter for the few peaks above −2 dBFS.
  const gainDb = MUSIC_BED_LUFS - integratedLufs;
  const partial = `${file}.${process.pid}.partial`;
  try {
    await runFfmpeg(
      [
        '-y',
        ...RAW_INPUT,
        ...['-af', `volume=${gainDb.toFixed(2)}dB,alimiter=limit=0.79:level=0`],
        ...['-c:a', 'aac', '-b:a', '160k', '-movflags', '+faststart', '-map_metadata', '-1', '-f', 'ipod', partial],
      ],
      raw,
      { timeoutMs: 120_000 },
    );
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}

/** Renders every bed of the library that `dir` lacks; answers the ones it rendered. */
export async function renderMusicLibrary(dir = MUSIC_LIBRARY_DIR, log: (line: string) => void = () => {}): Promise<MusicTrack[]> {
  await fs.mkdir(dir, { recursive: true });
  const rendered: MusicTrack[] = [];
  for (const track of MUSIC_TRACKS) {
    const file = path.join(dir, musicFileName(track));
    if (existsSync(file)) continue;
    const started = performance.now();
    await renderMusicBed(track, file);
    const { integratedLufs, truePeakDbtp } = await measureLoudness(['-i', file]);
    log(
      `music: ${track.id} (${track.mood}, ${track.durationS.toFixed(1)} s) ${integratedLufs?.toFixed(1)} LUFS, ` +
        `true peak ${truePeakDbtp.toFixed(1)} dBTP, rendered in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    rendered.push(track);
  }
  return rendered;
}

const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), 'build-music-library.ts');
let ensuring: Promise<void> | undefined;

/**
 * Makes sure the library is on disk: after `npm run build` it is, and this answers at once; in a
 * checkout that was never built (a test run, `npm run dev`) the missing beds are rendered once, in a
 * child process (synthesis is CPU work, kept off a server's event loop).
 */
export function ensureMusicLibrary(dir = MUSIC_LIBRARY_DIR): Promise<void> {
  if (MUSIC_TRACKS.every((track) => existsSync(path.join(dir, musicFileName(track))))) return Promise.resolve();
  ensuring ??= new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), CLI, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new MediaError('unavailable', 'The music library could not be rendered.', { cause: new Error(err) })),
    );
  }).finally(() => (ensuring = undefined));
  return ensuring;
}
