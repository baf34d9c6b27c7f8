import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../test/harness.ts';
import { CHANNELS } from './notifications.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

/** Announces `payload` until this process hears it (listening starts, or resumes, on its own time). */
async function announceUntilHeard(payload: string): Promise<void> {
  let heard = false;
  const stop = studio.deps.notifications.on(CHANNELS.jobs, (p) => (heard ||= p === payload));
  try {
    for (let tries = 0; !heard; tries++) {
      if (tries === 100) throw new Error(`${payload} was never heard`);
      await studio.deps.db.raw('SELECT pg_notify(?, ?)', [CHANNELS.jobs, payload]);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    stop();
  }
}

describe('database notifications', () => {
  it('listening resumes after its connection is killed, and says so once, so kept state is read again', async () => {
    const { db, notifications } = studio.deps;
    let resumed = 0;
    const stop = notifications.onResume(() => resumed++);
    try {
      await announceUntilHeard('before');
      expect(resumed).toBe(0);

      const killed = await db.raw(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
      );
      expect(killed.rowCount).toBe(1);
      await expect.poll(() => resumed, { timeout: 10_000 }).toBe(1);

      await announceUntilHeard('after');
      expect(resumed).toBe(1);
    } finally {
      stop();
    }
  });
});
