import { useEffect, useRef, useState } from 'react';
import { Messages, type UserAsset } from '@studio/contracts';
import { useUserImages } from '@studio/session/query';
import { Spinner } from '@studio/ui';

/** spec 2 §9: 24 at first, 24 more when scrolled within 200 px of the end. */
const PAGE = 24;
const NEAR_END_PX = 200;

/**
 * The collapsible picker of the user's earlier images (spec 2 §2): a 2–3 column grid, newest
 * first, 24 then 24 more near the bottom.
 */
export function CharacterPicker({ userId, onPick }: { userId: string; onPick: (asset: UserAsset) => void }) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const grid = useRef<HTMLDivElement>(null);
  // The user's images under the one shared key: an image made in any remote is here at once.
  const images = useUserImages(userId, { enabled: open });
  const { assets, hasNextPage, isFetchingNextPage, fetchNextPage } = images;
  // Fetch ahead so the next 24 are there when the user scrolls to them.
  useEffect(() => {
    if (open && assets.length < shown && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [open, assets.length, shown, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const onScroll = () => {
    const el = grid.current;
    if (el && el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX)
      setShown((n) => Math.max(n, Math.min(n + PAGE, assets.length + PAGE)));
  };
  return (
    <details className="ve-picker" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>Choose from your images</summary>
      {images.isPending && open ? (
        <Spinner label="Loading your images" />
      ) : assets.length === 0 ? (
        <p className="ve-empty">{Messages.characterImagesEmpty}</p>
      ) : (
        <div className="ve-picker-grid" ref={grid} onScroll={onScroll}>
          {assets.slice(0, shown).map((asset) => (
            <button key={asset.id} type="button" className="ve-picker-item" onClick={() => onPick(asset)}>
              <img src={asset.thumbnail_url ?? asset.public_url} alt={asset.metadata.prompt || 'Your image'} loading="lazy" />
            </button>
          ))}
        </div>
      )}
    </details>
  );
}
