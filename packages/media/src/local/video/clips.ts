/**
 * The local engine's ffmpeg plumbing for clips: encoding to MP4, the common output format (25 fps
 * H.264, AAC 44.1 kHz mono), joining sections, silent tracks, normalising a hosted model's clip to
 * that format, and poster frames. No sharp, no models: the bff's caption helpers import from here.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ResultMeta } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import { runFfmpeg, runFfmpegFed } from '../ffmpeg.ts';

export const VIDEO_FPS = 25;
export const ENCODE = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-r', String(VIDEO_FPS)];

/** Every clip's sound is AAC 44.1 kHz mono, so sections join by stream copy. */
export const AUDIO_ENCODE = ['-c:a', 'aac', '-b:a', '128k', '-ar', '44100', '-ac', '1'];

/** Runs ffmpeg writing to a temporary MP4 (MP4 needs a seekable output) and answers its bytes. */
export async function encodeToMp4(args: (out: string) => string[], stdin: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-video-'));
  try {
    const out = path.join(dir, 'out.mp4');
    await runFfmpeg([...args(out)], stdin, {
      timeoutMs: 10 * 60_000,
      failure: () => new MediaError('upstream', 'The local video engine could not render this clip.'),
    });
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * A clip file re-encoded in the common format through ffmpeg filters: `filters` are the filter and
 * map arguments (`pictureFilter`, or a graph with its maps), `sound` how the sound is written (copied
 * when the filters leave it as it was).
 */
export function encodeFiltered(input: string, filters: string[], sound: string[] = ['-c:a', 'copy']): Promise<Buffer> {
  return encodeToMp4((out) => ['-i', input, ...filters, ...ENCODE, ...sound, '-movflags', '+faststart', '-y', out], Buffer.alloc(0));
}

/** The picture through a `-vf` filter, the sound (if any) left as it is. */
export const pictureFilter = (filter: string) => ['-vf', filter, '-map', '0:v', '-map', '0:a?'];

/** Like `encodeToMp4`, with stdin fed as it is made (raw frames, one at a time). */
export async function encodeFedToMp4(args: (out: string) => string[], feed: Parameters<typeof runFfmpegFed>[1]): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-video-'));
  try {
    const out = path.join(dir, 'out.mp4');
    await runFfmpegFed(args(out), feed, {
      timeoutMs: 10 * 60_000,
      failure: () => new MediaError('upstream', 'The local video engine could not render this clip.'),
    });
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Every local clip is tagged `local`: it is not a generative video model. */
export const meta = (started: number, model: string): ResultMeta => ({
  provider: 'local',
  model,
  cost: { amount: Math.round(performance.now() - started) / 1000, unit: 'compute_s' },
});

/** ffmpeg's input of a silent track in the speech's format. */
const SILENCE = ['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono'];

/** The clip's picture (copied) with the sound of `audioInput` (ffmpeg input arguments), padded with silence or cut to the picture's length. */
export async function muxFiles(dir: string, video: Buffer, audioInput: string[]): Promise<Buffer> {
  const videoFile = path.join(dir, 'still.mp4');
  await fs.writeFile(videoFile, video);
  return encodeToMp4(
    (out) => [
      '-i',
      videoFile,
      ...audioInput,
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-af',
      'apad',
      '-c:v',
      'copy',
      ...AUDIO_ENCODE,
      '-shortest',
      '-movflags',
      '+faststart',
      '-y',
      out,
    ],
    Buffer.alloc(0),
  );
}

/** A clip without sound given a silent track (of the same format as speech), so it joins spoken ones. */
export async function localWithSilence(video: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-silence-'));
  try {
    return await muxFiles(dir, video, SILENCE);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A silent clip with `audio` (any format ffmpeg reads) as its sound, followed by silence to the clip's end. */
export async function localWithSound(video: Buffer, audio: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-sound-'));
  try {
    const sound = path.join(dir, 'sound');
    await fs.writeFile(sound, audio);
    return await muxFiles(dir, video, ['-i', sound]);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * A clip from elsewhere (a hosted model) made like the local engine's: the job's size (cropped to
 * fill), 25 fps H.264, and AAC 44.1 kHz mono sound (silence when it has none), so that sections of
 * any origin join by stream copy.
 */
export async function localNormalize(video: Buffer, width: number, height: number): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-normalize-'));
  try {
    const file = path.join(dir, 'in.mp4');
    await fs.writeFile(file, video);
    const picture = `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`;
    const encode = (sound: string[]) =>
      encodeToMp4(
        (out) => ['-i', file, ...sound, '-vf', picture, ...ENCODE, ...AUDIO_ENCODE, '-shortest', '-movflags', '+faststart', '-y', out],
        Buffer.alloc(0),
      );
    // Its own sound when it has some; otherwise a silent track.
    return await encode(['-map', '0:v:0', '-map', '0:a:0']).catch(() => encode([...SILENCE, '-map', '0:v:0', '-map', '1:a:0']));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Sections joined in order into one MP4 (same size and codecs: stream copy, no re-encode). */
export async function localConcat(videos: Buffer[]): Promise<Buffer> {
  if (videos.length === 0) throw new MediaError('bad_input', 'There is nothing to join.');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-concat-'));
  try {
    const files = await Promise.all(
      videos.map(async (v, i) => {
        const file = path.join(dir, `${i}-${randomUUID()}.mp4`);
        await fs.writeFile(file, v);
        return file;
      }),
    );
    const list = path.join(dir, 'list.txt');
    await fs.writeFile(list, files.map((f) => `file '${f}'`).join('\n'));
    return await encodeToMp4(
      (out) => ['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-movflags', '+faststart', '-y', out],
      Buffer.alloc(0),
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The first frame as a JPEG: the poster a gallery shows. */
export async function localPosterFrame(video: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-poster-'));
  try {
    const file = path.join(dir, 'in.mp4');
    await fs.writeFile(file, video);
    return await runFfmpeg(['-i', file, '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1'], Buffer.alloc(0));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
