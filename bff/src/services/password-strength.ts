import { Messages } from '@studio/contracts';
import { isWeakPassword } from '@studio/session/password-strength';
import { invalidRequest } from '../errors.ts';

/** spec 1 §3: a weak new password is refused with the spec's text (the forms say it live too). */
export async function assertStrongPassword(password: string, email: string): Promise<void> {
  if (await isWeakPassword(password, email)) throw invalidRequest(Messages.weakPassword, { field: 'password' });
}
