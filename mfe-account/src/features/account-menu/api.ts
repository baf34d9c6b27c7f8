/**
 * The account menu's calls: username availability, the profile edit and the avatar upload. A saved
 * change refreshes the shared `['profile']` (every app's view of the user).
 */
import { ApiRoutes, type ProfileResponse, type UsernameAvailabilityResponse } from '@studio/contracts';
import { apiFetch, setProfile } from '@studio/session';
import { getQueryClient, sessionQueryKeys } from '@studio/session/query';

export const checkUsername = (username: string, signal?: AbortSignal) =>
  apiFetch<UsernameAvailabilityResponse>(`${ApiRoutes.usernameAvailable}?username=${encodeURIComponent(username)}`, { signal });

/** Puts the saved profile in the session and tells the other apps' profile readers. */
function saved(answer: ProfileResponse): ProfileResponse {
  setProfile(answer.profile);
  void getQueryClient().invalidateQueries({ queryKey: sessionQueryKeys.profile });
  return answer;
}

export const patchProfile = async (patch: { username?: string }) =>
  saved(await apiFetch<ProfileResponse>(ApiRoutes.profile, { method: 'PATCH', json: patch }));

export async function uploadAvatar(image: Blob, filename: string): Promise<ProfileResponse> {
  const form = new FormData();
  form.append('avatar', image, filename);
  return saved(await apiFetch<ProfileResponse>(ApiRoutes.avatar, { method: 'POST', body: form }));
}
