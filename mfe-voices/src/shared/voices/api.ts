/**
 * Voices' server calls (spec 2 §7): the library, one voice's details and preview, the characters
 * that have a voice, speaking a line, and the user's saved voices. Components use these hooks and
 * fetchers, never `apiFetch`; keys live in `voiceKeys`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiRoutes,
  type GenerateAudioResponse,
  type SavedVoice,
  type SavedVoicesResponse,
  type VoiceInfoResponse,
  type VoiceLibraryResponse,
  type VoiceSettingsValue,
} from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { sessionQueryKeys, useCharacters } from '@studio/session/query';
import { cachedInBrowser, LIBRARY_CACHE_MS, VOICE_INFO_CACHE_MS } from '../../lib/browser-cache.ts';
import { voiceKeys } from '../../lib/query-keys.ts';

/** spec 2 §7: GET /api/voices/{voiceId} has a 5 s timeout. */
const VOICE_INFO_TIMEOUT_MS = 5000;
/** Speech takes a moment longer than a plain API call. */
const SPEECH_TIMEOUT_MS = 60_000;

export const getVoiceLibrary = () => apiFetch<VoiceLibraryResponse>(ApiRoutes.voiceLibrary);
export const getVoiceInfo = (voiceId: string) =>
  apiFetch<VoiceInfoResponse>(`${ApiRoutes.voices}/${voiceId}`, { signal: AbortSignal.timeout(VOICE_INFO_TIMEOUT_MS) });
export const getSavedVoices = (signal?: AbortSignal) => apiFetch<SavedVoicesResponse>(ApiRoutes.savedVoices, { signal });

/** Where a voice's preview plays from: an audio element loads it, no fetch. */
export const voicePreviewUrl = (voiceId: string) => `${ApiRoutes.voices}/${voiceId}/preview`;

/** A voice to save: its name, the voice and its settings. */
export type SavedVoiceInput = Pick<SavedVoice, 'name' | 'voice_id' | 'voice_settings'>;
export const saveVoice = (voice: SavedVoiceInput) => apiFetch(ApiRoutes.savedVoices, { method: 'POST', json: voice });
export const removeSavedVoice = (id: string) => apiFetch(`${ApiRoutes.savedVoices}/${id}`, { method: 'DELETE' });

/** A line to speak: the script, the voice and its settings. */
export interface VoiceLine extends VoiceSettingsValue {
  text: string;
  voiceId: string;
  userId: string;
}
export const generateVoiceLine = (line: VoiceLine) =>
  apiFetch<GenerateAudioResponse>(ApiRoutes.generateAudio, { method: 'POST', json: line, signal: AbortSignal.timeout(SPEECH_TIMEOUT_MS) });

/** The voice library grouped by category, kept 5 minutes in browser storage (spec 2 §7). */
export const useVoiceLibrary = () =>
  useQuery({
    queryKey: voiceKeys.library(),
    staleTime: LIBRARY_CACHE_MS,
    queryFn: () => cachedInBrowser('studio.voiceLibrary', LIBRARY_CACHE_MS, getVoiceLibrary),
  });

/** One voice's details, kept an hour in browser storage (spec 2 §7; the server answers in 5 s or less). */
export const useVoiceInfo = (voiceId: string) =>
  useQuery({
    queryKey: voiceKeys.info(voiceId),
    staleTime: VOICE_INFO_CACHE_MS,
    enabled: Boolean(voiceId),
    queryFn: () => cachedInBrowser(`studio.voiceInfo.${voiceId}`, VOICE_INFO_CACHE_MS, () => getVoiceInfo(voiceId)),
  });

/**
 * Characters that have a voice (spec 2 §2: the picker lists character voices): the shared
 * characters query (one key with the prompt bar's Character menu), so a character trained in
 * mfe-image-studio shows here without a reload.
 */
export function useCharacterVoices(userId: string) {
  const characters = useCharacters(userId);
  return { ...characters, data: characters.data?.characters.filter((c) => c.voiceId) };
}

export const useSavedVoices = (userId: string) =>
  useQuery({
    queryKey: voiceKeys.saved(userId),
    enabled: Boolean(userId),
    queryFn: ({ signal }) => getSavedVoices(signal),
  });

/** Saves a voice with its settings; the voices lists re-read before it answers. */
export function useSaveVoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveVoice, onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceKeys.all }) });
}

/** Removes a saved voice; the voices lists re-read before it answers. */
export function useRemoveSavedVoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeSavedVoice, onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceKeys.all }) });
}

/** Speaks a line for a credit; the balance re-reads whether the credit was spent or refunded. */
export function useGenerateVoiceLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateVoiceLine,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits });
    },
  });
}
