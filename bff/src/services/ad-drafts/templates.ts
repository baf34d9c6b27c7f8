/**
 * Scripts without a language model: templates filled in with the product's own words — its name,
 * what its description says it does, and the features it lists — and the brand kit's call to
 * action. Deterministic, offline, and honest about it (the editor says the scripts are templates).
 */
import { PRODUCT_SHOT_SCRIPT_WORDS_MAX } from '@studio/contracts';
import { AdScripts, TALKING_SCRIPT_WORDS_MAX, wordCount, type ProductFacts, type ScriptWriter } from './scripts.ts';

/** The description's sentences, each ending with its stop; "&" is said "and". */
export function sentencesOf(description: string): string[] {
  return description
    .replace(/\s+&\s+/g, ' and ')
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s))
    .map((s) => (/[.!?]$/.test(s) ? s : `${s}.`));
}

/** What the product does, read from a sentence such as "A serum that brightens dull skin." → "brightens dull skin". */
export function whatItDoes(sentences: readonly string[]): { phrase: string; sentence: string } | null {
  for (const sentence of sentences) {
    const found = /\b(?:that|which)\s+(.+?)[.!?]$/i.exec(sentence);
    if (found && wordCount(found[1]!) <= 10) return { phrase: found[1]!, sentence };
  }
  return null;
}

const IRREGULAR: Record<string, string> = { is: 'be', has: 'have', does: 'do', goes: 'go' };

/** "brightens dull skin" → "brighten dull skin": the phrase's first verb without its third-person s. */
export function baseForm(phrase: string): string {
  const [verb = '', ...rest] = phrase.split(' ');
  const lower = verb.toLowerCase();
  const base =
    IRREGULAR[lower] ??
    (/(ch|sh|ss|x|z)es$/i.test(verb)
      ? verb.slice(0, -2)
      : /[^aeiou]ies$/i.test(verb)
        ? `${verb.slice(0, -3)}y`
        : /[^su]s$/i.test(verb)
          ? verb.slice(0, -1)
          : verb);
  return [base, ...rest].join(' ');
}

/** How the scripts say the product: its name before a size or variant ("Amber Serum – 30 ml"), at most six words. */
export function spokenName(title: string): string {
  const name = title.split(/\s[-–—|:]\s|,|\(/)[0]!.trim() || title.trim();
  return name.split(/\s+/).slice(0, 6).join(' ');
}

/** A line cut to `max` words, ending as a sentence. */
export function fit(text: string, max: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= max) return text.trim();
  return `${words
    .slice(0, max)
    .join(' ')
    .replace(/[,;:–—-]+$/, '')}.`;
}

/** As many whole sentences as fit in `budget` words, in order. */
function sentencesWithin(sentences: readonly string[], budget: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const sentence of sentences) {
    const n = wordCount(sentence);
    if (used + n > budget) break;
    kept.push(sentence);
    used += n;
  }
  return kept;
}

/** The plan's scripts from the product's facts, by template. */
export function templateScripts({ title, description, ctaText }: ProductFacts): AdScripts {
  const name = spokenName(title);
  const sentences = sentencesOf(description);
  const does = whatItDoes(sentences);
  const lead = does?.sentence ?? sentences[0] ?? null;
  const features = sentences.filter((s) => s !== lead);
  const talking = (text: string) => fit(text, TALKING_SCRIPT_WORDS_MAX);

  const shot = lead && wordCount(`Meet ${name}. ${lead}`) <= PRODUCT_SHOT_SCRIPT_WORDS_MAX ? `Meet ${name}. ${lead}` : `Meet ${name}.`;
  const tail = `That is why I keep reaching for ${name}.`;
  const told = sentencesWithin(features, TALKING_SCRIPT_WORDS_MAX - wordCount(tail));
  const benefit =
    told.length > 0
      ? `${told.join(' ')} ${tail}`
      : does
        ? `It really ${does.phrase}, and that is why I keep reaching for ${name}.`
        : `It simply works, and that is why I keep reaching for ${name}.`;
  const cta = ctaText.trim().replace(/[.!?]+$/, '');

  return AdScripts.parse({
    hooks: [
      {
        label: 'Question',
        script: talking(does ? `Still looking for something that actually ${does.phrase}?` : `Have you tried ${name} yet?`),
      },
      { label: 'Bold claim', script: talking(`I did not expect ${name} to change my routine this much.`) },
      { label: 'Confession', script: talking(`Honest confession: I was sure ${name} would be just another product.`) },
    ],
    problem: talking(
      does
        ? `Most products promise to ${baseForm(does.phrase)}, and then they let you down.`
        : 'I kept buying things that looked great online, and then they let me down.',
    ),
    productShot: fit(shot, PRODUCT_SHOT_SCRIPT_WORDS_MAX),
    benefit: talking(benefit),
    callToAction: talking(cta ? `${cta} and try ${name} for yourself.` : `Tap the link and try ${name} for yourself.`),
  });
}

export const templateWriter: ScriptWriter = { kind: 'templates', write: async (facts) => templateScripts(facts) };
