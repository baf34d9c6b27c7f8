import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import { Messages, type ImagesNavigationState, type ProductStudioNavigationState, AppPaths } from '@studio/contracts';
import { adminViewActiveAtom, contentBadgeAtom, userAtom } from '@studio/session';
import { useUserAssets, useUserImages } from '@studio/session/query';
import { promptDraftAtom } from './draft.ts';
import { ALL_MEDIA, mergeNewestFirst } from './filter.ts';
import { GridSkeleton } from '../../shared/ImageGrid.tsx';
import { MediaFilter, usePhoneLayout } from './MediaFilter.tsx';
import { MediaGallery, type PageHandlers } from './MediaGallery.tsx';
import { PromptBar } from './prompt-bar/PromptBar.tsx';

const PRODUCT_STUDIO_PATH = AppPaths.imageEditor;

/** `/app/images` (spec 2 §2 "Images gallery"): the prompt bar and the user's images, newest first. Visiting resets the Content badge. */
export function ImagesPage() {
  const resetBadge = useSetAtom(contentBadgeAtom);
  useEffect(() => resetBadge(0), [resetBadge]);
  const [filter, setFilter] = useState(ALL_MEDIA);
  const user = useAtomValue(userAtom);
  const adminView = useAtomValue(adminViewActiveAtom);
  const userId = user?.id ?? '';
  const setDraft = useSetAtom(promptDraftAtom);
  const navigate = useNavigate();
  // A style's Apply (Styles page) arrives with the style to select (spec 2 §2).
  const arrivingModel = (useLocation().state as ImagesNavigationState | null)?.modelId;
  useEffect(() => {
    if (arrivingModel) setDraft({ model: arrivingModel });
  }, [arrivingModel, setDraft]);
  const phone = usePhoneLayout();
  const showImages = filter.images || !phone;
  // spec 1 §2: on a phone the page lists the user's videos too, unless the filter leaves them out.
  const showVideos = filter.videos && phone;
  const images = useUserImages(userId, { enabled: showImages });
  const videos = useUserAssets(userId, 'video', { enabled: showVideos });
  const lists = [...(showImages ? [images] : []), ...(showVideos ? [videos] : [])];
  const assets = mergeNewestFirst(lists.map((list) => ({ assets: list.assets, hasMore: list.hasNextPage })));
  const page: PageHandlers = {
    onUsePrompt: (asset) => setDraft({ prompt: asset.metadata.prompt }),
    onEdit: (asset) => setDraft({ imageUrl: asset.public_url }),
    onStudio: (asset) => {
      const state: ProductStudioNavigationState = { imageUrl: asset.public_url };
      void navigate(PRODUCT_STUDIO_PATH, { state });
    },
    onModel: (model) => setDraft({ model }),
  };

  return (
    <section className="ga-page ga-images-page" aria-labelledby="ga-images-title">
      <header>
        <h1 id="ga-images-title" className="ga-h1">
          Content
        </h1>
        <p className="ga-sub">Your generated images.</p>
      </header>
      <MediaFilter value={filter} onChange={setFilter} />
      {lists.some((list) => list.isPending) ? (
        <GridSkeleton />
      ) : assets.length === 0 ? (
        <p className="ga-empty">{Messages.galleryEmpty}</p>
      ) : (
        <MediaGallery
          userId={userId}
          assets={assets}
          hasMore={lists.some((list) => list.hasNextPage)}
          loadingMore={lists.some((list) => list.isFetchingNextPage)}
          onLoadMore={() => lists.forEach((list) => list.hasNextPage && !list.isFetchingNextPage && void list.fetchNextPage())}
          adminView={adminView}
          page={page}
        />
      )}
      {/* spec 2 §2: the prompt bar stays at the bottom of the page while the gallery scrolls. */}
      {userId && (
        <div className="ga-promptbar-dock">
          <PromptBar userId={userId} />
        </div>
      )}
    </section>
  );
}
