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

export const PasswordUpdateRequest = PasswordPair;
export type PasswordUpdateRequest = z.infer<typeof PasswordUpdateRequest>;

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
