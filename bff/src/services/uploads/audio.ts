import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffprobe from '@ffprobe-installer/ffprobe';
import { FFMPEG_PATH } from '@studio/media';
import type { FileKind } from './kinds.ts';

const run = promisify(execFile);
/** A probe of a few MB is instant; one that hangs is a hostile file. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * The duration in seconds of an audio file, read by ffprobe from its container and streams, or
 * null when it holds no audio stream or cannot be read.
 */
export async function probeAudioDuration(file: string): Promise<number | null> {
  try {
    const { stdout } = await run(
      ffprobe.path,
      ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_type,duration:format=duration', '-of', 'json', file],
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 64 * 1024 },
    );
    const probe = JSON.parse(stdout) as { streams?: { codec_type?: string; duration?: string }[]; format?: { duration?: string } };
    const stream = probe.streams?.find((s) => s.codec_type === 'audio');
    if (!stream) return null;
    const duration = Number(stream.duration ?? probe.format?.duration);
    return Number.isFinite(duration) && duration > 0 ? duration : null;
  } catch {
    return null;
  }
}

/**
 * The duration of audio held in memory (a stored asset), probed from a private temporary file:
 * a container such as M4A keeps its index at the end, which a pipe cannot seek to.
 */
export async function probeAudioBytes(audio: Buffer): Promise<number | null> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-probe-'));
  try {
    const file = path.join(dir, 'audio');
    await fs.writeFile(file, audio, { mode: 0o600 });
    return await probeAudioDuration(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The container each audio kind is written back into, as it came. */
const MUXER_OF_KIND: Partial<Record<FileKind, string>> = {
  mp3: 'mp3',
  wav: 'wav',
  ogg: 'ogg',
  webm: 'webm',
  aac: 'adts',
  m4a: 'ipod',
  flac: 'flac',
};
/** A stream copy of 50 MB is a second or two; one that takes longer is a hostile file. */
const STRIP_TIMEOUT_MS = 30_000;

/**
 * Writes `file` again beside itself without its tags, as images are written again from their
 * pixels: ID3 comments, titles, cover art, chapters and encoder names all go (an uploaded file is
 * kept and served as it is, so whatever it carries would be published with it). The audio streams
 * are copied, not encoded again: the sound and its duration are the upload's. Answers the new
 * file's path and size, or null when ffmpeg cannot write it.
 */
export async function stripAudioMetadata(file: string, kind: FileKind): Promise<{ path: string; size: number } | null> {
  const muxer = MUXER_OF_KIND[kind];
  if (!muxer) return null;
  const out = `${file}.clean`;
  try {
    await run(
      FFMPEG_PATH,
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', file],
        ...['-map', '0:a', '-map_metadata', '-1', '-map_metadata:s', '-1', '-map_chapters', '-1', '-c', 'copy'],
        // bitexact: no encoder name of ours written in its place; no ID3 header on an MP3 at all.
        ...['-fflags', '+bitexact', '-flags:a', '+bitexact', ...(kind === 'mp3' ? ['-id3v2_version', '0', '-write_id3v1', '0'] : [])],
        ...['-f', muxer, out],
      ],
      { timeout: STRIP_TIMEOUT_MS, maxBuffer: 64 * 1024 },
    );
    return { path: out, size: (await fs.stat(out)).size };
  } catch {
    await fs.rm(out, { force: true });
    return null;
  }
}
