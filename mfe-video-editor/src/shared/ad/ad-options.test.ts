import type { ProjectDraft } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { adCredits, adOptionsOf, adRequestFields, formatsOf, DEFAULT_AD_OPTIONS, type AdOptions } from './ad-options.ts';

describe('the finished ad’s options', () => {
  it('makes the video’s own format first and each other one once', () => {
    const ad: AdOptions = { ...DEFAULT_AD_OPTIONS, alsoFormats: ['16:9', '9:16', '1:1'] };
    expect(formatsOf('9:16', ad)).toEqual(['9:16', '16:9', '1:1']);
    expect(adRequestFields('16:9', { ...DEFAULT_AD_OPTIONS, captionStyle: 'boxed', alsoFormats: ['1:1'], tightCuts: false })).toEqual({
      captionStyle: 'boxed',
      formats: '["16:9","1:1"]',
      tightCuts: 'false',
      endCard: 'false',
    });
    expect(adRequestFields('9:16', { ...DEFAULT_AD_OPTIONS, music: { trackId: 'calm', volume: 0.25 }, endCard: true })).toMatchObject({
      endCard: 'true',
      music: '{"trackId":"calm","volume":0.25}',
    });
  });

  it('sends the user’s own (composed) music by its URL, and a draft brings back a bed, own music or none', () => {
    const own: AdOptions = { ...DEFAULT_AD_OPTIONS, music: { audioUrl: '/media/assets/m.mp3', name: 'lo-fi keys', volume: 0.4 } };
    expect(adRequestFields('9:16', own).music).toBe('{"audioUrl":"/media/assets/m.mp3","volume":0.4}');
    const saved: Omit<NonNullable<ProjectDraft['ad']>, 'music'> = {
      captionStyle: 'karaoke',
      alsoFormats: [],
      tightCuts: true,
      endCard: false,
    };
    expect(adOptionsOf({ ...saved, music: { audioUrl: '/media/assets/m.mp3', name: 'lo-fi keys', volume: 0.4 } }).music).toEqual(own.music);
    expect(adOptionsOf({ ...saved, music: { trackId: 'calm', volume: 0.3 } }).music).toEqual({ trackId: 'calm', volume: 0.3 });
    expect(adOptionsOf({ ...saved, music: null }).music).toBeNull();
    expect(adOptionsOf(undefined)).toEqual(DEFAULT_AD_OPTIONS);
  });

  it('prices 2 credits a section, and 1 a section for each further format', () => {
    expect(adCredits(3, 1)).toBe(6);
    expect(adCredits(3, 3)).toBe(12);
    expect(adCredits(0, 2)).toBe(0);
  });
});
