import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppPaths, type SimpleVideoNavigationState, type UserAsset } from '@studio/contracts';
import { Banner, ConfirmDialog, Menu, type MenuItem } from '@studio/ui';
import { useCharacters } from './api.ts';
import { useAssetActions } from './asset-actions.ts';
import { CreateVideoDialog } from './CreateVideoDialog.tsx';
import { groupFormats } from './formats.ts';
import { ImageGrid, type GridItem } from '../../shared/ImageGrid.tsx';
import { MediaViewer, modelTags, type ViewerHandlers, type ViewerPart } from './MediaViewer.tsx';

/** Where "Create video" takes an image (spec 1 §2: the simple editor, with the image). */
export const SIMPLE_VIDEO_PATH = AppPaths.simpleVideo;

/** What the page a gallery sits on does with an asset (its prompt bar, its editors). */
export type PageHandlers = Pick<ViewerHandlers, 'onUsePrompt' | 'onEdit' | 'onStudio' | 'onModel'>;

const toItem = (asset: UserAsset): GridItem => ({
  id: asset.id,
  url: asset.public_url,
  thumbnailUrl: asset.thumbnail_url,
  width: asset.metadata.width,
  height: asset.metadata.height,
  prompt: asset.metadata.prompt,
  video: asset.asset_type === 'video',
});

/** The confirmation's title: what is deleted, in the user's words. */
export function deleteTitle(assets: readonly UserAsset[]): string {
  const kinds = new Set(assets.map((a) => a.asset_type));
  const noun = kinds.size > 1 ? 'item' : kinds.has('video') ? 'video' : 'image';
  return assets.length === 1 ? `Delete this ${noun}?` : `Delete these ${assets.length} ${noun}s?`;
}

/**
 * The user's images and videos as cards (spec 2 §2 card actions): select, a "⋯" menu, and the
 * media viewer a card opens, with deleting behind one confirmation. Used by /app/images (with the
 * phone's Videos filter) and /app/videos.
 */
export function MediaGallery({
  userId,
  assets,
  hasMore,
  loadingMore,
  onLoadMore,
  adminView,
  page,
}: {
  userId: string;
  /** Newest first. */
  assets: readonly UserAsset[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  adminView: boolean;
  page: PageHandlers;
}) {
  const navigate = useNavigate();
  const actions = useAssetActions(userId);
  const characters = useCharacters(userId);
  const [opened, setOpened] = useState<{ id: string; part?: ViewerPart } | null>(null);
  /** Opens the viewer on an asset (at one of its parts), or closes it. */
  const setOpenId = (id: string | null, part?: ViewerPart) => setOpened(id ? { id, part } : null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [videoFrom, setVideoFrom] = useState<UserAsset | null>(null);
  const byId = new Map(assets.map((a) => [a.id, a]));
  const { cards, formatsOf, variantsOf } = groupFormats(assets);
  const open = opened ? byId.get(opened.id) : undefined;
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
  const closing =
    (handler: (asset: UserAsset) => void) =>
    (asset: UserAsset): void => {
      handler(asset);
      setOpenId(null);
    };
  const handlers: ViewerHandlers = {
    onUsePrompt: closing(page.onUsePrompt),
    onEdit: closing(page.onEdit),
    onStudio: page.onStudio,
    onModel: (model) => {
      page.onModel(model);
      setOpenId(null);
    },
    onCreateVideo: closing(setVideoFrom),
    onDelete: (asset) => remove([asset]),
  };
  const continueToEditor = (from: UserAsset, voiceId: string | null) => {
    // A video starts the new one from its picture: its poster's thumbnail, which the studio reads as
    // the poster frame itself (one of the user's own images, like their photos).
    const state: SimpleVideoNavigationState =
      from.asset_type === 'video'
        ? { imageUrl: from.thumbnail_url ?? undefined, voiceId: voiceId ?? undefined }
        : { imageUrl: from.public_url, assetId: from.id, voiceId: voiceId ?? undefined };
    void navigate(SIMPLE_VIDEO_PATH, { state });
  };

  const confirmation = deleting && (
    <ConfirmDialog
      title={deleteTitle(deleting)}
      description="This cannot be undone."
      confirmLabel="Delete"
      danger
      onConfirm={() => confirmRemove(deleting)}
      onClose={() => setDeleting(null)}
    />
  );

  const cardMenu = (asset: UserAsset): MenuItem[] => {
    const hasPrompt = Boolean(asset.metadata.prompt);
    const busy = actions.pending !== null;
    const prompt: MenuItem[] = [
      { label: 'Open details', onSelect: () => setOpenId(asset.id) },
      { label: 'Reuse prompt', onSelect: () => handlers.onUsePrompt(asset), disabled: !hasPrompt },
      { label: 'Copy prompt', onSelect: () => void actions.copyPrompt(asset), disabled: !hasPrompt },
    ];
    const end: MenuItem[] = [
      { label: 'Create video', onSelect: () => handlers.onCreateVideo(asset) },
      { label: 'Download', onSelect: () => void actions.download([asset]), disabled: busy },
      { label: 'Delete', onSelect: () => remove([asset]), danger: true, disabled: busy },
    ];
    if (asset.asset_type === 'video') return [...prompt, ...end];
    return [
      ...prompt,
      ...modelTags(asset)
        .filter((tag) => tag.selectable)
        .map((tag) => ({ label: `Use model ${tag.label}`, onSelect: () => handlers.onModel(tag.id) })),
      { label: 'Edit', onSelect: () => handlers.onEdit(asset) },
      { label: 'Product Studio', onSelect: () => handlers.onStudio(asset) },
      { label: 'Upscale', onSelect: () => void actions.upscale(asset), disabled: busy },
      { label: 'Animate…', onSelect: () => setOpenId(asset.id, 'animate') },
      { label: 'Choose a character…', onSelect: () => setOpenId(asset.id, 'character') },
      ...end,
    ];
  };

  return (
    <>
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
      <ImageGrid
        items={cards.map(toItem)}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={onLoadMore}
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
                <span className="ga-visually-hidden">{asset?.asset_type === 'video' ? 'Select video' : 'Select image'}</span>
              </label>
              {asset && (formatsOf(asset).length > 1 || variantsOf(asset).length > 1) && (
                <span className="st-badge ga-formats">
                  {[
                    ...(variantsOf(asset).length > 1 ? [`${variantsOf(asset).length} hooks`] : []),
                    ...(formatsOf(asset).length > 1 ? formatsOf(asset).map((f) => f.metadata.aspectRatio) : []),
                  ].join(' · ')}
                </span>
              )}
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
          return (
            <div className="ga-card-actions">
              <Menu label={asset.asset_type === 'video' ? 'Video actions' : 'Image actions'} items={cardMenu(asset)} />
            </div>
          );
        }}
      />
      {!open && confirmation}
      {videoFrom && (
        <CreateVideoDialog
          asset={videoFrom}
          onClose={() => setVideoFrom(null)}
          onContinue={(voice) => continueToEditor(videoFrom, voice?.voiceId ?? null)}
        />
      )}
      {open && (
        <MediaViewer
          asset={open}
          formats={formatsOf(open)}
          onFormat={(asset) => setOpenId(asset.id)}
          variants={variantsOf(open)}
          part={opened?.part}
          characters={characters.data?.characters ?? []}
          adminView={adminView}
          actions={actions}
          handlers={handlers}
          onClose={() => setOpenId(null)}
        >
          {confirmation}
        </MediaViewer>
      )}
    </>
  );
}
