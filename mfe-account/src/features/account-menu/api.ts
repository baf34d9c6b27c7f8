/**
 * The account menu's calls: username availability, the profile edit and the avatar upload. A saved
 * change puts the profile in the session and refreshes the shared `['profile']` (every app's view of the user).
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiRoutes, type ProfileResponse, type UsernameAvailabilityResponse } from '@studio/contracts';
import { apiFetch, setProfile } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { resizeAvatar } from './avatar.ts';

export const checkUsername = (username: string, signal?: AbortSignal) =>
  apiFetch<UsernameAvailabilityResponse>(`${ApiRoutes.usernameAvailable}?username=${encodeURIComponent(username)}`, { signal });

export const patchProfile = (patch: { username?: string }) =>
  apiFetch<ProfileResponse>(ApiRoutes.profile, { method: 'PATCH', json: patch });

export function uploadAvatar(image: Blob, filename: string): Promise<ProfileResponse> {
  const form = new FormData();
  form.append('avatar', image, filename);
  return apiFetch<ProfileResponse>(ApiRoutes.avatar, { method: 'POST', body: form });
}

/** Puts the saved profile in the session and tells the other apps' profile readers. */
function saved(queryClient: QueryClient, answer: ProfileResponse) {
  setProfile(answer.profile);
  return queryClient.invalidateQueries({ queryKey: sessionQueryKeys.profile });
}

/** Saves a new username. */
export function useSaveUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => patchProfile({ username }),
    onSuccess: (answer) => saved(queryClient, answer),
  });
}

/** Uploads an avatar, made small first (spec 2 §5). */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const resized = await resizeAvatar(file);
      return uploadAvatar(resized, resized === file ? file.name : 'avatar.jpg');
    },
    onSuccess: (answer) => saved(queryClient, answer),
  });
}
