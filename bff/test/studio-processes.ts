/**
 * The studio as separate processes on one database and one data folder (DESIGN decision 18): API
 * processes as `STUDIO_ROLE=api npm start` runs them, render workers as `npm run worker` does.
 * The multi-process tests and the API-and-worker bench start them here.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ApiRoutes } from '@studio/contracts';
import { findFreePort } from '../src/db/embedded-postgres.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface StudioProcess {
  /** Its executor id. */
  name: string;
  role: 'api' | 'worker';
  port: number;
  metricsPort: number;
  url: string;
  child: ChildProcess | null;
}

/** A process to start later (`startProcess`), its ports chosen now. */
export async function studioProcess(name: string, role: StudioProcess['role']): Promise<StudioProcess> {
  const port = await findFreePort();
  return { name, role, port, metricsPort: await findFreePort(), url: `http://127.0.0.1:${port}`, child: null };
}

/**
 * Starts `proc` on `databaseUrl` and `dataDir` with `env` on top, and waits until it answers its
 * health check. Links and the CSRF origin use `appUrl`, as behind one load balancer.
 */
export async function startProcess(
  proc: StudioProcess,
  shared: { databaseUrl: string; dataDir: string; appUrl: string },
  env: Record<string, string> = {},
): Promise<void> {
  const entry = proc.role === 'api' ? 'bff/src/main.ts' : 'bff/src/worker.ts';
  proc.child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
    cwd: ROOT,
    env: {
      ...process.env,
      STUDIO_ROLE: proc.role,
      PORT: String(proc.port),
      METRICS_PORT: String(proc.metricsPort),
      APP_URL: shared.appUrl,
      EXECUTOR_ID: proc.name,
      DATA_DIR: shared.dataDir,
      DATABASE_URL: shared.databaseUrl,
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await until(async () => ((await fetch(`${proc.url}${ApiRoutes.health}`)).ok ? true : undefined), 180_000);
}

/** Ends a process (SIGKILL, as a crash or an out-of-memory kill would) and waits until it is gone. */
export async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

/** `check`'s first defined answer, asked every 100 ms (a throw counts as none); fails after `timeoutMs`. */
export async function until<T>(check: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The media host among a studio process's children (`MEDIA_HOST=child`, DESIGN decision 18), if one runs. */
export function mediaHostOf(pid: number): number | undefined {
  let listed = '';
  try {
    listed = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    return undefined; // ps exits 1 when it lists nothing
  }
  const line = listed.split('\n').find((l) => l.includes('host-child.mjs'));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}
