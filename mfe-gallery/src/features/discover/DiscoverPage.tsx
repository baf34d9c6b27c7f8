import { useQuery } from '@tanstack/react-query';
import { ApiRoutes, Messages, type FeaturedImagesResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { galleryKeys } from '../../lib/query-keys.ts';
import { GridSkeleton, ImageGrid } from '../images/ImageGrid.tsx';

/** `/app/discover` (spec 1 §2 "Gallery and discover"): featured images only, readable signed out. */
export function DiscoverPage() {
  const featured = useQuery({
    queryKey: galleryKeys.featured(),
    queryFn: ({ signal }) => apiFetch<FeaturedImagesResponse>(ApiRoutes.featuredImages, { signal }),
  });
  const items =
    featured.data?.images.map((image) => ({
      id: image.assetId,
      url: image.url,
      thumbnailUrl: image.thumbnailUrl,
      width: image.width,
      height: image.height,
      prompt: image.prompt,
    })) ?? [];
  return (
    <section className="ga-page" aria-labelledby="ga-discover-title">
      <header>
        <h1 id="ga-discover-title" className="ga-h1">
          Discover
        </h1>
        <p className="ga-sub">Featured images from creators.</p>
      </header>
      {featured.isPending ? (
        <GridSkeleton />
      ) : items.length === 0 ? (
        <p className="ga-empty">{Messages.discoverEmpty}</p>
      ) : (
        <ImageGrid items={items} hasMore={false} loadingMore={false} />
      )}
    </section>
  );
}
