/** The mobile Images/Videos filter on /app/images (spec 1 §2): at least one type is always selected. */
export interface MediaFilter {
  images: boolean;
  videos: boolean;
}

export const ALL_MEDIA: MediaFilter = { images: true, videos: true };

/** Toggles one type; unchecking the last one resets to both. */
export function toggleMediaFilter(filter: MediaFilter, type: keyof MediaFilter): MediaFilter {
  const next = { ...filter, [type]: !filter[type] };
  return next.images || next.videos ? next : ALL_MEDIA;
}

/** One paged list of assets as loaded so far. */
export interface LoadedAssets<T extends { created_at: string }> {
  assets: readonly T[];
  hasMore: boolean;
}

/**
 * Several paged lists (the user's images and videos) as one, newest first. An asset older than the
 * last one loaded of a list that has more pages waits for that list's next page: shown now, it
 * would later be pushed down the grid by the older page's newer items.
 */
export function mergeNewestFirst<T extends { created_at: string }>(lists: readonly LoadedAssets<T>[]): T[] {
  const frontier = lists
    .filter((list) => list.hasMore && list.assets.length > 0)
    .map((list) => list.assets[list.assets.length - 1]!.created_at)
    .reduce<string>((newest, at) => (at > newest ? at : newest), '');
  return lists
    .flatMap((list) => list.assets)
    .filter((asset) => asset.created_at >= frontier)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}
