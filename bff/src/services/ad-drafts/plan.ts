/**
 * The plan of a drafted ad as the editor and `POST /api/generate-multi-section-video` take it:
 * hook, problem, product shot (the product's photo in a set), benefit (the product's card beside the
 * presenter when its name is said) and call to action, then the alternative hooks; one variant per
 * hook, each its hook followed by the sections they share; the brand kit's end card. Every section
 * passes the generate request's own schema, so a draft is a request as it is; with a presenter chosen,
 * every talking section (the alternative hooks too) is that person, so nothing is left to add.
 */
import {
  AdDraft,
  DEFAULT_VIDEO_MODEL,
  GenerateVideoFields,
  indexOfWord,
  PRODUCT_SHOT_SECONDS,
  PRODUCT_SPEECH_TAIL_S,
  SPEECH_WORDS_PER_SECOND,
  VIDEO_MODELS,
  VideoSectionInput,
  type AdDraftWriter,
  type BrandKit,
  type SceneTemplateId,
} from '@studio/contracts';
import type { AdScripts } from './scripts.ts';
import { spokenName } from './templates.ts';

export interface PlanInput {
  product: { productId: string | null; title: string; description: string; imageUrl: string };
  scripts: AdScripts;
  brandKit: Pick<BrandKit, 'ctaText' | 'ctaUrl' | 'updatedAt'>;
  writtenBy: AdDraftWriter;
  /** Who presents every talking section (one of the caller's images, already checked), or null to choose in the editor. */
  presenterImageUrl?: string | null;
}

/** The ids of the plan's sections (the hooks are `hook-1` … `hook-n`). */
export const PLAN_IDS = { problem: 'problem', product: 'product-shot', benefit: 'benefit', cta: 'call-to-action' } as const;
export const hookId = (index: number) => `hook-${index + 1}`;

/** A Product Studio set that suits what the product is, by the words of its name and description. */
export function sceneFor(words: string): SceneTemplateId {
  if (/\b(hik\w*|camp\w*|outdoors?|trail|garden\w*|plants?|sport\w*|bottle)\b/i.test(words)) return 'outdoors';
  if (/\b(coffee|tea|mugs?|kitchen|wood\w*|oak|bread|cook\w*|cups?)\b/i.test(words)) return 'wood';
  if (/\b(skin\w*|serums?|creams?|beauty|lip\w*|candles?|perfumes?|fragrance\w*|hair)\b/i.test(words)) return 'pastel';
  return 'marble';
}

/** The word of the name a product card comes in on: the longest of the name's words said in the script. */
export function cardWord(name: string, script: string): string | null {
  const said = script.split(/\s+/);
  const words = name
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length >= 3 && indexOfWord(said, w) >= 0);
  return words.reduce<string | null>((best, w) => (best === null || w.length > best.length ? w : best), null);
}

/** How long a product shot lasts: its default, or long enough to say its line (never past its 8 s). */
export const shotSeconds = (script: string) =>
  Math.min(
    PRODUCT_SHOT_SECONDS.max,
    Math.max(
      PRODUCT_SHOT_SECONDS.default,
      Math.ceil(script.split(/\s+/).filter(Boolean).length / SPEECH_WORDS_PER_SECOND + PRODUCT_SPEECH_TAIL_S),
    ),
  );

export function planAd({ product, scripts, brandKit, writtenBy, presenterImageUrl = null }: PlanInput): AdDraft {
  const prompt = VIDEO_MODELS[DEFAULT_VIDEO_MODEL].defaultPrompt;
  const talking = (id: string, name: string, text: string, extra: Partial<VideoSectionInput> = {}) =>
    VideoSectionInput.parse({
      id,
      name,
      kind: 'talking',
      videoPrompt: prompt,
      scriptEnabled: true,
      captions: true,
      // The generate route reads a section's image from `imageUrl` and counts it complete by `hasImage`.
      hasImage: presenterImageUrl !== null,
      imageUrl: presenterImageUrl,
      scriptBlocks: [{ id: `${id}-script`, text, audioStatus: 'none' }],
      ...extra,
    });
  const hooks = scripts.hooks.map((hook, i) => talking(hookId(i), `Hook: ${hook.label}`, hook.script));
  const word = cardWord(spokenName(product.title), scripts.benefit);
  const shared = [
    talking(PLAN_IDS.problem, 'Problem', scripts.problem),
    VideoSectionInput.parse({
      id: PLAN_IDS.product,
      name: 'Product shot',
      kind: 'product',
      productImageUrl: product.imageUrl,
      scene: sceneFor(`${product.title} ${product.description}`),
      motion: 'push-in',
      duration: shotSeconds(scripts.productShot),
      hasImage: true,
      scriptEnabled: true,
      captions: true,
      scriptBlocks: [{ id: `${PLAN_IDS.product}-script`, text: scripts.productShot, audioStatus: 'none' }],
    }),
    talking(
      PLAN_IDS.benefit,
      'Benefit',
      scripts.benefit,
      word ? { productOverlay: { productImageUrl: product.imageUrl, atWord: word } } : {},
    ),
    talking(PLAN_IDS.cta, 'Call to action', scripts.callToAction),
  ];
  const [first, ...alternatives] = hooks;
  const sections = [first!, ...shared, ...alternatives];
  const endCard = { enabled: true, ctaText: brandKit.ctaText, ctaUrl: brandKit.ctaUrl, brandKitSaved: brandKit.updatedAt !== null };
  const variants = hooks.map((hook, i) => ({
    id: hook.id,
    label: `Hook ${i + 1}: ${scripts.hooks[i]!.label}`,
    sections: [hook.id, ...shared.map((s) => s.id)],
  }));
  // The draft is a generate request as it is: its sections, variants and end card pass that route's own schema.
  GenerateVideoFields.parse({ sections: JSON.stringify(sections), variants: JSON.stringify(variants), endCard: String(endCard.enabled) });
  return AdDraft.parse({ sections, variants, endCard, writtenBy, product });
}
