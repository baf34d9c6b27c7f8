import { z } from 'zod';
import { PASSWORD_MIN } from './constants.ts';
import { Messages } from './errors.ts';
import { Profile } from './profile.ts';

export const Email = z
  .string({ error: Messages.emailNotValid })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: Messages.emailNotValid }).max(254, { error: Messages.emailNotValid }));

export const Password = z
  .string({ error: Messages.passwordTooShort })
  .min(PASSWORD_MIN, { error: Messages.passwordTooShort })
  .max(200, { error: Messages.weakPassword });

/** The password a signed-in user types again before a sensitive change (never checked for strength). */
const CurrentPassword = z.string().max(200, { error: Messages.currentPasswordIncorrect });

/** Password + confirmation, with the spec's mismatch message checked first. */
const PasswordPair = z
  .object({ password: z.string({ error: Messages.passwordTooShort }), confirmPassword: z.string().default('') })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: Messages.passwordsDoNotMatch, path: ['confirmPassword'] });
      return;
    }
    const result = Password.safeParse(v.password);
    if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]!.message, path: ['password'] });
  });

export const SignupRequest = z.object({ email: Email }).and(PasswordPair);
export type SignupRequest = z.infer<typeof SignupRequest>;

export const SigninRequest = z.object({ email: Email, password: z.string().min(1, { error: Messages.invalidCredentials }) });
export type SigninRequest = z.infer<typeof SigninRequest>;

export const RecoverRequest = z.object({ email: Email });
export type RecoverRequest = z.infer<typeof RecoverRequest>;

/** A link token from a mail (confirmation or recovery); only ever sent in a POST body. */
const LinkToken = z
  .string({ error: Messages.linkInvalid })
  .min(1, { error: Messages.linkInvalid })
  .max(100, { error: Messages.linkInvalid });

/**
 * Completes an e-mail confirmation: the link proves the inbox, the password proves who chose it,
 * so nobody but the inbox owner ends up with a working password (no pre-account takeover).
 */
export const ConfirmEmailRequest = z.object({
  token: LinkToken,
  password: z
    .string({ error: Messages.passwordRequired })
    .min(1, { error: Messages.passwordRequired })
    .max(200, { error: Messages.invalidCredentials }),
});
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequest>;

/** `POST /api/auth/recover/check`: the link can still be used (an unusable one is the 400 of `Messages.linkInvalid`). */
export const RecoveryLinkCheckResponse = z.object({ valid: z.literal(true) });
export type RecoveryLinkCheckResponse = z.infer<typeof RecoveryLinkCheckResponse>;

/** Opens a password-recovery session from the reset mail's token. */
export const RecoveryLinkRequest = z.object({ token: LinkToken });
export type RecoveryLinkRequest = z.infer<typeof RecoveryLinkRequest>;

/** A new password; from a normal session `currentPassword` is required too (a recovery session needs none). */
export const PasswordUpdateRequest = z.object({ currentPassword: CurrentPassword.optional() }).and(PasswordPair);
export type PasswordUpdateRequest = z.infer<typeof PasswordUpdateRequest>;

/** Deleting the account asks for the password (accounts without one: a sign-in in the last 10 minutes). */
export const AccountDeleteRequest = z.object({ password: CurrentPassword.optional() });
export type AccountDeleteRequest = z.infer<typeof AccountDeleteRequest>;

/** Which sign-in methods this studio offers (Google-type sign-in is off when no issuer is configured in production). */
export const AuthProvidersResponse = z.object({ google: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const User = z.object({
  id: z.string().uuid(),
  email: z.string(),
  email_confirmed_at: z.string().nullable(),
  created_at: z.string(),
  is_admin: z.boolean(),
});
export type User = z.infer<typeof User>;

export const SessionResponse = z.object({
  user: User,
  profile: Profile,
  /** true while the session may only set a new password (recovery link). */
  recovery: z.boolean(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;
/** `GET /api/auth/session`: the session, or no user for a visitor (a 200, so a visitor's page logs no error). */
export const SessionProbeResponse = z.union([SessionResponse, z.object({ user: z.null(), profile: z.null(), recovery: z.literal(false) })]);
export type SessionProbeResponse = z.infer<typeof SessionProbeResponse>;
