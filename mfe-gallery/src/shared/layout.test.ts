import { describe, expect, it } from 'vitest';
import { columnsForWidth, imageLoading, listFooterText, toColumns } from './layout.ts';
import { ALL_MEDIA, toggleMediaFilter } from '../features/images/filter.ts';

describe('images grid', () => {
  it('has 2, 3 or 4 columns at 768 and 1024 px', () => {
    expect([360, 767, 768, 1023, 1024, 1600].map(columnsForWidth)).toEqual([2, 2, 3, 3, 4, 4]);
  });
  it('loads the first 6 eagerly with high priority, the rest lazily', () => {
    expect(imageLoading(0)).toEqual({ loading: 'eager', fetchPriority: 'high' });
    expect(imageLoading(5)).toEqual({ loading: 'eager', fetchPriority: 'high' });
    expect(imageLoading(6)).toEqual({ loading: 'lazy', fetchPriority: 'auto' });
  });
  it('says loading more, or all loaded past 20 images', () => {
    expect(listFooterText(20, true, true)).toBe('Loading more images...');
    expect(listFooterText(21, false, false)).toBe('All 21 images loaded');
    expect(listFooterText(20, false, false)).toBeNull();
    expect(listFooterText(40, true, false)).toBeNull();
  });
  it('deals items into columns row by row', () => {
    expect(toColumns([1, 2, 3, 4, 5], 2)).toEqual([
      [1, 3, 5],
      [2, 4],
    ]);
  });
});

describe('mobile media filter', () => {
  it('toggles one type and never leaves both off', () => {
    const onlyVideos = toggleMediaFilter(ALL_MEDIA, 'images');
    expect(onlyVideos).toEqual({ images: false, videos: true });
    expect(toggleMediaFilter(onlyVideos, 'videos')).toEqual(ALL_MEDIA);
    expect(toggleMediaFilter(onlyVideos, 'images')).toEqual(ALL_MEDIA);
  });
});
