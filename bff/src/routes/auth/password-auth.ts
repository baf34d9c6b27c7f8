import {
  ApiRoutes,
  AppPaths,
  Messages,
  PasswordUpdateRequest,
  RecoverRequest,
  SigninRequest,
  SignupRequest,
  type MessageResponse,
  type SessionResponse,
} from '@studio/contracts';
import type { Context } from 'koa';
import type { AppDeps } from '../../app.ts';
import { AppError, conflict, DbErrorCodes, forbidden, invalidRequest, isDbError, unauthenticated } from '../../errors.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { consumeAuthToken, issueAuthToken } from '../../services/auth-tokens.ts';
import type { MailMessage } from '../../services/mail.ts';
import { hashPassword, verifyPassword } from '../../services/passwords.ts';
import { endOtherSessions, endSession, startSession } from '../../services/sessions.ts';
import { confirmationMail, recoveryMail } from './emails.ts';
import { sessionResponse } from './session-response.ts';
import { findUserByEmail, findUserById, toSessionUser } from '../../services/users.ts';

/** A redirect back to the front end carrying a message it shows (`?error=`). */
export function redirectWithError(ctx: Context, path: string, message: string): void {
  ctx.redirect(`${path}?error=${encodeURIComponent(message)}`);
}

/** The e-mail/password side of accounts: sign-up and confirmation, sign-in, recovery. */
export function createPasswordAuthHandlers({ db, config, mailer }: AppDeps) {
  const linkTo = (path: string, token: string) => `${config.appUrl}${path}?token=${encodeURIComponent(token)}`;

  async function sendMail(ctx: Context, message: MailMessage): Promise<void> {
    try {
      await mailer.send(message);
    } catch (error) {
      ctx.state.log.error({ err: error instanceof Error ? error.message : String(error), subject: message.subject }, 'mail not sent');
      throw new AppError(502, 'upstream_failed', Messages.unexpected);
    }
  }

  /** Replaces whatever session the browser holds (no session fixation across sign-ins). */
  async function signInAs(ctx: Context, userId: string, kind: 'user' | 'recovery' = 'user'): Promise<void> {
    await endSession(ctx, db, config);
    await startSession(ctx, db, config, userId, kind);
  }

  return {
    async signup(ctx: Context): Promise<void> {
      const { email, password } = SignupRequest.parse(ctx.request.body);
      const existing = await findUserByEmail(db, email);
      if (existing?.email_confirmed_at) throw conflict(Messages.userAlreadyRegistered);
      const passwordHash = await hashPassword(password);
      let userId: string;
      if (existing) {
        // Signing up again before confirming: the latest password wins and earlier links stop
        // working, so an older link cannot confirm an account whose password was since changed.
        await db('users').where({ id: existing.id }).update({ password_hash: passwordHash, updated_at: db.fn.now() });
        userId = existing.id;
      } else {
        try {
          const [row] = await db('users').insert({ email, password_hash: passwordHash }).returning('id');
          userId = row.id;
        } catch (error) {
          if (isDbError(error, DbErrorCodes.uniqueViolation)) throw conflict(Messages.userAlreadyRegistered);
          throw error;
        }
      }
      const token = await issueAuthToken(db, userId, 'confirm_email', { replacePending: true });
      await sendMail(ctx, confirmationMail(email, linkTo(ApiRoutes.confirm, token)));
      ctx.status = 201;
      ctx.body = { message: Messages.signupSent } satisfies MessageResponse;
    },

    async confirm(ctx: Context): Promise<void> {
      const userId = await consumeAuthToken(db, ctx.query.token, 'confirm_email');
      if (!userId) return redirectWithError(ctx, AppPaths.authCallback, Messages.linkInvalid);
      await db('users').where({ id: userId }).whereNull('email_confirmed_at').update({ email_confirmed_at: db.fn.now() });
      await signInAs(ctx, userId);
      ctx.redirect(AppPaths.authCallback);
    },

    async signin(ctx: Context): Promise<void> {
      const { email, password } = SigninRequest.parse(ctx.request.body);
      const user = await findUserByEmail(db, email);
      // verifyPassword spends the same time for an unknown e-mail: timing tells nothing.
      const valid = await verifyPassword(password, user?.password_hash ?? null);
      if (!user || !valid) throw invalidRequest(Messages.invalidCredentials);
      if (!user.email_confirmed_at) throw forbidden(Messages.emailNotConfirmed);
      await signInAs(ctx, user.id);
      ctx.body = (await sessionResponse(db, toSessionUser(user, config), false)) satisfies SessionResponse;
    },

    async signout(ctx: Context): Promise<void> {
      await endSession(ctx, db, config);
      ctx.status = 204;
    },

    async session(ctx: Context): Promise<void> {
      ctx.body = (await sessionResponse(db, currentUser(ctx.state), ctx.state.session?.kind === 'recovery')) satisfies SessionResponse;
    },

    async recover(ctx: Context): Promise<void> {
      const { email } = RecoverRequest.parse(ctx.request.body);
      const user = await findUserByEmail(db, email);
      if (user) {
        const token = await issueAuthToken(db, user.id, 'recover');
        // Not awaited: the answer must not take longer for a real account (no enumeration by timing).
        mailer.send(recoveryMail(user.email, linkTo(ApiRoutes.recoverLink, token))).catch((error: unknown) => {
          ctx.state.log.error({ err: error instanceof Error ? error.message : String(error) }, 'password reset mail not sent');
        });
      }
      ctx.body = { message: Messages.recoverSent } satisfies MessageResponse;
    },

    async verifyRecovery(ctx: Context): Promise<void> {
      const userId = await consumeAuthToken(db, ctx.query.token, 'recover');
      if (!userId) return redirectWithError(ctx, AppPaths.resetPassword, Messages.linkInvalid);
      // A recovery session may only set a new password (requireUser refuses it everywhere else).
      await signInAs(ctx, userId, 'recovery');
      ctx.redirect(AppPaths.resetPassword);
    },

    async updatePassword(ctx: Context): Promise<void> {
      const { password } = PasswordUpdateRequest.parse(ctx.request.body);
      const { id } = currentUser(ctx.state);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (trx) => {
        // Holding a recovery link proves control of the inbox, so the address counts as confirmed.
        await trx('users')
          .where({ id })
          .update({ password_hash: passwordHash, email_confirmed_at: trx.raw('coalesce(email_confirmed_at, now())'), updated_at: trx.fn.now() });
        // Reset links still in flight die with the old password.
        await trx('auth_tokens').where({ user_id: id, purpose: 'recover' }).whereNull('used_at').update({ used_at: trx.fn.now() });
      });
      // Every session ends (elsewhere, and this one); the caller continues in a fresh full session.
      await endOtherSessions(db, id, null);
      await startSession(ctx, db, config, id, 'user');
      const user = await findUserById(db, id);
      if (!user) throw unauthenticated();
      ctx.body = (await sessionResponse(db, toSessionUser(user, config), false)) satisfies SessionResponse;
    },
  };
}
