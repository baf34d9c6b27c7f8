/** Pure rules of the images grid (spec 2 §2 "Images gallery", §9 "Images and gallery"). */
import { Messages } from '@studio/contracts';

/** Masonry columns: 2 below 768 px, 3 from 768 px, 4 from 1024 px. */
export function columnsForWidth(width: number): 2 | 3 | 4 {
  if (width >= 1024) return 4;
  if (width >= 768) return 3;
  return 2;
}

/** The first images load eagerly with high fetch priority; the rest lazily. */
export const PRIORITY_IMAGE_COUNT = 6;
/** Lazy thumbnails start loading this close to the viewport. */
export const LAZY_ROOT_MARGIN = '50px';
/** The end-of-list line shows only past this many images. */
export const ALL_LOADED_THRESHOLD = 20;

export function imageLoading(index: number): { loading: 'eager' | 'lazy'; fetchPriority: 'high' | 'auto' } {
  return index < PRIORITY_IMAGE_COUNT ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy', fetchPriority: 'auto' };
}

/** The line under the grid: loading more, all loaded (past 20), or nothing. */
export function listFooterText(count: number, hasMore: boolean, loadingMore: boolean): string | null {
  if (loadingMore) return Messages.loadingMoreImages;
  if (!hasMore && count > ALL_LOADED_THRESHOLD) return `All ${count} images loaded`;
  return null;
}

/** Deals items into columns left to right, so reading order stays row by row. */
export function toColumns<T>(items: readonly T[], columns: number): T[][] {
  const out: T[][] = Array.from({ length: columns }, () => []);
  items.forEach((item, i) => out[i % columns]!.push(item));
  return out;
}
