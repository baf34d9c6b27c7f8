import { useAtomValue } from 'jotai';
import { userAtom } from '@studio/session';
import { useUserAssets } from '@studio/session/query';
import { GridSkeleton, ImageGrid } from '../../shared/ImageGrid.tsx';

export const VIDEOS_EMPTY_TEXT = 'No videos yet.';

/** `/app/videos`: the user's videos, newest first, each shown by its poster and opening the video. */
export function VideosPage() {
  const userId = useAtomValue(userAtom)?.id ?? '';
  const videos = useUserAssets(userId, 'video');
  return (
    <section className="ga-page" aria-labelledby="ga-videos-title">
      <header>
        <h1 id="ga-videos-title" className="ga-h1">
          Videos
        </h1>
      </header>
      {videos.isPending ? (
        <GridSkeleton />
      ) : videos.assets.length === 0 ? (
        <p className="ga-empty">{VIDEOS_EMPTY_TEXT}</p>
      ) : (
        <ImageGrid
          items={videos.assets.map((video) => ({
            id: video.id,
            url: video.public_url,
            thumbnailUrl: video.thumbnail_url,
            width: video.metadata.width,
            height: video.metadata.height,
            prompt: video.metadata.prompt,
          }))}
          hasMore={videos.hasNextPage}
          loadingMore={videos.isFetchingNextPage}
          onLoadMore={() => void videos.fetchNextPage()}
        />
      )}
    </section>
  );
}
