import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffprobe from '@ffprobe-installer/ffprobe';

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
