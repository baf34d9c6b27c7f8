import { ApiRoutes, AppPaths, Messages } from '@studio/contracts';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/index.ts';
import { DbErrorCodes, isDbError } from '../../errors.ts';
import { retirePendingAuthTokens } from '../../services/auth-tokens.ts';
import { OidcCancelledError, type OidcIdentity } from '../../services/oidc.ts';
import { endSession, startSession } from '../../services/sessions.ts';
import { redirectWithError } from './password-auth.ts';

/** The flow cookie only travels to the callback, for ten minutes. */
const FLOW_COOKIE = 'studio_oidc';
const FLOW_COOKIE_MS = 10 * 60_000;
const PROVIDER = 'google';

class UnverifiedEmailError extends Error {
  override name = 'UnverifiedEmailError';
}

/**
 * The account for a provider identity: the one already linked to it, else the account with the
 * same *verified* e-mail (linked now), else a new confirmed account without a password.
 */
async function accountFor(db: Db, identity: OidcIdentity): Promise<string> {
  return db.transaction(async (trx) => {
    const linked = await trx('oauth_identities').where({ provider: PROVIDER, subject: identity.subject }).first('user_id');
    if (linked) return linked.user_id as string;
    // An unverified address proves nothing: linking on it would hand over someone else's account.
    if (!identity.email || !identity.emailVerified) throw new UnverifiedEmailError('the provider did not vouch for the e-mail');
    let user = await trx('users').whereRaw('lower(email) = ?', [identity.email]).forUpdate().first('id', 'email_confirmed_at');
    if (!user) {
      [user] = await trx('users')
        .insert({ email: identity.email, email_confirmed_at: trx.fn.now() })
        .returning(['id', 'email_confirmed_at']);
    } else if (!user.email_confirmed_at) {
      // Whoever signed up with this address never proved it; the provider now has. Their password
      // is dropped so a squatter who registered first cannot sign in to the owner's account.
      await trx('users').where({ id: user.id }).update({ email_confirmed_at: trx.fn.now(), password_hash: null, updated_at: trx.fn.now() });
      await trx('sessions').where({ user_id: user.id }).delete();
      // The address is proven: links mailed for that registration have nothing left to confirm.
      await retirePendingAuthTokens(trx, user.id, 'confirm_email');
    }
    await trx('oauth_identities').insert({ user_id: user.id, provider: PROVIDER, subject: identity.subject, email: identity.email });
    return user.id as string;
  });
}

/** Sign-in with a Google-type provider (DESIGN decision 3): authorization code + PKCE, state and nonce. */
export function createGoogleHandlers({ db, config, oidc }: AppDeps) {
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
        try {
          userId = await accountFor(db, identity);
        } catch (error) {
          // Two first sign-ins racing: the loser finds the winner's rows on a second look.
          if (!isDbError(error, DbErrorCodes.uniqueViolation)) throw error;
          userId = await accountFor(db, identity);
        }
      } catch (error) {
        if (error instanceof OidcCancelledError) return redirectWithError(ctx, AppPaths.authCallback, Messages.googleCancelled);
        ctx.state.log.warn({ err: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }, 'Google sign-in failed');
        return redirectWithError(ctx, AppPaths.authCallback, Messages.googleFailed);
      }
      await endSession(ctx, db, config);
      await startSession(ctx, db, config, userId);
      ctx.redirect(AppPaths.authCallback);
    },
  };
}
