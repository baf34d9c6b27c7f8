import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import { Messages, type ImagesNavigationState, type ProductStudioNavigationState, type UserAsset, AppPaths } from '@studio/contracts';
import { adminViewActiveAtom, contentBadgeAtom, userAtom } from '@studio/session';
import { useUserImages } from '@studio/session/query';
import { Banner, ConfirmDialog, Menu } from '@studio/ui';
import { useCharacters } from './api.ts';
import { useAssetActions } from './asset-actions.ts';
import { promptDraftAtom } from './draft.ts';
import { ALL_MEDIA } from './filter.ts';
import { CreateVideoDialog } from './CreateVideoDialog.tsx';
import { GridSkeleton, ImageGrid, type GridItem } from '../../shared/ImageGrid.tsx';
import { MediaFilter } from './MediaFilter.tsx';
import { MediaViewer, modelTags, type ViewerHandlers, type ViewerPart } from './MediaViewer.tsx';
import { PromptBar } from './prompt-bar/PromptBar.tsx';

/** Where "Create video" takes an image (spec 1 §2: the simple editor, with the image). */
export const SIMPLE_VIDEO_PATH = AppPaths.simpleVideo;
const PRODUCT_STUDIO_PATH = AppPaths.imageEditor;

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
  const adminView = useAtomValue(adminViewActiveAtom);
  const userId = user?.id ?? '';
  const setDraft = useSetAtom(promptDraftAtom);
  const navigate = useNavigate();
  // A style's Apply (Styles page) arrives with the style to select (spec 2 §2).
  const arrivingModel = (useLocation().state as ImagesNavigationState | null)?.modelId;
  useEffect(() => {
    if (arrivingModel) setDraft({ model: arrivingModel });
  }, [arrivingModel, setDraft]);
  const actions = useAssetActions(userId);
  const [opened, setOpened] = useState<{ id: string; part?: ViewerPart } | null>(null);
  /** Opens the viewer on an image (at one of its parts), or closes it. */
  const setOpenId = (id: string | null, part?: ViewerPart) => setOpened(id ? { id, part } : null);
  const openId = opened?.id;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [videoFrom, setVideoFrom] = useState<UserAsset | null>(null);

  const images = useUserImages(userId);
  const characters = useCharacters(userId);
  const { assets } = images;
  const byId = new Map(assets.map((a) => [a.id, a]));
  const open = openId ? byId.get(openId) : undefined;
  const chosen = assets.filter((a) => selected.has(a.id));

  /** Deleting asks first, in the app's dialog. */
  const [deleting, setDeleting] = useState<UserAsset[] | null>(null);
  const remove = (list: UserAsset[]) => setDeleting(list);
  const confirmRemove = async (list: UserAsset[]) => {
    if (await actions.remove(list)) {
      setSelected(new Set());
      if (open && list.includes(open)) setOpenId(null);
    }
    setDeleting(null);
  };
  const toggleSelected = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const handlers: ViewerHandlers = {
    onUsePrompt: (asset) => {
      setDraft({ prompt: asset.metadata.prompt });
      setOpenId(null);
    },
    onEdit: (asset) => {
      setDraft({ imageUrl: asset.public_url });
      setOpenId(null);
    },
    onStudio: (asset) => {
      const state: ProductStudioNavigationState = { imageUrl: asset.public_url };
      void navigate(PRODUCT_STUDIO_PATH, { state });
    },
    onCreateVideo: (asset) => {
      setOpenId(null);
      setVideoFrom(asset);
    },
    onModel: (model) => {
      setDraft({ model });
      setOpenId(null);
    },
    onDelete: (asset) => remove([asset]),
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
      {!open && <Banner message={actions.status} />}
      {chosen.length > 0 && (
        <div className="ga-selection" role="toolbar" aria-label="Selected images">
          <strong>{chosen.length} selected</strong>
          <button
            type="button"
            className="st-btn st-btn-secondary"
            onClick={() => void actions.download(chosen)}
            disabled={actions.pending !== null}
          >
            Download selected
          </button>
          <button type="button" className="st-btn st-btn-secondary" onClick={() => remove(chosen)} disabled={actions.pending !== null}>
            Delete selected
          </button>
          <button type="button" className="st-btn st-btn-secondary" onClick={() => setSelected(new Set())}>
            Clear selection
          </button>
        </div>
      )}
      {images.isPending ? (
        <GridSkeleton />
      ) : assets.length === 0 ? (
        <p className="ga-empty">{Messages.galleryEmpty}</p>
      ) : (
        filter.images && (
          <ImageGrid
            items={assets.map(toItem)}
            hasMore={images.hasNextPage}
            loadingMore={images.isFetchingNextPage}
            onLoadMore={() => void images.fetchNextPage()}
            onOpen={(item) => {
              actions.clearStatus();
              setOpenId(item.id);
            }}
            overlay={(item) => {
              const asset = byId.get(item.id);
              return (
                <>
                  <label className="ga-select">
                    <input type="checkbox" checked={selected.has(item.id)} onChange={() => toggleSelected(item.id)} />
                    <span className="ga-visually-hidden">Select image</span>
                  </label>
                  {adminView && asset && (
                    <button
                      type="button"
                      className="st-badge ga-feature-toggle"
                      aria-pressed={asset.is_featured}
                      onClick={() => void actions.toggleFeatured(asset)}
                      disabled={actions.pending !== null}
                    >
                      <span aria-hidden="true">{asset.is_featured ? '★ ' : '☆ '}</span>
                      Featured
                    </button>
                  )}
                </>
              );
            }}
            actions={(item) => {
              const asset = byId.get(item.id);
              if (!asset) return null;
              const hasPrompt = Boolean(asset.metadata.prompt);
              const busy = actions.pending !== null;
              return (
                <div className="ga-card-actions">
                  <Menu
                    label="Image actions"
                    items={[
                      { label: 'Open details', onSelect: () => setOpenId(asset.id) },
                      { label: 'Reuse prompt', onSelect: () => handlers.onUsePrompt(asset), disabled: !hasPrompt },
                      { label: 'Copy prompt', onSelect: () => void actions.copyPrompt(asset), disabled: !hasPrompt },
                      ...modelTags(asset)
                        .filter((tag) => tag.selectable)
                        .map((tag) => ({ label: `Use model ${tag.label}`, onSelect: () => handlers.onModel(tag.id) })),
                      { label: 'Edit', onSelect: () => handlers.onEdit(asset) },
                      { label: 'Product Studio', onSelect: () => handlers.onStudio(asset) },
                      { label: 'Upscale', onSelect: () => void actions.upscale(asset), disabled: busy },
                      { label: 'Animate…', onSelect: () => setOpenId(asset.id, 'animate') },
                      { label: 'Choose a character…', onSelect: () => setOpenId(asset.id, 'character') },
                      { label: 'Create video', onSelect: () => handlers.onCreateVideo(asset) },
                      { label: 'Download', onSelect: () => void actions.download([asset]), disabled: busy },
                      { label: 'Delete', onSelect: () => remove([asset]), danger: true, disabled: busy },
                    ]}
                  />
                </div>
              );
            }}
          />
        )
      )}
      {deleting && (
        <ConfirmDialog
          title={deleting.length === 1 ? 'Delete this image?' : `Delete these ${deleting.length} images?`}
          description="This cannot be undone."
          confirmLabel="Delete"
          danger
          onConfirm={() => confirmRemove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
      {videoFrom && (
        <CreateVideoDialog
          asset={videoFrom}
          onClose={() => setVideoFrom(null)}
          onContinue={(voice) =>
            void navigate(SIMPLE_VIDEO_PATH, {
              state: { imageUrl: videoFrom.public_url, assetId: videoFrom.id, voiceId: voice?.voiceId ?? null },
            })
          }
        />
      )}
      {open && (
        <MediaViewer
          asset={open}
          part={opened?.part}
          characters={characters.data?.characters ?? []}
          adminView={adminView}
          actions={actions}
          handlers={handlers}
          onClose={() => setOpenId(null)}
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
