import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { AppPaths, type ProductStudioNavigationState } from '@studio/contracts';
import { adminViewActiveAtom, userAtom } from '@studio/session';
import { useUserAssets } from '@studio/session/query';
import { promptDraftAtom } from './draft.ts';
import { GridSkeleton } from '../../shared/ImageGrid.tsx';
import { MediaGallery, type PageHandlers } from './MediaGallery.tsx';

export const VIDEOS_EMPTY_TEXT = 'No videos yet.';

/**
 * `/app/videos`: the user's videos, newest first, each shown by its poster; a card opens the media
 * viewer, where the video plays and is downloaded, deleted or made into a new video.
 */
export function VideosPage() {
  const userId = useAtomValue(userAtom)?.id ?? '';
  const adminView = useAtomValue(adminViewActiveAtom);
  const videos = useUserAssets(userId, 'video');
  const setDraft = useSetAtom(promptDraftAtom);
  const navigate = useNavigate();
  // The prompt bar is on /app/images: a prompt reused here is waiting there.
  const page: PageHandlers = {
    onUsePrompt: (asset) => {
      setDraft({ prompt: asset.metadata.prompt });
      void navigate(AppPaths.images);
    },
    onEdit: (asset) => {
      setDraft({ imageUrl: asset.public_url });
      void navigate(AppPaths.images);
    },
    onStudio: (asset) => {
      const state: ProductStudioNavigationState = { imageUrl: asset.public_url };
      void navigate(AppPaths.imageEditor, { state });
    },
    onModel: (model) => {
      setDraft({ model });
      void navigate(AppPaths.images);
    },
  };
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
        <MediaGallery
          userId={userId}
          assets={videos.assets}
          hasMore={videos.hasNextPage}
          loadingMore={videos.isFetchingNextPage}
          onLoadMore={() => void videos.fetchNextPage()}
          adminView={adminView}
          page={page}
        />
      )}
    </section>
  );
}
