import { execFile } from 'node:child_process';
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
