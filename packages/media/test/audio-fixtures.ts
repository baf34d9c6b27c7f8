/** Real audio for tests, made by the engine's own ffmpeg: tones and silence in any container. */
import { execFileSync } from 'node:child_process';
import { FFMPEG_PATH } from '../src/local/ffmpeg.ts';

const lavfi = (source: string, format: string) =>
  execFileSync(FFMPEG_PATH, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', source, '-f', format, 'pipe:1'], {
    maxBuffer: 64 * 1024 * 1024,
  });

/** `seconds` of a sine tone as a `format` file (wav, mp3, ogg …). */
export const tone = (seconds: number, format = 'wav', frequency = 220) => lavfi(`sine=frequency=${frequency}:duration=${seconds}`, format);

/** `seconds` of silence as a 16 kHz mono file. */
export const silence = (seconds: number, format = 'wav') => lavfi(`aevalsrc=0:s=16000:d=${seconds}`, format);
