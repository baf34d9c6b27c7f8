import { z } from 'zod';

/**
 * Brand Assets → Brand kit: one per user, the logo, two colours, a font and the call
 * to action a finished ad closes with (its end card), and the colour its captions highlight in.
 */
export const BRAND_CTA_TEXT_MAX = 40;
export const BRAND_CTA_URL_MAX = 2048;
/** A logo is a PNG or WebP under 5 MB. */
export const BRAND_LOGO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The fonts the studio bundles (the media engine's `BRAND_FONTS` holds their files under the same
 * ids): a geometric sans, a grotesk, a serif, a rounded sans and a condensed display face.
 */
export const BRAND_FONTS = [
  { id: 'montserrat', name: 'Montserrat' },
  { id: 'space-grotesk', name: 'Space Grotesk' },
  { id: 'playfair-display', name: 'Playfair Display' },
  { id: 'nunito', name: 'Nunito' },
  { id: 'bebas-neue', name: 'Bebas Neue' },
] as const;
export const BRAND_FONT_IDS = BRAND_FONTS.map((font) => font.id) as [BrandFontId, ...BrandFontId[]];
export type BrandFontId = (typeof BRAND_FONTS)[number]['id'];

/** What a kit holds before its owner saves one. */
export const BRAND_KIT_DEFAULTS = {
  primaryColor: '#1f3a5f',
  secondaryColor: '#f2b84b',
  fontId: 'montserrat',
  ctaText: '',
  ctaUrl: '',
} as const;

export const BrandKitMessages = {
  colorInvalid: 'Choose a colour as #rrggbb, for example #1f3a5f.',
  fontUnknown: 'Choose one of the studio’s fonts.',
  ctaTextTooLong: `A call to action has at most ${BRAND_CTA_TEXT_MAX} characters.`,
  ctaTextOneLine: 'Write the call to action on one line.',
  ctaUrlInvalid: 'Enter a link starting with http:// or https://.',
  logoTypeInvalid: 'A logo must be a PNG or WebP image.',
  logoTooLarge: 'A logo must be under 5 MB.',
  title: 'Brand kit',
  intro: 'Your logo, colours, font and call to action close every ad with an end card, and colour its captions.',
  saved: 'Brand kit saved.',
} as const;

const color = z
  .string({ error: BrandKitMessages.colorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, BrandKitMessages.colorInvalid)
  .transform((value) => value.toLowerCase());

export const BrandKit = z.object({
  /** The logo's URL (the owner's own file), or null. */
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  fontId: z.enum(BRAND_FONT_IDS),
  ctaText: z.string(),
  ctaUrl: z.string(),
  /** When the owner last saved it; null for a kit never saved (the editors then link to it). */
  updatedAt: z.string().nullable(),
});
export type BrandKit = z.infer<typeof BrandKit>;

export const BrandKitResponse = z.object({ success: z.literal(true), brandKit: BrandKit });
export type BrandKitResponse = z.infer<typeof BrandKitResponse>;

/** `PUT /api/brand-kit`: everything but the logo (which has its own upload). */
export const SaveBrandKitRequest = z.object({
  primaryColor: color,
  secondaryColor: color,
  fontId: z.enum(BRAND_FONT_IDS, { error: BrandKitMessages.fontUnknown }),
  ctaText: z
    .string()
    .trim()
    .max(BRAND_CTA_TEXT_MAX, BrandKitMessages.ctaTextTooLong)
    // eslint-disable-next-line no-control-regex -- a line break or control character has no place on a button
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), BrandKitMessages.ctaTextOneLine)
    .default(''),
  ctaUrl: z
    .string()
    .trim()
    .max(BRAND_CTA_URL_MAX, BrandKitMessages.ctaUrlInvalid)
    .refine(
      (value) => value === '' || (/^https?:\/\/[^/\s]+/i.test(value) && URL.canParse(value) && !/\s/.test(value)),
      BrandKitMessages.ctaUrlInvalid,
    )
    .default(''),
});
export type SaveBrandKitRequest = z.input<typeof SaveBrandKitRequest>;

export const BrandFontParams = z.object({ fontId: z.enum(BRAND_FONT_IDS, { error: BrandKitMessages.fontUnknown }) });
