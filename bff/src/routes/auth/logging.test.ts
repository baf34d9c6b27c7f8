import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ApiRoutes, AppPaths } from '@studio/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { findFreePort } from '../../db/embedded-postgres.ts';
import { startStudio, type RunningStudio } from '../../start.ts';
import { confirmEmail, latestLink, requestRecovery, tokenOf, uniqueEmail } from './test-helpers.ts';

// The harness silences logs; this file starts a studio whose log lines it keeps, to read them.
const lines: string[] = [];
let studio: RunningStudio;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-test-'));
  await fs.chmod(dataDir, 0o755);
  const port = String(await findFreePort());
  const config = loadConfig({ NODE_ENV: 'test', PORT: port, APP_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'debug' });
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  studio = await startStudio(config, pino({ level: 'debug' }, sink), { fastDatabase: true });
});
afterAll(async () => {
  await studio?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('logs', () => {
  it('never carry a password, a link token or a session cookie', async () => {
    const client = new TestClient(studio.url, new URL(studio.deps.config.appUrl).origin);
    const email = uniqueEmail('logs');
    const password = 'a-very-recognisable-password';
    await client.post(ApiRoutes.signup, { email, password, confirmPassword: password });
    const confirmLink = await latestLink(client, email, AppPaths.confirmEmail);
    // The old link form carries the token in its query string: logs keep the path only.
    await client.get(`${ApiRoutes.confirm}?token=${tokenOf(confirmLink)}`);
    await confirmEmail(client, confirmLink, password);
    await client.post(ApiRoutes.signin, { email, password });
    await client.post(ApiRoutes.signin, { email, password: 'another-wrong-password' });
    await requestRecovery(client, email);
    const resetLink = await latestLink(client, email, AppPaths.resetPassword);
    await client.post(ApiRoutes.recoverLink, { token: tokenOf(resetLink) });
    const session = client.cookieHeader.match(/studio_session=([^;]+)/)![1]!;

    const log = lines.join('');
    expect(log).toContain(ApiRoutes.signin);
    for (const secret of [
      password,
      'another-wrong-password',
      new URL(confirmLink).searchParams.get('token')!,
      new URL(resetLink).searchParams.get('token')!,
      session,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
