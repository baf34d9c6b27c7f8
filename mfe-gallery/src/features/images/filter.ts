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
