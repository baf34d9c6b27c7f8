import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { Email, Messages } from '@studio/contracts';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import Provider, { interactionPolicy } from 'oidc-provider';

/**
 * A local OpenID Connect issuer standing in for Google when OIDC_* is unset (DESIGN §1): the same
 * relying-party code runs against it, offline. Its login page takes any e-mail address and vouches
 * for it as verified; consent is granted automatically. Never used when an issuer is configured.
 */
export interface DevOidcIssuer {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Serves the issuer under `/oidc` on the studio's own Koa app. */
  middleware: Middleware;
  /** The endpoints the relying party calls server to server (client-authenticated, no browser). */
  isServerToServer(path: string): boolean;
  /** Whether a path is the issuer's (under `/oidc`). */
  serves(path: string): boolean;
}

export const DEV_OIDC_MOUNT = '/oidc';
export const DEV_OIDC_CLIENT_ID = 'studio-dev';
const SERVER_TO_SERVER = new Set(['/token', '/me', '/token/introspection', '/token/revocation'].map((p) => `${DEV_OIDC_MOUNT}${p}`));

const serves = (path: string) => path === DEV_OIDC_MOUNT || path.startsWith(`${DEV_OIDC_MOUNT}/`);

/** The subject is derived from the e-mail, so the same address is the same person on every run. */
const subjectFor = (email: string) => `dev-${Buffer.from(email).toString('base64url')}`;
const emailOf = (subject: string) => (subject.startsWith('dev-') ? Buffer.from(subject.slice(4), 'base64url').toString('utf8') : null);

export async function createDevOidcIssuer(options: { appUrl: string; redirectUri: string }): Promise<DevOidcIssuer> {
  const issuerUrl = `${options.appUrl}${DEV_OIDC_MOUNT}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'dev-1', alg: 'RS256', use: 'sig' };

  // Ask for an e-mail on every sign-in, so a developer can switch between test accounts.
  const policy = interactionPolicy.base();
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('dev_always_ask', 'the dev issuer asks every time', 'login_required', (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const provider = new Provider(issuerUrl, {
    clients: [
      {
        client_id: DEV_OIDC_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the e-mail in the ID token, as Google does.
    conformIdTokenClaims: false,
    // seconds; a login must finish within ten minutes, a code is spent at once
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `${DEV_OIDC_MOUNT}/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const email = emailOf(sub);
      if (!email) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email, email_verified: true, name: email.split('@')[0] }) };
    },
    // First-party client: consent is implied, so every request finds a grant for what it asks.
    async loadExistingGrant(ctx: any) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  // Behind a TLS-terminating proxy (https APP_URL) the provider must trust X-Forwarded-Proto to set its secure cookies.
  provider.proxy = options.appUrl.startsWith('https://');
  const handleProviderRequest = provider.callback();
  // The login form is one urlencoded field: no multipart (no files written anywhere), a small limit.
  const parseForm = koaBody({ urlencoded: true, multipart: false, json: false, text: false, formLimit: '4kb' });

  async function interaction(ctx: Context, uid: string, action: string | undefined): Promise<void> {
    let details;
    try {
      details = await provider.interactionDetails(ctx.req, ctx.res);
    } catch {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = page('This sign-in has expired. Close this page and start again.');
      return;
    }
    if (details.uid !== uid) {
      ctx.status = 400;
      return;
    }
    if (action === '/abort') {
      await provider.interactionFinished(
        ctx.req,
        ctx.res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      ctx.respond = false;
      return;
    }
    if (action === '/login' && ctx.method === 'POST') {
      await parseForm(ctx, async () => {});
      const parsed = Email.safeParse((ctx.request as { body?: { email?: unknown } }).body?.email);
      if (!parsed.success) {
        ctx.status = 400;
        ctx.type = 'html';
        ctx.body = loginPage(uid, Messages.emailNotValid);
        return;
      }
      await provider.interactionFinished(
        ctx.req,
        ctx.res,
        { login: { accountId: subjectFor(parsed.data) } },
        { mergeWithLastSubmission: false },
      );
      ctx.respond = false;
      return;
    }
    ctx.type = 'html';
    ctx.body = loginPage(uid, null);
  }

  return {
    issuerUrl,
    clientId: DEV_OIDC_CLIENT_ID,
    clientSecret,
    isServerToServer: (path) => SERVER_TO_SERVER.has(path),
    serves,
    async middleware(ctx, next) {
      if (!serves(ctx.path)) return next();
      const match = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(ctx.path.slice(DEV_OIDC_MOUNT.length));
      if (match) return interaction(ctx, match[1]!, match[2]);
      // Everything else is the provider's, mounted by hand: it reads its mount path from
      // `originalUrl` minus `url` (what koa-mount or Express would leave behind).
      const req = ctx.req as typeof ctx.req & { originalUrl?: string; baseUrl?: string };
      const rest = req.url!.slice(DEV_OIDC_MOUNT.length);
      req.originalUrl = req.url;
      req.baseUrl = DEV_OIDC_MOUNT;
      req.url = rest.startsWith('/') ? rest : `/${rest}`;
      ctx.respond = false;
      await handleProviderRequest(req, ctx.res);
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev sign-in</title><style>body{font-family:system-ui,sans-serif;max-width:22rem;margin:4rem auto;padding:0 1rem}
input,button{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;margin:.25rem 0}.error{color:#b00020}</style></head>
<body>${body}</body></html>`;
}

function loginPage(uid: string, error: string | null): string {
  const id = escapeHtml(uid);
  return page(`<h1>Dev sign-in</h1>
<p>This local issuer stands in for Google. Any e-mail address is accepted and treated as verified.</p>
<form method="post" action="${DEV_OIDC_MOUNT}/interaction/${id}/login">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" required autofocus autocomplete="email">
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Continue</button>
</form>
<p><a href="${DEV_OIDC_MOUNT}/interaction/${id}/abort">Cancel</a></p>`);
}
