import type { Db } from '../db/index.ts';

/** Readiness: whether the database answers. */
export function createHealthService({ db }: { db: Db }) {
  return {
    /** Resolves once the database has answered; rejects when it cannot be reached. */
    async checkDatabase(): Promise<void> {
      await db.raw('SELECT 1');
    },
  };
}
