import { AD_DRAFT_HOOKS, GenerateVideoFields, PRODUCT_SHOT_SCRIPT_WORDS_MAX } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { parseAnswer } from './language-model.ts';
import { cardWord, hookId, planAd, sceneFor, shotSeconds } from './plan.ts';
import { AdScripts, TALKING_SCRIPT_WORDS_MAX, wordCount } from './scripts.ts';
import { baseForm, fit, sentencesOf, spokenName, templateScripts, whatItDoes } from './templates.ts';

const SERUM = {
  title: 'Amber Serum',
  description: 'A lightweight vitamin C serum that brightens dull skin. Fades dark spots in four weeks. Fragrance-free & vegan.',
  ctaText: 'Shop now',
};

describe('the template writer', () => {
  it('writes every part from the product’s own words: its name, what it does, what it lists, and the kit’s call to action', () => {
    const scripts = templateScripts(SERUM);
    expect(scripts.hooks).toHaveLength(AD_DRAFT_HOOKS);
    expect(new Set(scripts.hooks.map((h) => h.script)).size).toBe(AD_DRAFT_HOOKS);
    expect(scripts.hooks[0]!.script).toBe('Still looking for something that actually brightens dull skin?');
    expect(scripts.problem).toBe('Most products promise to brighten dull skin, and then they let you down.');
    expect(scripts.productShot).toBe('Meet Amber Serum. A lightweight vitamin C serum that brightens dull skin.');
    expect(scripts.benefit).toBe('Fades dark spots in four weeks. Fragrance-free and vegan. That is why I keep reaching for Amber Serum.');
    expect(scripts.callToAction).toBe('Shop now and try Amber Serum for yourself.');
    for (const line of [scripts.productShot, scripts.benefit, scripts.callToAction, scripts.hooks[1]!.script])
      expect(line).toContain('Amber Serum');
  });

  it('still drafts from a name alone, and keeps every line within what a clip can say', () => {
    const bare = templateScripts({ title: 'Rose Candle', description: '', ctaText: '' });
    expect(bare.hooks[0]!.script).toBe('Have you tried Rose Candle yet?');
    expect(bare.callToAction).toBe('Tap the link and try Rose Candle for yourself.');
    expect(bare.productShot).toBe('Meet Rose Candle.');
    const long = templateScripts({
      title: 'The Extraordinarily Long Named Deluxe Travel Kit For Everyone Who Travels – 12 pieces, blue',
      description: `${'A very long sentence that goes on and on about many things without stopping '.repeat(6)}.`,
      ctaText: 'Order today!',
    });
    expect(() => AdScripts.parse(long)).not.toThrow();
    expect(long.callToAction).toMatch(/^Order today and try /);
    for (const line of [long.problem, long.benefit, long.callToAction, ...long.hooks.map((h) => h.script)])
      expect(wordCount(line)).toBeLessThanOrEqual(TALKING_SCRIPT_WORDS_MAX);
    expect(wordCount(long.productShot)).toBeLessThanOrEqual(PRODUCT_SHOT_SCRIPT_WORDS_MAX);
  });

  it('reads a description’s sentences, what the product does and the verb’s base form', () => {
    expect(sentencesOf('Keeps water cold. Leak-proof lid & strap')).toEqual(['Keeps water cold.', 'Leak-proof lid and strap.']);
    expect(whatItDoes(['An insulated steel bottle that keeps water cold for 24 hours.'])?.phrase).toBe('keeps water cold for 24 hours');
    expect(whatItDoes(['Just a mug.'])).toBeNull();
    expect(['brightens', 'washes', 'carries', 'is', 'keeps', 'does', 'fades'].map(baseForm)).toEqual([
      'brighten',
      'wash',
      'carry',
      'be',
      'keep',
      'do',
      'fade',
    ]);
    expect(spokenName('Amber Serum – 30 ml')).toBe('Amber Serum');
    expect(fit('one two three four', 2)).toBe('one two.');
  });
});

describe('the plan', () => {
  const product = { productId: null, title: SERUM.title, description: SERUM.description, imageUrl: '/media/assets/photo.png' };
  const draft = planAd({
    product,
    scripts: templateScripts(SERUM),
    brandKit: { ctaText: 'Shop now', ctaUrl: 'https://shop.example/serum', updatedAt: '2026-01-01T00:00:00.000Z' },
    writtenBy: 'templates',
  });

  it('orders hook, problem, product shot, benefit and call to action, then the other hooks, one variant per hook', () => {
    expect(draft.sections.map((s) => s.id)).toEqual(['hook-1', 'problem', 'product-shot', 'benefit', 'call-to-action', 'hook-2', 'hook-3']);
    const shared = ['problem', 'product-shot', 'benefit', 'call-to-action'];
    expect(draft.variants).toEqual(
      [0, 1, 2].map((i) => ({ id: hookId(i), label: expect.stringMatching(`^Hook ${i + 1}: `), sections: [hookId(i), ...shared] })),
    );
    expect(draft.endCard).toEqual({ enabled: true, ctaText: 'Shop now', ctaUrl: 'https://shop.example/serum', brandKitSaved: true });
  });

  it('puts the product’s photo on the shot and on a card at the word that names it, each section a generate request’s', () => {
    const shot = draft.sections.find((s) => s.kind === 'product')!;
    expect(shot).toMatchObject({ productImageUrl: product.imageUrl, scene: 'pastel', motion: 'push-in', duration: 6 });
    expect(draft.sections.find((s) => s.id === 'benefit')!.productOverlay).toEqual({ productImageUrl: product.imageUrl, atWord: 'Amber' });
    const fields = GenerateVideoFields.parse({ sections: JSON.stringify(draft.sections), endCard: 'true' });
    expect(fields.sections).toHaveLength(7);
    expect(draft.sections.filter((s) => s.kind === 'talking').every((s) => !s.hasImage && s.scriptBlocks[0]!.audioStatus === 'none')).toBe(
      true,
    );
  });

  it('picks a set and a card word from the product’s words', () => {
    expect(sceneFor('Ink Mug, a stoneware mug for coffee')).toBe('wood');
    expect(sceneFor('Trail runner shoes')).toBe('outdoors');
    expect(sceneFor('A desk lamp')).toBe('marble');
    expect(cardWord('Ink Mug', 'My mug, the Ink Mug.')).toBe('Ink');
    expect(cardWord('Ox', 'An ox.')).toBeNull();
    expect(shotSeconds('one two')).toBe(4);
    expect(shotSeconds(Array(16).fill('word').join(' '))).toBe(7);
  });
});

describe('a language model’s answer', () => {
  const answer = { ...templateScripts(SERUM) };
  it('is taken when it is the asked JSON shape, in a code fence or not', () => {
    expect(parseAnswer(JSON.stringify(answer))).toEqual(answer);
    expect(parseAnswer(`\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``)).toEqual(answer);
  });
  it('is refused when it is not JSON, misses a part, has two hooks, or a product-shot line too long to say in 8 s', () => {
    expect(parseAnswer('Sure! Here is your ad: …')).toBeNull();
    expect(parseAnswer(null)).toBeNull();
    expect(parseAnswer(JSON.stringify({ ...answer, benefit: undefined }))).toBeNull();
    expect(parseAnswer(JSON.stringify({ ...answer, hooks: answer.hooks.slice(0, 2) }))).toBeNull();
    expect(parseAnswer(JSON.stringify({ ...answer, productShot: Array(20).fill('word').join(' ') }))).toBeNull();
  });
});
