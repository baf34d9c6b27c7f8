import { ApiRoutes } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRemoteClient, rawRequest, startTestStudio, type TestStudio } from '../../test/harness.ts';

/** A studio behind one proxy at a public name (DESIGN decision 15). */
let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio({ APP_URL: 'https://studio.example.com', TRUST_PROXY: '1' });
});
afterAll(() => studio?.stop());

const health = `${ApiRoutes.health}?quick=true`;
const fromAfar = (headers: Record<string, string>) =>
  asRemoteClient(studio, '203.0.113.7', () => rawRequest(studio, { path: health, headers }));

describe('Host check behind a proxy (TRUST_PROXY=1, public APP_URL)', () => {
  it("answers APP_URL's host, forwarded or not, and refuses any other", async () => {
    expect((await fromAfar({ host: 'studio.example.com' })).status).toBe(200);
    expect((await fromAfar({ host: 'bff.internal:8080', 'x-forwarded-host': 'studio.example.com' })).status).toBe(200);
    expect((await fromAfar({ host: 'studio.example.com', 'x-forwarded-host': 'evil.example' })).status).toBe(421);
    expect((await fromAfar({ host: 'evil.example' })).status).toBe(421);
  });

  it('takes a loopback name only from this machine (a health probe), never from afar', async () => {
    expect((await rawRequest(studio, { path: health, headers: { host: 'localhost:8080' } })).status).toBe(200);
    expect(await fromAfar({ host: 'localhost' })).toMatchObject({ status: 421, body: { error: { code: 'misdirected_request' } } });
  });
});
