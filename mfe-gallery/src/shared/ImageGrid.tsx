import { useEffect, useRef, useState } from 'react';
import { columnsForWidth, imageLoading, LAZY_ROOT_MARGIN, listFooterText, toColumns } from './layout.ts';

export interface GridItem {
  id: string;
  url: string;
  thumbnailUrl: string | null;
  width: number;
  height: number;
  prompt: string;
  /** A video, shown by its poster with a play mark. */
  video?: boolean;
}

function useColumns(): number {
  const [columns, setColumns] = useState(() => columnsForWidth(window.innerWidth));
  useEffect(() => {
    const onResize = () => setColumns(columnsForWidth(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return columns;
}

/**
 * The masonry grid of every gallery (spec 2 §2): 2/3/4 columns, the first 6 images eager with high
 * priority, the rest lazy; a sentinel under the grid asks for the next page as it comes near.
 */
export function ImageGrid({
  items,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpen,
  overlay,
  actions,
}: {
  items: readonly GridItem[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore?: () => void;
  /** Opens the media viewer; without it a card links to the full image. */
  onOpen?: (item: GridItem) => void;
  /** Drawn over the image's corner (selection, badges). */
  overlay?: (item: GridItem) => React.ReactNode;
  actions?: (item: GridItem) => React.ReactNode;
}) {
  const columns = useColumns();
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || !onLoadMore) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoadMore(), { rootMargin: '400px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, onLoadMore, items.length]);
  const order = new Map(items.map((item, i) => [item.id, i]));
  const footer = listFooterText(items.length, hasMore, loadingMore);
  return (
    <>
      <div className="ga-grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {toColumns(items, columns).map((column, c) => (
          <ul key={c} className="ga-column" aria-label={`Images, column ${c + 1}`}>
            {column.map((item) => {
              const { loading, fetchPriority } = imageLoading(order.get(item.id) ?? 0);
              const image = (
                <img
                  src={item.thumbnailUrl ?? item.url}
                  alt={item.prompt || 'Generated image'}
                  width={item.width || undefined}
                  height={item.height || undefined}
                  loading={loading}
                  fetchPriority={fetchPriority}
                  data-lazy-margin={LAZY_ROOT_MARGIN}
                />
              );
              return (
                <li key={item.id} className="ga-card">
                  {onOpen ? (
                    <button type="button" className="ga-open" onClick={() => onOpen(item)}>
                      {image}
                      {item.video && (
                        <span className="ga-play" aria-hidden="true">
                          ▶
                        </span>
                      )}
                    </button>
                  ) : (
                    <a href={item.url} target="_blank" rel="noreferrer">
                      {image}
                    </a>
                  )}
                  {overlay && <div className="ga-overlay">{overlay(item)}</div>}
                  {(item.prompt || actions) && (
                    <div className="ga-card-foot">
                      {item.prompt && <p className="ga-prompt">{item.prompt}</p>}
                      {actions?.(item)}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        ))}
      </div>
      <div ref={sentinel} aria-hidden="true" />
      {footer && (
        <p className="ga-footer" role="status">
          {footer}
        </p>
      )}
    </>
  );
}

/** Placeholder cards while the first page loads. */
export function GridSkeleton() {
  return (
    <div className="ga-skeletons" role="status" aria-busy="true" aria-label="Loading images">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="ga-skeleton" />
      ))}
    </div>
  );
}
