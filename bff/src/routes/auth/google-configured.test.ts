import { ApiRoutes, AppPaths, Messages } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../db/embedded-postgres.ts';
import { startTestStudio, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
let issuerUrl: string;
beforeAll(async () => {
  // A configured issuer that is down: nothing listens on this port.
  issuerUrl = `http://127.0.0.1:${await findFreePort()}/issuer`;
  studio = await startTestStudio({ OIDC_ISSUER_URL: issuerUrl, OIDC_CLIENT_ID: 'studio', OIDC_CLIENT_SECRET: 'secret' });
});
afterAll(() => studio?.stop());

describe('sign-in with a configured OpenID Connect issuer', () => {
  it('uses the configured issuer and starts no dev issuer', async () => {
    expect(studio.deps.devOidcIssuer).toBeNull();
    expect(studio.deps.oidc?.issuerUrl).toBe(issuerUrl);
    // /oidc is then an ordinary front-end path, not an issuer.
    const discovery = await studio.client().get('/oidc/.well-known/openid-configuration');
    expect(discovery.headers.get('content-type') ?? '').not.toContain('json');
  });

  it('returns to /auth/callback with the network-error message when the issuer cannot be reached', async () => {
    const response = await studio.client().get(ApiRoutes.oauthGoogle);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${AppPaths.authCallback}?error=${encodeURIComponent(Messages.googleNetwork)}`);
  });
});
