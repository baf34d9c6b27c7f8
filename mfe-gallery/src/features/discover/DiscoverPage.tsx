import { useAtomValue } from 'jotai';
import { Messages } from '@studio/contracts';
import { adminViewActiveAtom, errorText } from '@studio/session';
import { GridSkeleton, ImageGrid } from '../../shared/ImageGrid.tsx';
import { useFeatured, useRemoveFromDiscover } from './api.ts';

/**
 * `/app/discover` (spec 1 §2 "Gallery and discover"): featured images only, readable signed out.
 * In the admin view each card shows its creator (the featured creator badge) and can leave the feed.
 */
export function DiscoverPage() {
  const adminView = useAtomValue(adminViewActiveAtom);
  const featured = useFeatured();
  const removal = useRemoveFromDiscover();
  const error = removal.error && errorText(removal.error, Messages.failedToUpdateFeatured);
  const images = new Map((featured.data?.images ?? []).map((image) => [image.assetId, image]));
  const items = [...images.values()].map((image) => ({
    id: image.assetId,
    url: image.url,
    thumbnailUrl: image.thumbnailUrl,
    width: image.width,
    height: image.height,
    prompt: image.prompt,
  }));
  return (
    <section className="ga-page" aria-labelledby="ga-discover-title">
      <header>
        <h1 id="ga-discover-title" className="ga-h1">
          Discover
        </h1>
        <p className="ga-sub">Featured images from creators.</p>
      </header>
      {error && (
        <p className="ga-error" role="alert">
          {error}
        </p>
      )}
      {featured.isPending ? (
        <GridSkeleton />
      ) : items.length === 0 ? (
        <p className="ga-empty">{Messages.discoverEmpty}</p>
      ) : (
        <ImageGrid
          items={items}
          hasMore={false}
          loadingMore={false}
          overlay={
            adminView
              ? (item) => (
                  <span className="st-badge ga-featured">by {images.get(item.id)?.creatorName ?? Messages.discoverUnnamedCreator}</span>
                )
              : undefined
          }
          actions={
            adminView
              ? (item) => (
                  <div className="ga-card-actions">
                    <button type="button" className="st-btn st-btn-secondary" onClick={() => removal.mutate(item.id)}>
                      Remove from Discover
                    </button>
                  </div>
                )
              : undefined
          }
        />
      )}
    </section>
  );
}
