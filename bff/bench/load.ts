import { spawn } from 'node:child_process';
import path from 'node:path';

export interface LoadResult {
  requests: number;
  perSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  max: number;
  /** p99 of the warm-up's requests (NaN without one). */
  warmupP99: number;
  /** The measured second (from 0) whose slowest request was the slowest, and that request's milliseconds. */
  worstSecond: number;
  worstSecondMax: number;
  errors: number;
  non2xx: number;
}

/**
 * GET requests at an even pace from a load generator in another process (a load
 * generator in the server's own process measured its own scheduling, not the server), rotating
 * over `requests` (a path and its headers each, e.g. an owner's job and session cookie). See
 * load-worker.mjs for how the pace and the latency are counted.
 */
export function loadFromAnotherProcess(options: {
  url: string;
  requests: { path: string; headers: Record<string, string> }[];
  rate: number;
  durationS: number;
  /** Seconds of the same load sent first and not counted (pools fill, code warms). */
  warmupS?: number;
  connections: number;
}): Promise<LoadResult> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'load-worker.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(options));
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`the load generator exited with ${code}`)),
    );
  });
}
