/** What the Finished ad panel reads and asks: the music library, and music composed from a prompt (the brand kit is the shared query module's). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiRoutes,
  type ComposeMusicRequest,
  type MusicComposeInfo,
  type MusicTracksResponse,
  type UploadAudioResponse,
} from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { videoEditorKeys } from '../../lib/query-keys.ts';

/** Composing waits for the hosted music model: a minute's music can take a while. */
const COMPOSE_TIMEOUT_MS = 180_000;

export const fetchMusicTracks = (signal?: AbortSignal) => apiFetch<MusicTracksResponse>(ApiRoutes.musicTracks, { signal });
export const fetchMusicCompose = (signal?: AbortSignal) => apiFetch<MusicComposeInfo>(ApiRoutes.musicCompose, { signal });
export const composeMusic = (request: ComposeMusicRequest) =>
  apiFetch<UploadAudioResponse>(ApiRoutes.musicCompose, { method: 'POST', json: request, signal: AbortSignal.timeout(COMPOSE_TIMEOUT_MS) });

/** The library's beds; they never change while the studio runs. */
export const useMusicTracks = () =>
  useQuery({ queryKey: videoEditorKeys.musicTracks, queryFn: ({ signal }) => fetchMusicTracks(signal), staleTime: Infinity });

/** Whether music can be composed from a prompt (the hosted music model is configured), and its price. */
export const useMusicCompose = () =>
  useQuery({ queryKey: videoEditorKeys.musicCompose, queryFn: ({ signal }) => fetchMusicCompose(signal), staleTime: Infinity });

/** Composes a track (charged): the balance is read again. */
export function useComposeMusic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: composeMusic,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits }),
  });
}
