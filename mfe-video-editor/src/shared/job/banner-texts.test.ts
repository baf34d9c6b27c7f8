import { describe, expect, it } from 'vitest';
import { videoCreditsNeeded, videosGenerated, videosPartial } from '@studio/contracts';

describe('the video banners count in words that agree with their number', () => {
  it('says one section, or n sections, when every section is made', () => {
    expect(videosGenerated(1)).toBe('Videos generated successfully for 1 section!');
    expect(videosGenerated(3)).toBe('Videos generated successfully for 3 sections!');
  });

  it('says one video, or n videos, on a partial success', () => {
    expect(videosPartial(1)).toBe('Partial success: 1 video generated successfully!');
    expect(videosPartial(2)).toBe('Partial success: 2 videos generated successfully!');
  });

  it('counts the credits and sections a short balance lacks', () => {
    expect(videoCreditsNeeded(2, 1)).toBe(
      'Insufficient credits. You need 2 credits to generate 1 video section. Please upgrade your plan.',
    );
    expect(videoCreditsNeeded(6, 3)).toBe(
      'Insufficient credits. You need 6 credits to generate 3 video sections. Please upgrade your plan.',
    );
  });
});
