import { Messages, RECENT_SIGN_IN_MS } from '@studio/contracts';
import type { Db } from '../db/index.ts';
import { forbidden, invalidRequest, unauthenticated } from '../errors.ts';
import type { SessionState } from '../middlewares/auth.ts';
import { verifyPassword } from './passwords.ts';
import { findUserById } from './users.ts';

/**
 * Before a change a stolen session must not be able to make (a new password, deleting the
 * account), the caller shows they are the owner: by the current password, or — for an account
 * without one (Google-type sign-in only) — by a sign-in within the last `RECENT_SIGN_IN_MS`.
 * `field` names the request field the password came in, for the error's details.
 */
export async function confirmAccountOwner(
  db: Db,
  userId: string,
  session: SessionState,
  password: string | undefined,
  field: string,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthenticated();
  if (user.password_hash) {
    if (!password) throw invalidRequest(Messages.currentPasswordRequired, { field });
    if (!(await verifyPassword(password, user.password_hash))) throw invalidRequest(Messages.currentPasswordIncorrect, { field });
    return;
  }
  if (Date.now() - session.createdAt.getTime() > RECENT_SIGN_IN_MS) throw forbidden(Messages.signInAgain);
}
