import { describe, expect, it } from 'vitest';
import { ALL_MEDIA, mergeNewestFirst, toggleMediaFilter } from './filter.ts';

const at = (id: string, minute: number) => ({ id, created_at: `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z` });

describe('the phone’s Images/Videos filter (spec 1 §2)', () => {
  it('unchecking the last type shows both again', () => {
    expect(toggleMediaFilter({ images: true, videos: false }, 'images')).toEqual(ALL_MEDIA);
    expect(toggleMediaFilter(ALL_MEDIA, 'videos')).toEqual({ images: true, videos: false });
  });

  it('images and videos are listed together, newest first', () => {
    const images = { assets: [at('i2', 40), at('i1', 10)], hasMore: false };
    const videos = { assets: [at('v2', 50), at('v1', 20)], hasMore: false };
    expect(mergeNewestFirst([images, videos]).map((a) => a.id)).toEqual(['v2', 'i2', 'v1', 'i1']);
  });

  it('a video older than every image loaded waits for the images’ next page, so nothing jumps above it later', () => {
    const images = { assets: [at('i3', 50), at('i2', 40)], hasMore: true };
    const videos = { assets: [at('v2', 45), at('v1', 5)], hasMore: false };
    expect(mergeNewestFirst([images, videos]).map((a) => a.id)).toEqual(['i3', 'v2', 'i2']);
  });

  it('one list alone is shown as it is', () => {
    const videos = { assets: [at('v2', 45), at('v1', 5)], hasMore: true };
    expect(mergeNewestFirst([videos]).map((a) => a.id)).toEqual(['v2', 'v1']);
  });
});
