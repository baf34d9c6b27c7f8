import { useEffect, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { ApiRoutes, Messages, type UserAsset, type UserAssetsResponse } from '@studio/contracts';
import { ApiError, apiFetch, contentBadgeAtom, userAtom } from '@studio/session';
import { galleryKeys } from '../../lib/query-keys.ts';
import { ALL_MEDIA } from './filter.ts';
import { GridSkeleton, ImageGrid, type GridItem } from './ImageGrid.tsx';
import { MediaFilter } from './MediaFilter.tsx';
import { PromptBar } from './PromptBar.tsx';

const toItem = (asset: UserAsset): GridItem => ({
  id: asset.id,
  url: asset.public_url,
  thumbnailUrl: asset.thumbnail_url,
  width: asset.metadata.width,
  height: asset.metadata.height,
  prompt: asset.metadata.prompt,
});

/** `/app/images` (spec 2 §2 "Images gallery"): the prompt bar and the user's images, newest first. Visiting resets the Content badge. */
export function ImagesPage() {
  const resetBadge = useSetAtom(contentBadgeAtom);
  useEffect(() => resetBadge(0), [resetBadge]);
  const [filter, setFilter] = useState(ALL_MEDIA);
  const user = useAtomValue(userAtom);
  const userId = user?.id ?? '';
  const queryClient = useQueryClient();
  const [actionError, setActionError] = useState<string | null>(null);

  const images = useInfiniteQuery({
    queryKey: galleryKeys.assets(userId, 'image'),
    enabled: Boolean(userId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<UserAssetsResponse>(
        `${ApiRoutes.userAssets}/${userId}?assetType=image${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = images.data?.pages.flatMap((p) => p.assets.map(toItem)) ?? [];

  const remove = async (item: GridItem) => {
    if (!window.confirm('Delete this image? This cannot be undone.')) return;
    setActionError(null);
    try {
      await apiFetch(`${ApiRoutes.userAssets}/${item.id}`, { method: 'DELETE', json: { userId } });
      await queryClient.invalidateQueries({ queryKey: galleryKeys.assets(userId, 'image') });
    } catch (err) {
      setActionError(err instanceof ApiError && err.message ? err.message : Messages.failedToDelete);
    }
  };

  return (
    <section className="ga-page" aria-labelledby="ga-images-title">
      <header>
        <h1 id="ga-images-title" className="ga-h1">
          Content
        </h1>
        <p className="ga-sub">Your generated images.</p>
      </header>
      {userId && <PromptBar userId={userId} />}
      <MediaFilter value={filter} onChange={setFilter} />
      {actionError && (
        <p className="ga-error" role="alert">
          {actionError}
        </p>
      )}
      {images.isPending ? (
        <GridSkeleton />
      ) : items.length === 0 ? (
        <p className="ga-empty">{Messages.galleryEmpty}</p>
      ) : (
        filter.images && (
          <ImageGrid
            items={items}
            hasMore={images.hasNextPage}
            loadingMore={images.isFetchingNextPage}
            onLoadMore={() => void images.fetchNextPage()}
            actions={(item) => (
              <div className="ga-card-actions">
                <a className="st-btn st-btn-secondary" href={item.url} download>
                  Download
                </a>
                <button type="button" className="st-btn st-btn-secondary" onClick={() => void remove(item)}>
                  Delete
                </button>
              </div>
            )}
          />
        )
      )}
    </section>
  );
}
