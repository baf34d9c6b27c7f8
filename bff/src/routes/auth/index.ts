import {
  ApiRoutes,
  AppPaths,
  AuthProvidersResponse,
  ConfirmEmailRequest,
  MessageResponse,
  PasswordUpdateRequest,
  RecoverRequest,
  RecoveryLinkCheckResponse,
  RecoveryLinkRequest,
  SessionProbeResponse,
  SessionResponse,
  SigninRequest,
  SignupRequest,
} from '@studio/contracts';
import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { RATE_LIMITS, rateLimit } from '../../middlewares/rate-limit.ts';
import { route } from '../route.ts';
import { createGoogleHandlers } from './google.ts';
import { createPasswordAuthHandlers } from './password-auth.ts';

// Without a token the link still lands on its page.
const LinkQuery = z.object({ token: z.string().optional() });

/** Accounts and sessions: e-mail/password with confirmation and recovery, and Google-type sign-in. */
export function authRoutes(deps: AppDeps): Router {
  const router = new Router();
  const password = createPasswordAuthHandlers(deps);
  const google = createGoogleHandlers(deps);
  const limit = (name: keyof typeof RATE_LIMITS, countFailuresOnly = false) =>
    rateLimit({ name, store: deps.rateLimitStore, rules: RATE_LIMITS[name], countFailuresOnly });

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.signup,
      summary: 'Create an account; a confirmation link is e-mailed (an unconfirmed address gets a new one)',
      body: SignupRequest,
      responses: { 201: MessageResponse, 409: 'An account with this e-mail already exists', 429: 'Too many attempts' },
    },
    limit('signup'),
    password.signup,
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.confirm,
      summary: "Complete the confirmation link's page: the link's token and the account's password confirm the e-mail and sign in",
      body: ConfirmEmailRequest,
      responses: { 200: SessionResponse, 400: 'The link is invalid or used, or the password is wrong', 429: 'Too many attempts' },
    },
    limit('signin', true),
    password.confirm,
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.confirm,
      summary: 'A confirmation link mailed by an earlier version: redirects to the confirmation page without using the token',
      query: LinkQuery,
      responses: { 302: 'Redirect to /auth/confirm' },
    },
    password.legacyLink(AppPaths.confirmEmail),
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.signin,
      summary: 'Sign in with e-mail and password; sets the session cookie',
      body: SigninRequest,
      responses: { 200: SessionResponse, 400: 'Invalid email or password', 403: 'E-mail not confirmed', 429: 'Too many attempts' },
    },
    limit('signin', true),
    password.signin,
  );

  route(
    router,
    { method: 'post', path: ApiRoutes.signout, summary: 'End the session and clear its cookie', responses: { 204: 'Signed out' } },
    password.signout,
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.session,
      summary: 'The signed-in user and profile (recovery: true for a password-reset session); a visitor gets user: null',
      auth: 'none',
      responses: { 200: SessionProbeResponse },
    },
    password.session,
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.recover,
      summary: 'E-mail a password reset link; answers the same whether or not the account exists',
      body: RecoverRequest,
      responses: { 200: MessageResponse, 429: 'Too many attempts' },
    },
    limit('recover'),
    password.recover,
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.recoverLink,
      summary: "The reset page's submit: the mail's token starts a recovery session (it may only set a password)",
      body: RecoveryLinkRequest,
      responses: { 200: SessionResponse, 400: 'The link is invalid, used or expired' },
    },
    password.verifyRecovery,
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.recoverLinkCheck,
      summary: 'Whether a reset link is still usable (not used, not expired), without using it: the reset page asks on opening',
      body: RecoveryLinkRequest,
      responses: { 200: RecoveryLinkCheckResponse, 400: 'The link is invalid, used or expired' },
    },
    password.checkRecovery,
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.recoverLink,
      summary: 'A reset link mailed by an earlier version: redirects to /reset-password without using the token',
      query: LinkQuery,
      responses: { 302: 'Redirect to /reset-password' },
    },
    password.legacyLink(AppPaths.resetPassword),
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.password,
      summary: "Set a new password (recovering, or signed in with the current password); ends the user's other sessions",
      auth: 'user-or-recovery',
      body: PasswordUpdateRequest,
      responses: {
        200: SessionResponse,
        400: 'Current password missing or wrong',
        401: 'Not signed in',
        403: 'No password: sign in again first',
      },
    },
    limit('signin', true),
    password.updatePassword,
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.authProviders,
      summary: 'Which sign-in methods are offered (Google-type sign-in needs a configured issuer in production)',
      responses: { 200: AuthProvidersResponse },
    },
    (ctx) => {
      ctx.body = { google: deps.oidc !== null } satisfies AuthProvidersResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.oauthGoogle,
      summary: 'Start Google sign-in: redirect to the OpenID Connect issuer (state, nonce, PKCE)',
      responses: { 302: 'Redirect to the issuer' },
    },
    google.begin,
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.oauthGoogleCallback,
      summary: 'Return from the issuer: sign in, or create or link the account by verified e-mail; redirect to /auth/callback',
      responses: { 302: 'Redirect to /auth/callback (?error= on failure)' },
    },
    google.callback,
  );

  return router;
}
