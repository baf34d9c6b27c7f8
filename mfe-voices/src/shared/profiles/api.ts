/**
 * Voice profiles' server calls (spec 2 §2, §7): the user's profiles, renaming and deleting one, and
 * cloning one from an audio sample. Components use these hooks and fetchers, never `apiFetch`; keys
 * live in `voiceKeys`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRoutes, type CloneVoiceResponse, type VoiceProfilesResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { voiceKeys } from '../../lib/query-keys.ts';

/** spec 2 §7: cloning may take up to 120 s. */
const CLONE_TIMEOUT_MS = 120_000;

export const getVoiceProfiles = (signal?: AbortSignal) => apiFetch<VoiceProfilesResponse>(ApiRoutes.voiceProfiles, { signal });
export const renameVoiceProfile = ({ id, name }: { id: string; name: string }) =>
  apiFetch(`${ApiRoutes.voiceProfiles}/${id}`, { method: 'PATCH', json: { name } });
export const deleteVoiceProfile = (id: string) => apiFetch(`${ApiRoutes.voiceProfiles}/${id}`, { method: 'DELETE' });

/** A voice profile to clone: its name, its owner and the audio sample. */
export interface VoiceCloneInput {
  name: string;
  userId: string;
  sample: File;
}
export function cloneVoice({ name, userId, sample }: VoiceCloneInput): Promise<CloneVoiceResponse> {
  const form = new FormData();
  form.set('voiceName', name);
  form.set('userId', userId);
  form.set('audioFile', sample);
  return apiFetch<CloneVoiceResponse>(ApiRoutes.cloneVoice, { method: 'POST', body: form, signal: AbortSignal.timeout(CLONE_TIMEOUT_MS) });
}

export const useVoiceProfiles = (userId: string) =>
  useQuery({
    queryKey: voiceKeys.profiles(userId),
    enabled: Boolean(userId),
    queryFn: ({ signal }) => getVoiceProfiles(signal),
  });

/** Renames a profile; the voices lists re-read before it answers. */
export function useRenameVoiceProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameVoiceProfile, onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceKeys.all }) });
}

/** Deletes a profile; the voices lists re-read before it answers. */
export function useDeleteVoiceProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteVoiceProfile, onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceKeys.all }) });
}

/** Clones a voice profile from a sample; the voices lists (the picker's profiles among them) re-read before it answers. */
export function useCloneVoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cloneVoice, onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceKeys.all }) });
}
