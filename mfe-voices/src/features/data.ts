import { useQuery } from '@tanstack/react-query';
import {
  ApiRoutes,
  type CharactersResponse,
  type SavedVoicesResponse,
  type VoiceInfoResponse,
  type VoiceLibraryResponse,
  type VoiceProfilesResponse,
} from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { cachedInBrowser, LIBRARY_CACHE_MS, VOICE_INFO_CACHE_MS } from '../lib/browser-cache.ts';
import { voiceKeys } from '../lib/query-keys.ts';

/** The voice library grouped by category, kept 5 minutes in browser storage (spec 2 §7). */
export const useVoiceLibrary = () =>
  useQuery({
    queryKey: voiceKeys.library(),
    staleTime: LIBRARY_CACHE_MS,
    queryFn: () => cachedInBrowser('studio.voiceLibrary', LIBRARY_CACHE_MS, () => apiFetch<VoiceLibraryResponse>(ApiRoutes.voiceLibrary)),
  });

export const useVoiceProfiles = (userId: string) =>
  useQuery({
    queryKey: voiceKeys.profiles(userId),
    enabled: Boolean(userId),
    queryFn: ({ signal }) => apiFetch<VoiceProfilesResponse>(ApiRoutes.voiceProfiles, { signal }),
  });

export const useSavedVoices = (userId: string) =>
  useQuery({
    queryKey: voiceKeys.saved(userId),
    enabled: Boolean(userId),
    queryFn: ({ signal }) => apiFetch<SavedVoicesResponse>(ApiRoutes.savedVoices, { signal }),
  });

/** Characters that have a voice (spec 2 §2: the picker lists character voices). */
export const useCharacterVoices = (userId: string) =>
  useQuery({
    queryKey: voiceKeys.characters(userId),
    enabled: Boolean(userId),
    queryFn: async ({ signal }) =>
      (await apiFetch<CharactersResponse>(`${ApiRoutes.characters}/${userId}`, { signal })).characters.filter((c) => c.voiceId),
  });

/** spec 2 §7: GET /api/voices/{voiceId} has a 5 s timeout. */
const VOICE_INFO_TIMEOUT_MS = 5000;

/** One voice's details, kept an hour in browser storage (spec 2 §7; the server answers in 5 s or less). */
export const useVoiceInfo = (voiceId: string) =>
  useQuery({
    queryKey: voiceKeys.info(voiceId),
    staleTime: VOICE_INFO_CACHE_MS,
    enabled: Boolean(voiceId),
    queryFn: () =>
      cachedInBrowser(`studio.voiceInfo.${voiceId}`, VOICE_INFO_CACHE_MS, () =>
        apiFetch<VoiceInfoResponse>(`${ApiRoutes.voices}/${voiceId}`, { signal: AbortSignal.timeout(VOICE_INFO_TIMEOUT_MS) }),
      ),
  });
