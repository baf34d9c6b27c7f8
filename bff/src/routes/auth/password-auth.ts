import { finished } from 'node:stream';
import {
  AppPaths,
  Messages,
  type ConfirmEmailRequest,
  type PasswordUpdateRequest,
  type RecoverRequest,
  type RecoveryLinkRequest,
  type SigninRequest,
  type SignupRequest,
  type MessageResponse,
  type RecoveryLinkCheckResponse,
  type SessionProbeResponse,
  type SessionResponse,
} from '@studio/contracts';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.ts';
import { AppError, conflict, forbidden, invalidRequest, unauthenticated } from '../../errors.ts';
import { currentSession, currentUser } from '../../middlewares/auth.ts';
import type { MailMessage } from '../../services/mail.ts';
import { assertStrongPassword } from '../../services/password-strength.ts';
import { hashPassword, verifyPassword } from '../../services/passwords.ts';
import { confirmationMail, recoveryMail } from './emails.ts';

/** A redirect back to the front end carrying a message it shows (`?error=`). */
export function redirectWithError(ctx: Context, path: string, message: string): void {
  ctx.redirect(`${path}?error=${encodeURIComponent(message)}`);
}

/** Runs `work` once the answer has been sent (or the caller has gone): its time is not the answer's. */
function afterResponse(ctx: Context, work: () => Promise<void>): void {
  finished(ctx.res, () => void work());
}

