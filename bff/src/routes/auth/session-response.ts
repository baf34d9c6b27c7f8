import type { SessionResponse } from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../../services/sessions.ts';
import { getOrCreateProfile } from '../../services/profiles.ts';

/** What `GET /api/auth/session` and every sign-in answer; the first one creates the profile. */
export async function sessionResponse(db: Db, user: SessionUser, recovery: boolean): Promise<SessionResponse> {
  return { user, profile: await getOrCreateProfile(db, user), recovery };
}
