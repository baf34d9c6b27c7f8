import { useInfiniteQuery } from '@tanstack/react-query';
import { ApiRoutes, type AssetType, type UserAssetsResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { galleryKeys } from './query-keys.ts';

/** The user's assets of one type, newest first, a keyset page of 20 at a time (spec 1 §2). */
export function useUserAssets(userId: string, assetType: AssetType) {
  const query = useInfiniteQuery({
    queryKey: galleryKeys.assets(userId, assetType),
    enabled: Boolean(userId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<UserAssetsResponse>(
        `${ApiRoutes.userAssets}/${userId}?assetType=${assetType}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
  return { ...query, assets: query.data?.pages.flatMap((p) => p.assets) ?? [] };
}