/** The e-mail/password side of accounts: sign-up and confirmation, sign-in, recovery. */
export function createPasswordAuthHandlers({ services: { auth }, config, mailer }: AppDeps) {
  const linkTo = (path: string, token: string) => `${config.appUrl}${path}?token=${encodeURIComponent(token)}`;

  async function sendMail(ctx: Context, message: MailMessage): Promise<void> {
    try {
      await mailer.send(message);
    } catch (error) {
      ctx.state.log.error({ err: error instanceof Error ? error.message : String(error), subject: message.subject }, 'mail not sent');
      throw new AppError(502, 'upstream_failed', Messages.unexpected);
    }
  }

  /** What a recovery request does for any address, after its answer: a reset link if it has an account. */
  async function sendRecoveryLink(email: string, log: Context['state']['log']): Promise<void> {
    try {
      const user = await auth.users.byEmail(email);
      if (!user) return;
      const token = await auth.tokens.issue(user.id, 'recover');
      await mailer.send(recoveryMail(user.email, linkTo(AppPaths.resetPassword, token)));
    } catch (error) {
      log.error({ err: error instanceof Error ? error.message : String(error) }, 'password reset mail not sent');
    }
  }

  /** Replaces whatever session the browser holds (no session fixation across sign-ins). */
  async function signInAs(ctx: Context, userId: string, kind: 'user' | 'recovery' = 'user'): Promise<void> {
    await auth.sessions.end(ctx);
    await auth.sessions.start(ctx, userId, kind);
  }

  /** Answers the session of `userId`, read fresh (a sign-in may just have confirmed the address). */
  async function answerSession(ctx: Context, userId: string, recovery: boolean): Promise<void> {
    const user = await auth.users.byId(userId);
    if (!user) throw unauthenticated();
    ctx.body = (await auth.sessionResponse(auth.users.toSessionUser(user), recovery)) satisfies SessionResponse;
  }

  return {
    async signup(ctx: Context, { body: { email, password } }: { body: SignupRequest }): Promise<void> {
      await assertStrongPassword(password, email);
      const existing = await auth.users.byEmail(email);
      if (existing?.email_confirmed_at) throw conflict(Messages.userAlreadyRegistered);
      let userId: string;
      if (existing) {
        // Signing up again before confirming changes nothing stored: the original registration's
        // confirmation is sent again. Replacing the password here would let whoever signs up last
        // (an attacker, after the owner) hold a password on the account the owner then confirms.
        userId = existing.id;
      } else {
        userId = await auth.users.createWithPassword(email, await hashPassword(password));
      }
      const token = await auth.tokens.issue(userId, 'confirm_email', { replacePending: true });
      await sendMail(ctx, confirmationMail(email, linkTo(AppPaths.confirmEmail, token)));
      ctx.status = 201;
      ctx.body = { message: Messages.signupSent } satisfies MessageResponse;
    },

    /**
     * Completes the confirmation link's page with a same-origin POST (a GET or a cross-site page
     * cannot sign a browser in). The link proves the inbox and the password proves who chose it,
     * so a registration someone else made with the owner's address never becomes theirs to use.
     */
    async confirm(ctx: Context, { body: { token, password } }: { body: ConfirmEmailRequest }): Promise<void> {
      const userId = await auth.tokens.userOf(token, 'confirm_email');
      const user = userId ? await auth.users.byId(userId) : undefined;
      if (!user?.password_hash || user.email_confirmed_at) throw invalidRequest(Messages.linkInvalid, { field: 'token' });
      // A wrong password leaves the link usable: the owner may retry, or reset the password.
      if (!(await verifyPassword(password, user.password_hash))) throw invalidRequest(Messages.invalidCredentials, { field: 'password' });
      if (!(await auth.users.confirmEmail(user.id, token))) throw invalidRequest(Messages.linkInvalid, { field: 'token' });
      await signInAs(ctx, user.id);
      await answerSession(ctx, user.id, false);
    },

    async signin(ctx: Context, { body: { email, password } }: { body: SigninRequest }): Promise<void> {
      const user = await auth.users.byEmail(email);
      // verifyPassword spends the same time for an unknown e-mail: timing tells nothing.
      const valid = await verifyPassword(password, user?.password_hash ?? null);
      if (!user || !valid) throw invalidRequest(Messages.invalidCredentials);
      if (!user.email_confirmed_at) throw forbidden(Messages.emailNotConfirmed);
      await signInAs(ctx, user.id);
      ctx.body = (await auth.sessionResponse(auth.users.toSessionUser(user), false)) satisfies SessionResponse;
    },

    async signout(ctx: Context): Promise<void> {
      await auth.sessions.end(ctx);
      ctx.status = 204;
    },

    /** The signed-in user and profile; a visitor (no session, or an expired one) gets no user, not an error. */
    async session(ctx: Context): Promise<void> {
      const user = ctx.state.user;
      ctx.body = (
        user ? await auth.sessionResponse(user, ctx.state.session?.kind === 'recovery') : { user: null, profile: null, recovery: false }
      ) satisfies SessionProbeResponse;
    },

    async recover(ctx: Context, { body: { email } }: { body: RecoverRequest }): Promise<void> {
      // The answer leaves before the address is even looked up, whether it has an account or not:
      // its time cannot tell (a reset link's token write and mail took ~20 ms more for an account).
      afterResponse(ctx, () => sendRecoveryLink(email, ctx.state.log));
      ctx.body = { message: Messages.recoverSent } satisfies MessageResponse;
    },

    /** Tells the reset page on opening whether its link still works; the token stays unused. */
    async checkRecovery(ctx: Context, { body: { token } }: { body: RecoveryLinkRequest }): Promise<void> {
      if (!(await auth.tokens.userOf(token, 'recover'))) throw invalidRequest(Messages.linkInvalid, { field: 'token' });
      ctx.body = { valid: true } satisfies RecoveryLinkCheckResponse;
    },

    /** The reset page opens a recovery session with the mail's token when the user submits it. */
    async verifyRecovery(ctx: Context, { body: { token } }: { body: RecoveryLinkRequest }): Promise<void> {
      const userId = await auth.tokens.consume(token, 'recover');
      if (!userId) throw invalidRequest(Messages.linkInvalid, { field: 'token' });
      // A recovery session may only set a new password (requireUser refuses it everywhere else).
      await signInAs(ctx, userId, 'recovery');
      await answerSession(ctx, userId, true);
    },

    /** A link mailed before links opened pages: it lands on the page, which asks before it acts. */
    legacyLink(page: string) {
      return async (ctx: Context, { query: { token } }: { query: { token?: string } }): Promise<void> => {
        ctx.redirect(token ? `${page}?token=${encodeURIComponent(token)}` : page);
      };
    },

    async updatePassword(ctx: Context, { body: { password, currentPassword } }: { body: PasswordUpdateRequest }): Promise<void> {
      const { id } = currentUser(ctx.state);
      const session = currentSession(ctx.state);
      // A recovery session proved the inbox just now; a normal one may be a stolen cookie.
      if (session.kind === 'user') await auth.confirmOwner(id, session, currentPassword, 'currentPassword');
      await assertStrongPassword(password, currentUser(ctx.state).email);
      await auth.users.setPassword(id, await hashPassword(password));
      // Every session ends (elsewhere, and this one); the caller continues in a fresh full session.
      await auth.sessions.endOthers(id, null);
      await auth.sessions.start(ctx, id, 'user');
      await answerSession(ctx, id, false);
    },
  };
}
