import { AdDraftMessages, GenerateVideoFields, VideoSectionInput, type AdDraft } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { fromEditorDraft } from './draft.ts';
import { sectionsToSend, toVariants } from './hooks.ts';
import { generateButton, scriptText, toRequestSections } from './model.ts';
import { editorDraftFromAd } from '../../shared/draft/from-ad-draft.ts';

const PHOTO = '/media/assets/0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9.png';
const talking = (id: string, name: string, text: string, extra: Partial<VideoSectionInput> = {}) =>
  VideoSectionInput.parse({
    id,
    name,
    kind: 'talking',
    videoPrompt: 'person talking calmly into the camera',
    scriptBlocks: [{ id: `${id}-s`, text }],
    captions: true,
    ...extra,
  });

/** A draft as `POST /api/ad-drafts` answers it (its JSON). */
const answer: AdDraft = JSON.parse(
  JSON.stringify({
    sections: [
      talking('hook-1', 'Hook: Question', 'Still looking for a serum that works?'),
      talking('problem', 'Problem', 'Most serums let you down.'),
      VideoSectionInput.parse({
        id: 'product-shot',
        name: 'Product shot',
        kind: 'product',
        productImageUrl: PHOTO,
        scene: 'pastel',
        motion: 'orbit',
        duration: 6,
        hasImage: true,
        captions: true,
        scriptBlocks: [{ id: 'ps', text: 'Meet Amber Serum.' }],
      }),
      talking('benefit', 'Benefit', 'I keep reaching for Amber Serum.', { productOverlay: { productImageUrl: PHOTO, atWord: 'Amber' } }),
      talking('call-to-action', 'Call to action', 'Shop now and try Amber Serum.'),
      talking('hook-2', 'Hook: Bold claim', 'Amber Serum changed my routine.'),
      talking('hook-3', 'Hook: Confession', 'I doubted Amber Serum.'),
    ],
    variants: [
      { id: 'hook-1', label: 'Hook 1: Question', sections: ['hook-1', 'problem', 'product-shot', 'benefit', 'call-to-action'] },
      { id: 'hook-2', label: 'Hook 2: Bold claim', sections: ['hook-2', 'problem', 'product-shot', 'benefit', 'call-to-action'] },
      { id: 'hook-3', label: 'Hook 3: Confession', sections: ['hook-3', 'problem', 'product-shot', 'benefit', 'call-to-action'] },
    ],
    endCard: { enabled: true, ctaText: 'Shop now', ctaUrl: '', brandKitSaved: true },
    writtenBy: 'templates',
    product: { productId: null, title: 'Amber Serum', description: '', imageUrl: PHOTO },
  }),
) as AdDraft;

