import { z } from 'zod';
import { PRODUCT_TITLE_MAX, ProductDescription, ProductMessages } from './products.ts';
import { MAX_VIDEO_SECTIONS, MAX_VIDEO_VARIANTS, VideoSectionInput, VideoVariantInput } from './videos.ts';

/**
 * An ad drafted from a product (issue 40 §3): a plan of hook, problem, product shot, benefit and
 * call to action, its scripts written from the product's name and description, alternative hooks
 * as variants, and the brand kit's call to action on the end card. Drafting spends no credit; the
 * draft is a `POST /api/generate-multi-section-video` request's sections as they are.
 */
export const AdDraftRoutes = { drafts: '/api/ad-drafts' } as const;

/** How many hooks a draft offers: the plan's own and its alternatives, one variant each. */
export const AD_DRAFT_HOOKS = 3;
/** At most this many words are said over a product shot: at the voice's normal pace they fit its 8 s. */
export const PRODUCT_SHOT_SCRIPT_WORDS_MAX = 16;
/** Who wrote a draft's scripts: templates filled with the product's words, or the configured language model. */
export const AD_DRAFT_WRITERS = ['templates', 'language-model'] as const;
export type AdDraftWriter = (typeof AD_DRAFT_WRITERS)[number];

export const AdDraftMessages = {
  productOrWords: 'Choose one of your products, or give the product’s name and one of your photos of it.',
  photoNotOfProduct: 'Choose one of this product’s own photos.',
  presenterNotYours: 'Choose the presenter from your own images: an upload, an image from your gallery or one of your characters.',
  modelAnswerInvalid: 'The language model did not answer with a usable ad plan, so nothing was drafted. Nothing was charged: try again.',
  modelUnavailable: 'The language model that writes the scripts could not be reached. Nothing was charged: try again in a moment.',
  writtenByTemplates:
    'Drafted offline: these scripts come from templates filled in with your product’s name and description. Change anything you like.',
  writtenByModel: 'Drafted by a language model from your product’s name and description. Change anything you like.',
  /** What the editor adds to the note when no presenter was chosen for the draft. */
  presenterNeeded: 'Next: give each talking section a photo of who presents it, then Generate.',
  /** Make an ad's choice of who presents every talking section. */
  presenter: 'Presenter',
  presenterLater: 'Choose later in the editor',
  presenterUpload: 'Upload a photo',
  makeAd: 'Make an ad',
  drafting: 'Drafting…',
  describe: 'What does it do, and for whom? (the scripts are written from this)',
  draftFailed: 'The ad could not be drafted. Please try again.',
} as const;

/**
 * `POST /api/ad-drafts`: one of the caller's products (`productId`, optionally with the words to
 * write from and which of its photos to show), or a product described here: its name, what it does,
 * and one of the caller's photos of it. With `presenterImageUrl` (one of the caller's own images:
 * an upload, a gallery image or a character's) every talking section shows that person, so the
 * draft starts as it is.
 */
export const AdDraftRequest = z
  .object({
    productId: z.string().trim().min(1).max(100).optional(),
    title: z.string().trim().max(PRODUCT_TITLE_MAX, { error: ProductMessages.titleTooLong }).optional(),
    description: ProductDescription.optional(),
    imageUrl: z.string().trim().max(500).optional(),
    presenterImageUrl: z
      .string()
      .trim()
      .min(1, { error: AdDraftMessages.presenterNotYours })
      .max(500, { error: AdDraftMessages.presenterNotYours })
      .optional(),
  })
  .refine((r) => Boolean(r.productId) || Boolean(r.title && r.imageUrl), { error: AdDraftMessages.productOrWords });
export type AdDraftRequest = z.input<typeof AdDraftRequest>;

/** The end card the ad closes with: the brand kit's, with its call to action (the job reads the kit when it renders). */
export const AdDraftEndCard = z.object({
  enabled: z.boolean(),
  ctaText: z.string(),
  ctaUrl: z.string(),
  /** Whether the owner ever saved a brand kit (a kit never saved has no call to action yet). */
  brandKitSaved: z.boolean(),
});
export type AdDraftEndCard = z.infer<typeof AdDraftEndCard>;

/** What each section of the plan is for. */
export const AD_DRAFT_PARTS = ['hook', 'problem', 'product', 'benefit', 'cta'] as const;
export type AdDraftPart = (typeof AD_DRAFT_PARTS)[number];

export const AdDraft = z.object({
  /** Every section, in the generate request's form: the plan in order, then the alternative hooks. */
  sections: z.array(VideoSectionInput).min(1).max(MAX_VIDEO_SECTIONS),
  /**
   * One per hook, as the generate request's `variants`: its hook, then the sections every variant
   * shares, by section id in order. The first is the plan as ordered in `sections`.
   */
  variants: z.array(VideoVariantInput).min(1).max(MAX_VIDEO_VARIANTS),
  endCard: AdDraftEndCard,
  writtenBy: z.enum(AD_DRAFT_WRITERS),
  /** The facts the scripts were written from. */
  product: z.object({
    productId: z.string().nullable(),
    title: z.string(),
    description: z.string(),
    imageUrl: z.string(),
  }),
});
export type AdDraft = z.output<typeof AdDraft>;

export const AdDraftResponse = z.object({ success: z.literal(true), draft: AdDraft });
export type AdDraftResponse = z.output<typeof AdDraftResponse>;
