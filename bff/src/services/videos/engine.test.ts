import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../../test/harness.ts';
import { dbosSessionUrl } from './engine.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

describe('the durable engine’s own connections', () => {
  it('start with asynchronous commits and a one-minute cap on idle transactions, from the connection string alone (no SET)', async () => {
    const client = new pg.Client({ connectionString: dbosSessionUrl(studio.deps.config.databaseUrl!) });
    await client.connect();
    try {
      const setting = async (name: string) =>
        (await client.query<{ setting: string }>('SELECT current_setting($1) AS setting', [name])).rows[0]!.setting;
      expect(await setting('synchronous_commit')).toBe('off');
      expect(await setting('idle_in_transaction_session_timeout')).toBe('1min');
    } finally {
      await client.end();
    }
  });
});
