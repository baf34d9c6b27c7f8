import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import { ApiRoutes } from '@studio/contracts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { DevOidcIssuer } from './dev-oidc-issuer.ts';

/** The values an authorization request must find again on its return (state, nonce, PKCE). */
export interface OidcLoginFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** epoch ms */
  expiresAt: number;
}

/** Who the provider says signed in. */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/** The user declined at the provider (`error=access_denied`). */
export class OidcCancelledError extends Error {
  override name = 'OidcCancelledError';
}

/** Sign-in with a Google-type OpenID Connect provider: authorization code + PKCE (DESIGN decision 3). */
export interface OidcClient {
  readonly issuerUrl: string;
  beginLogin(): Promise<{ url: URL; flow: OidcLoginFlow }>;
  finishLogin(callbackUrl: URL, flow: OidcLoginFlow): Promise<OidcIdentity>;
  /** The flow as a tamper-proof cookie value (the browser holds it, the bff alone can read it back). */
  sealFlow(flow: OidcLoginFlow): string;
  /** The flow from a sealed value, or null when it was forged, damaged or has expired. */
  openFlow(sealed: string | undefined): OidcLoginFlow | null;
}

export interface OidcClientOptions {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scope?: string;
}

const FLOW_LIFETIME_MS = 10 * 60_000;

export function createOidcClient(options: OidcClientOptions): OidcClient {
  // The flow cookie lives ten minutes; a key per process is enough (a restart only voids logins in flight).
  const sealKey = randomBytes(32);
  const sign = (payload: string) => createHmac('sha256', sealKey).update(payload).digest();

  // Discovered on first use, not at start: the dev issuer is served by this very process, and a
  // provider that is briefly unreachable must not stop the studio. A failed discovery is retried.
  let configuration: Promise<client.Configuration> | null = null;
  const discover = () => {
    configuration ??= client
      .discovery(new URL(options.issuerUrl), options.clientId, options.clientSecret, undefined, {
        // Plain http is only acceptable for a local issuer (the dev issuer, a test double).
        execute: options.issuerUrl.startsWith('http://') ? [client.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        configuration = null;
        throw error;
      });
    return configuration;
  };

  return {
    issuerUrl: options.issuerUrl,

    async beginLogin() {
      const config = await discover();
      const flow: OidcLoginFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
        expiresAt: Date.now() + FLOW_LIFETIME_MS,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: options.scope ?? 'openid email profile',
        response_type: 'code',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, flow };
    },

    async finishLogin(callbackUrl, flow) {
      if (callbackUrl.searchParams.get('error') === 'access_denied') throw new OidcCancelledError('access denied at the provider');
      const config = await discover();
      let tokens;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        if (error instanceof client.AuthorizationResponseError && error.error === 'access_denied') {
          throw new OidcCancelledError('access denied at the provider');
        }
        throw error;
      }
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider returned no ID token');
      let { email, email_verified: emailVerified } = claims as { email?: unknown; email_verified?: unknown };
      // Providers that keep the e-mail out of the ID token give it at the userinfo endpoint.
      if (typeof email !== 'string' && tokens.access_token) {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        ({ email, email_verified: emailVerified } = info);
      }
      return {
        subject: claims.sub,
        email: typeof email === 'string' ? email.trim().toLowerCase() : null,
        emailVerified: emailVerified === true,
      };
    },

    sealFlow(flow) {
      const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },

    openFlow(sealed) {
      if (!sealed || sealed.length > 2000) return null;
      const [payload, signature] = sealed.split('.');
      if (!payload || !signature) return null;
      const expected = sign(payload);
      const actual = Buffer.from(signature, 'base64url');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      try {
        const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as OidcLoginFlow;
        return typeof flow.expiresAt === 'number' && flow.expiresAt > Date.now() ? flow : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * Google-type sign-in from configuration: the configured issuer (OIDC_*), or else the dev issuer,
 * started here and served by the studio itself under /oidc. The dev issuer vouches for any
 * e-mail, an admin's included, so in production it refuses to start: Google-type sign-in is then
 * off (null) until OIDC_* is set, and the rest of the studio works.
 */
export async function createGoogleSignIn(
  config: Config,
  logger: Logger,
): Promise<{ oidc: OidcClient | null; devOidcIssuer: DevOidcIssuer | null }> {
  const redirectUri = `${config.appUrl}${ApiRoutes.oauthGoogleCallback}`;
  if (config.oidc) return { oidc: createOidcClient({ ...config.oidc, redirectUri }), devOidcIssuer: null };
  if (config.nodeEnv === 'production') {
    logger.warn(DEV_ISSUER_REFUSED);
    return { oidc: null, devOidcIssuer: null };
  }
  // Loaded only when needed: oidc-provider is dev-only here (and warns about Node 20 on import).
  const { createDevOidcIssuer } = await import('./dev-oidc-issuer.ts');
  const devOidcIssuer = await createDevOidcIssuer({ appUrl: config.appUrl, redirectUri });
  return { oidc: createOidcClient({ ...devOidcIssuer, redirectUri }), devOidcIssuer };
}

export const DEV_ISSUER_REFUSED =
  'The dev sign-in issuer does not run in production (it accepts any e-mail): "Continue with Google" is off. ' +
  'Set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to turn it on.';
