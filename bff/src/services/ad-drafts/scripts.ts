/**
 * The scripts of a drafted ad, whoever writes them: a hook for each variant, then the problem, the
 * line said over the product shot, the benefit and the call to action. A language model is asked
 * for exactly this shape and its answer is refused unless it parses.
 */
import { AD_DRAFT_HOOKS, PRODUCT_SHOT_SCRIPT_WORDS_MAX } from '@studio/contracts';
import { z } from 'zod';

/** Words in a line as the server counts them (split on spaces). */
export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A talking section's line: short enough to be said in one lip-synced clip (12 s with its tail). */
export const TALKING_SCRIPT_WORDS_MAX = 22;

const line = (maxWords: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(400)
    .refine((text) => wordCount(text) <= maxWords, { error: `at most ${maxWords} words` });

export const AdScripts = z.object({
  hooks: z.array(z.object({ label: z.string().trim().min(1).max(40), script: line(TALKING_SCRIPT_WORDS_MAX) })).length(AD_DRAFT_HOOKS),
  problem: line(TALKING_SCRIPT_WORDS_MAX),
  productShot: line(PRODUCT_SHOT_SCRIPT_WORDS_MAX),
  benefit: line(TALKING_SCRIPT_WORDS_MAX),
  callToAction: line(TALKING_SCRIPT_WORDS_MAX),
});
export type AdScripts = z.infer<typeof AdScripts>;

/** What the scripts are written from: the product's words and the brand kit's call to action. */
export interface ProductFacts {
  title: string;
  description: string;
  /** The brand kit's call to action ('' when the kit has none). */
  ctaText: string;
}

/** Writes the scripts of an ad from a product's facts. */
export interface ScriptWriter {
  kind: 'templates' | 'language-model';
  write(facts: ProductFacts): Promise<AdScripts>;
}
