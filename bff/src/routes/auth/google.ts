import { ApiRoutes, AppPaths, Messages } from '@studio/contracts';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.ts';
import { OidcCancelledError } from '../../services/oidc.ts';
import { redirectWithError } from './password-auth.ts';

/** The flow cookie only travels to the callback, for ten minutes. */
const FLOW_COOKIE = 'studio_oidc';
const FLOW_COOKIE_MS = 10 * 60_000;

/** Sign-in with a Google-type provider (DESIGN decision 3): authorization code + PKCE, state and nonce. */
export function createGoogleHandlers({ services: { auth }, config, oidc }: AppDeps) {
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
    path: ApiRoutes.oauthGoogleCallback,
    overwrite: true,
  };
  const redirectUri = `${config.appUrl}${ApiRoutes.oauthGoogleCallback}`;

  return {
    async begin(ctx: Context): Promise<void> {
      // Off in production until an issuer is configured: the spec's failure text.
      if (!oidc) return redirectWithError(ctx, AppPaths.authCallback, Messages.googleFailed);
      let login;
      try {
        login = await oidc.beginLogin();
      } catch (error) {
        ctx.state.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'OIDC issuer unreachable');
        // spec 1 §8: a network error gets its own message.
        return redirectWithError(ctx, AppPaths.authCallback, Messages.googleNetwork);
      }
      ctx.cookies.set(FLOW_COOKIE, oidc.sealFlow(login.flow), { ...cookieOptions, maxAge: FLOW_COOKIE_MS });
      ctx.redirect(login.url.href);
    },

    async callback(ctx: Context): Promise<void> {
      if (!oidc) return redirectWithError(ctx, AppPaths.authCallback, Messages.googleFailed);
      const flow = oidc.openFlow(ctx.cookies.get(FLOW_COOKIE));
      ctx.cookies.set(FLOW_COOKIE, null, { ...cookieOptions, maxAge: 0 });
      if (ctx.query.error === 'access_denied') return redirectWithError(ctx, AppPaths.authCallback, Messages.googleCancelled);
      if (!flow) return redirectWithError(ctx, AppPaths.authCallback, Messages.googleFailed);
      let userId: string;
      try {
        const callbackUrl = new URL(redirectUri);
        callbackUrl.search = ctx.querystring;
        const identity = await oidc.finishLogin(callbackUrl, flow);
        userId = await auth.users.forIdentity(identity);
      } catch (error) {
        if (error instanceof OidcCancelledError) return redirectWithError(ctx, AppPaths.authCallback, Messages.googleCancelled);
        ctx.state.log.warn({ err: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }, 'Google sign-in failed');
        return redirectWithError(ctx, AppPaths.authCallback, Messages.googleFailed);
      }
      await auth.sessions.end(ctx);
      await auth.sessions.start(ctx, userId);
      ctx.redirect(AppPaths.authCallback);
    },
  };
}
