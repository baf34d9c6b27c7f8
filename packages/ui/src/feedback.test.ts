import { describe, expect, it } from 'vitest';
import { BANNER_MS } from '@studio/contracts';
import { BANNER_CLEAR_MS } from './feedback.tsx';

describe('banners', () => {
  it('clear after the spec’s 5 seconds, the same constant contracts holds', () => {
    expect(BANNER_CLEAR_MS).toBe(5000);
    expect(BANNER_CLEAR_MS).toBe(BANNER_MS);
  });
});
