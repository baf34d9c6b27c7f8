/** Discover's server calls (spec 1 §2): the featured feed, and an admin taking an image off it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRoutes, type FeaturedImagesResponse, type FeatureToggleResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { galleryKeys } from '../../lib/query-keys.ts';

export const fetchFeatured = (signal?: AbortSignal) => apiFetch<FeaturedImagesResponse>(ApiRoutes.featuredImages, { signal });

/** The featured images, readable signed out. */
export const useFeatured = () => useQuery({ queryKey: galleryKeys.featured(), queryFn: ({ signal }) => fetchFeatured(signal) });

export const removeFromDiscover = (assetId: string) =>
  apiFetch<FeatureToggleResponse>(`${ApiRoutes.featuredAsset}/${assetId}/featured`, { method: 'PATCH', json: { isFeatured: false } });

/** An admin takes an image off Discover: every gallery list is read again (the feed, the owner's star). */
export function useRemoveFromDiscover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromDiscover,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: galleryKeys.all }),
  });
}