describe('a drafted ad as the editor’s draft', () => {
  const loaded = editorDraftFromAd(answer)!;
  const state = fromEditorDraft(loaded.draft)!;

  it('loads the first variant’s plan in order, every script waiting for its audio, the end card on', () => {
    expect(state.sections.map((s) => [s.name, s.kind, scriptText(s)])).toEqual([
      ['Hook 1: Question', 'talking', 'Still looking for a serum that works?'],
      ['Problem', 'talking', 'Most serums let you down.'],
      ['Product shot', 'product', 'Meet Amber Serum.'],
      ['Benefit', 'talking', 'I keep reaching for Amber Serum.'],
      ['Call to action', 'talking', 'Shop now and try Amber Serum.'],
    ]);
    expect(state.sections.flatMap((s) => s.blocks).every((b) => b.audioStatus === 'none' && b.audioUrl === null)).toBe(true);
    expect(new Set(state.sections.map((s) => s.id)).size).toBe(5);
    expect(state.ad.endCard).toBe(true);
    expect(state.model).toBe('seedance');
    // No presenter was chosen: the note says who wrote the scripts and what is left to add.
    expect(loaded.note).toBe(`${AdDraftMessages.writtenByTemplates} ${AdDraftMessages.presenterNeeded}`);
  });

  it('puts the product’s photo on the shot (its set, move and length kept) and its card on the benefit', () => {
    const [, , shot, benefit] = state.sections;
    expect(shot).toMatchObject({ imageUrl: PHOTO, imagePreview: PHOTO, shot: { scene: 'pastel', motion: 'orbit', duration: 6 } });
    expect(benefit!.card).toEqual({ imageUrl: PHOTO, atWord: 'Amber' });
    expect(state.sections[0]!.imageUrl).toBeNull();
  });

  it('keeps the other hooks as the hook’s alternatives, named after their variants, and sends them as the job’s variants', () => {
    expect(state.hook!.alternatives.map((h) => [h.name, scriptText(h), h.kind, h.imageUrl])).toEqual([
      ['Hook 2: Bold claim', 'Amber Serum changed my routine.', 'talking', null],
      ['Hook 3: Confession', 'I doubted Amber Serum.', 'talking', null],
    ]);
    const sent = sectionsToSend(state.sections, state.hook!);
    expect(sent).toHaveLength(7);
    const variants = toVariants(state.sections, state.hook!)!;
    expect(variants.map((v) => v.label)).toEqual(['Hook 1: Question', 'Hook 2: Bold claim', 'Hook 3: Confession']);
    const shared = state.sections.slice(1).map((s) => s.id);
    expect(variants.map((v) => v.sections.slice(1))).toEqual([shared, shared, shared]);
    expect(
      GenerateVideoFields.parse({ sections: JSON.stringify(toRequestSections(sent)), variants: JSON.stringify(variants) }).variants,
    ).toHaveLength(3);
  });

  it('is sent as the generate request’s sections once the user completes it, and until then asks to complete it', () => {
    expect(generateButton(state.sections, state.model, false)).toEqual({ label: 'Complete all sections', disabled: true });
    const sections = toRequestSections(state.sections);
    expect(GenerateVideoFields.parse({ sections: JSON.stringify(sections) }).sections[2]).toMatchObject({
      kind: 'product',
      imageUrl: PHOTO,
      scene: 'pastel',
    });
    expect(sections[3]!.productOverlay).toEqual({ productImageUrl: PHOTO, atWord: 'Amber' });
  });

  it('shows a presenter chosen in Make an ad on every talking section, the hooks’ too, and then generates as it is', () => {
    const FACE = '/media/temp/0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9-abcdefghijklmnop.jpg';
    const presented: AdDraft = {
      ...answer,
      sections: answer.sections.map((s) => (s.kind === 'talking' ? { ...s, imageUrl: FACE, hasImage: true } : s)),
    };
    const withPresenter = editorDraftFromAd(presented)!;
    const editor = fromEditorDraft(withPresenter.draft)!;
    const talkingSections = [...editor.sections, ...editor.hook!.alternatives].filter((s) => s.kind === 'talking');
    expect(talkingSections.map((s) => [s.name, s.imageUrl, s.imagePreview, s.imageFile])).toEqual(
      ['Hook 1: Question', 'Problem', 'Benefit', 'Call to action', 'Hook 2: Bold claim', 'Hook 3: Confession'].map((name) => [
        name,
        FACE,
        FACE,
        null,
      ]),
    );
    // The product shot keeps the product's photo; nothing is left to add, so the note asks for nothing.
    expect(editor.sections[2]!.imageUrl).toBe(PHOTO);
    expect(withPresenter.note).toBe(AdDraftMessages.writtenByTemplates);
    // A model that speaks the scripts itself needs no approved audio: Generate is ready at once.
    expect(generateButton(editor.sections, 'veo3', false)).toEqual({ label: 'Generate Video', disabled: false });
    const sent = GenerateVideoFields.parse({
      sections: JSON.stringify(toRequestSections(sectionsToSend(editor.sections, editor.hook!))),
      variants: JSON.stringify(toVariants(editor.sections, editor.hook!)),
    });
    expect(sent.sections.filter((s) => s.kind === 'talking').every((s) => s.imageUrl === FACE && s.hasImage)).toBe(true);
  });

  it('ignores navigation state that is not a drafted ad', () => {
    expect(editorDraftFromAd(undefined)).toBeNull();
    expect(editorDraftFromAd({ sections: [] })).toBeNull();
    expect(editorDraftFromAd({ ...answer, writtenBy: 'someone' })).toBeNull();
  });
});
