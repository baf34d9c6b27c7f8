/** What the Finished ad panel reads: the music library (the brand kit is the shared query module's). */
import { useQuery } from '@tanstack/react-query';
import { ApiRoutes, type MusicTracksResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { videoEditorKeys } from '../../lib/query-keys.ts';

export const fetchMusicTracks = (signal?: AbortSignal) => apiFetch<MusicTracksResponse>(ApiRoutes.musicTracks, { signal });

/** The library's beds; they never change while the studio runs. */
export const useMusicTracks = () =>
  useQuery({ queryKey: videoEditorKeys.musicTracks, queryFn: ({ signal }) => fetchMusicTracks(signal), staleTime: Infinity });
