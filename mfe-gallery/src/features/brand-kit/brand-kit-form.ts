/**
 * The brand kit form's rules, as the server applies them (`SaveBrandKitRequest`, the logo upload's
 * type and size), so the form names a problem before anything is sent.
 */
import {
  ApiRoutes,
  BRAND_CTA_TEXT_MAX,
  BRAND_FONTS,
  BRAND_LOGO_MAX_BYTES,
  BrandKitMessages,
  SaveBrandKitRequest,
  type BrandKit,
} from '@studio/contracts';

export type BrandKitDraft = Pick<BrandKit, 'primaryColor' | 'secondaryColor' | 'fontId' | 'ctaText' | 'ctaUrl'>;

export const draftOf = ({ primaryColor, secondaryColor, fontId, ctaText, ctaUrl }: BrandKit): BrandKitDraft => ({
  primaryColor,
  secondaryColor,
  fontId,
  ctaText,
  ctaUrl,
});

/** The first problem of a draft, in the server's words, or null. */
export function brandKitProblem(draft: BrandKitDraft): string | null {
  const parsed = SaveBrandKitRequest.safeParse(draft);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? BrandKitMessages.colorInvalid);
}

/** The CTA counter under its field: what the button will say, trimmed, against the limit. */
export const ctaCount = (text: string) => `${text.trim().length}/${BRAND_CTA_TEXT_MAX}`;

/** Logos the upload takes: PNG or WebP under 5 MB (the server judges the bytes again). */
export const LOGO_TYPES = ['image/png', 'image/webp'] as const;

export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return BrandKitMessages.logoTypeInvalid;
  if (file.size >= BRAND_LOGO_MAX_BYTES) return BrandKitMessages.logoTooLarge;
  return null;
}

/** The CSS family name a bundled font is shown under on this page. */
export const fontFamilyOf = (fontId: string) => `studio-brand-${fontId}`;

/** `@font-face` rules for every bundled font, from the studio's own copies (the picker shows each name in itself). */
export const brandFontFaces = (): string =>
  BRAND_FONTS.map(
    (font) =>
      `@font-face{font-family:"${fontFamilyOf(font.id)}";src:url("${ApiRoutes.brandKitFont.replace(':fontId', font.id)}") format("truetype");font-display:swap}`,
  ).join('\n');

/** White or near-black text, whichever reads better on `hex` (WCAG contrast), as the end card picks it. */
export function inkOn(hex: string): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#111111';
}
