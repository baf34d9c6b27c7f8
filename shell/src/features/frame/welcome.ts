import { WELCOME_WINDOW_MS, type Profile, type User } from '@studio/contracts';

/** spec 1 §4: the welcome modal shows once per user, within 15 minutes of sign-up, until it is closed. */
export function shouldShowWelcome(
  user: Pick<User, 'created_at'> | null,
  profile: Pick<Profile, 'welcome_shown'> | null,
  now: number,
): boolean {
  if (!user || !profile || profile.welcome_shown) return false;
  const age = now - Date.parse(user.created_at);
  return age >= 0 && age <= WELCOME_WINDOW_MS;
}
