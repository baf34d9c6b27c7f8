import {
  ApiRoutes,
  MessageResponse,
  PasswordUpdateRequest,
  RecoverRequest,
  SessionResponse,
  SigninRequest,
  SignupRequest,
} from '@studio/contracts';
import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { AUTH_RATE_LIMITS, rateLimit } from '../../middlewares/rate-limit.ts';
import { route } from '../route.ts';
import { createGoogleHandlers } from './google.ts';
import { createPasswordAuthHandlers } from './password-auth.ts';

const LinkQuery = z.object({ token: z.string() });

/** Accounts and sessions (issue 2): e-mail/password with confirmation and recovery, and Google-type sign-in. */
export function authRoutes(deps: AppDeps): Router {
  const router = new Router();
  const password = createPasswordAuthHandlers(deps);
  const google = createGoogleHandlers(deps);
  const limit = (name: keyof typeof AUTH_RATE_LIMITS, countFailuresOnly = false) =>
    rateLimit({ name, store: deps.rateLimitStore, rules: AUTH_RATE_LIMITS[name], countFailuresOnly });

  route(router, {
    method: 'post',
    path: ApiRoutes.signup,
    summary: 'Create an account; a confirmation link is e-mailed (an unconfirmed address gets a new one)',
    body: SignupRequest,
    responses: { 201: MessageResponse, 409: 'An account with this e-mail already exists', 429: 'Too many attempts' },
  }, limit('signup'), password.signup);

  route(router, {
    method: 'get',
    path: ApiRoutes.confirm,
    summary: 'The confirmation link: confirms the e-mail, signs in, redirects to /auth/callback (?error= when the link is bad)',
    query: LinkQuery,
    responses: { 302: 'Redirect to /auth/callback' },
  }, password.confirm);

  route(router, {
    method: 'post',
    path: ApiRoutes.signin,
    summary: 'Sign in with e-mail and password; sets the session cookie',
    body: SigninRequest,
    responses: { 200: SessionResponse, 400: 'Invalid email or password', 403: 'E-mail not confirmed', 429: 'Too many attempts' },
  }, limit('signin', true), password.signin);

  route(router, { method: 'post', path: ApiRoutes.signout, summary: 'End the session and clear its cookie', responses: { 204: 'Signed out' } }, password.signout);

  route(router, {
    method: 'get',
    path: ApiRoutes.session,
    summary: 'The signed-in user and profile (recovery: true for a password-reset session)',
    auth: 'user-or-recovery',
    responses: { 200: SessionResponse, 401: 'Not signed in' },
  }, password.session);

  route(router, {
    method: 'post',
    path: ApiRoutes.recover,
    summary: 'E-mail a password reset link; answers the same whether or not the account exists',
    body: RecoverRequest,
    responses: { 200: MessageResponse, 429: 'Too many attempts' },
  }, limit('recover'), password.recover);

  route(router, {
    method: 'get',
    path: ApiRoutes.recoverLink,
    summary: 'The reset link: starts a recovery session (it may only set a password), redirects to /reset-password',
    query: LinkQuery,
    responses: { 302: 'Redirect to /reset-password' },
  }, password.verifyRecovery);

  route(router, {
    method: 'post',
    path: ApiRoutes.password,
    summary: "Set a new password (signed in or recovering); ends the user's other sessions",
    auth: 'user-or-recovery',
    body: PasswordUpdateRequest,
    responses: { 200: SessionResponse, 401: 'Not signed in' },
  }, password.updatePassword);

  route(router, {
    method: 'get',
    path: ApiRoutes.oauthGoogle,
    summary: 'Start Google sign-in: redirect to the OpenID Connect issuer (state, nonce, PKCE)',
    responses: { 302: 'Redirect to the issuer' },
  }, google.begin);

  route(router, {
    method: 'get',
    path: ApiRoutes.oauthGoogleCallback,
    summary: 'Return from the issuer: sign in, or create or link the account by verified e-mail; redirect to /auth/callback',
    responses: { 302: 'Redirect to /auth/callback (?error= on failure)' },
  }, google.callback);

  return router;
}
