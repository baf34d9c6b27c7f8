import { BRAND_FONTS, BRAND_KIT_DEFAULTS, BrandKitMessages } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { brandFontFaces, brandKitProblem, ctaCount, inkOn, logoFileProblem } from './brand-kit-form.ts';

const draft = { ...BRAND_KIT_DEFAULTS, ctaText: 'Shop now', ctaUrl: 'https://luma.example.com' };

describe('the brand kit form', () => {
  it('names the first problem of a draft in the server’s words', () => {
    expect(brandKitProblem(draft)).toBeNull();
    expect(brandKitProblem({ ...draft, primaryColor: 'blue' })).toBe(BrandKitMessages.colorInvalid);
    expect(brandKitProblem({ ...draft, ctaText: 'x'.repeat(41) })).toBe(BrandKitMessages.ctaTextTooLong);
    expect(brandKitProblem({ ...draft, ctaUrl: 'luma.example.com' })).toBe(BrandKitMessages.ctaUrlInvalid);
    expect(brandKitProblem({ ...draft, ctaUrl: '' })).toBeNull();
  });

  it('counts the CTA as the button will show it', () => {
    expect(ctaCount('')).toBe('0/40');
    expect(ctaCount('  Shop now ')).toBe('8/40');
  });

  it('takes a PNG or WebP logo under 5 MB', () => {
    expect(logoFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(logoFileProblem({ type: 'image/webp', size: 5 * 1024 * 1024 - 1 })).toBeNull();
    expect(logoFileProblem({ type: 'image/jpeg', size: 1000 })).toBe(BrandKitMessages.logoTypeInvalid);
    expect(logoFileProblem({ type: 'image/svg+xml', size: 1000 })).toBe(BrandKitMessages.logoTypeInvalid);
    expect(logoFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBe(BrandKitMessages.logoTooLarge);
  });

  it('declares a font face for every bundled font, served by the studio', () => {
    const css = brandFontFaces();
    for (const font of BRAND_FONTS) expect(css).toContain(`/api/brand-kit/fonts/${font.id}`);
  });

  it('writes the preview button in the ink that reads on its colour', () => {
    expect(inkOn('#1f3a5f')).toBe('#ffffff');
    expect(inkOn('#f2b84b')).toBe('#111111');
  });
});
