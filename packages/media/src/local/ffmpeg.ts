import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { MediaError } from '../errors.ts';
import { lowerPriority } from './priority.ts';

const require = createRequire(import.meta.url);
/** The static ffmpeg of `@ffmpeg-installer/ffmpeg` (DESIGN §3: `ffmpeg-static` downloads at install and fails). */
export const FFMPEG_PATH: string = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** Runs ffmpeg with `input` on stdin and answers stdout; a failure is the caller's bad input unless told otherwise. */
export function runFfmpeg(args: string[], input: Buffer, options: Parameters<typeof runFfmpegFed>[2] = {}): Promise<Buffer> {
  return runFfmpegFed(args, (write) => write(input), options);
}

/**
 * Runs ffmpeg fed on stdin by `feed` (which awaits each `write`: ffmpeg takes data as fast as it
 * encodes, so a long stream of raw frames never piles up in memory) and answers stdout.
 */
export function runFfmpegFed(
  args: string[],
  feed: (write: (chunk: Uint8Array) => Promise<void>) => Promise<void>,
  options: { timeoutMs?: number; failure?: () => MediaError; report?: (log: string) => void } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // A caller that reads ffmpeg's report (a filter's summary) gets the end of its log, at info level.
    const level = options.report ? 'info' : 'error';
    const child = spawn(FFMPEG_PATH, ['-hide_banner', '-nostats', '-loglevel', level, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    lowerPriority(child.pid);
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new MediaError('unavailable', 'The audio tools could not start.', { cause: error }));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) {
        options.report?.(err);
        resolve(Buffer.concat(out));
      } else reject(options.failure?.() ?? new MediaError('bad_input', 'This audio could not be read.', { cause: new Error(err) }));
    });
    // A child that exits early (unreadable input) closes stdin under us: that is its answer, not ours.
    let closed = false;
    child.stdin.on('error', () => (closed = true));
    child.stdin.on('close', () => (closed = true));
    const write = (chunk: Uint8Array) =>
      new Promise<void>((done) => {
        if (closed) return done();
        child.stdin.write(chunk, () => done());
      });
    feed(write).then(
      () => child.stdin.end(),
      (error: unknown) => {
        child.kill('SIGKILL');
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Any audio → 16 kHz mono signed 16-bit samples. */
export async function decodeToPcm(audio: Buffer, rate = 16_000): Promise<Int16Array> {
  const raw = await runFfmpeg(['-i', 'pipe:0', '-vn', '-ac', '1', '-ar', String(rate), '-f', 's16le', 'pipe:1'], audio);
  return new Int16Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 2));
}

/**
 * The integrated loudness (EBU R128, LUFS) of what `inputArgs` reads from `input`, from ffmpeg's
 * ebur128 summary; null for silence. It reads five minutes of speech in about a third of a second,
 * where `loudnorm` (which works at 192 kHz) takes seconds.
 */
export async function integratedLoudness(inputArgs: string[], input: Buffer): Promise<number | null> {
  let log = '';
  await runFfmpeg([...inputArgs, '-af', 'ebur128', '-f', 'null', '-'], input, { report: (text) => (log = text) });
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const lufs = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
  // ebur128 reports -70 LUFS (its gate) for silence.
  return Number.isFinite(lufs) && lufs > -70 ? lufs : null;
}
