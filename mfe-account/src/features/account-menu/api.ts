/**
 * The account menu's calls: username availability, the profile edit and the avatar upload. A saved
 * change puts the profile in the session and refreshes the shared `['profile']` (every app's view of the user).
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiRoutes, USERNAME_CHECK_DEBOUNCE_MS, type ProfileResponse, type UsernameAvailabilityResponse } from '@studio/contracts';
import { apiFetch, setProfile } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { accountKeys } from '../../lib/query-keys.ts';
import { resizeAvatar } from './avatar.ts';

export const checkUsername = (username: string, signal?: AbortSignal) =>
  apiFetch<UsernameAvailabilityResponse>(`${ApiRoutes.usernameAvailable}?username=${encodeURIComponent(username)}`, { signal });

/**
 * Whether `username` is free, asked 500 ms after it stops changing (spec 2 §5); `null` asks nothing.
 * Each name is asked once a minute at most: typing back to a name already checked answers at once.
 */
export function useUsernameAvailability(username: string | null) {
  const [settled, setSettled] = useState(username);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(username), USERNAME_CHECK_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [username]);
  const asked = settled === username ? settled : null;
  const query = useQuery({
    queryKey: accountKeys.usernameAvailable(asked),
    queryFn: ({ signal }) => checkUsername(asked!, signal),
    enabled: asked !== null,
    staleTime: 60_000,
    retry: false,
  });
  // While the name is still changing, or its answer is on its way, it is being checked.
  return { ...query, checking: username !== null && (asked === null || query.isFetching) };
}

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
