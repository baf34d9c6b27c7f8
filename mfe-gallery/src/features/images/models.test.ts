import { describe, expect, it } from 'vitest';
import { effectiveModel, isChosen, modelMenu, nextModelSelection, selectionForImage, withModel } from './models.ts';

describe('model selection (spec 2 §4)', () => {
  it('a pre-built pick replaces the whole selection', () => {
    expect(nextModelSelection(['flux_krea', 'style-1', 'char-2'], 'ideogram_v3')).toEqual(['ideogram_v3']);
  });

  it('another pick keeps only the non-pre-built models and toggles itself', () => {
    expect(nextModelSelection(['flux_krea', 'style-1'], 'char-2')).toEqual(['style-1', 'char-2']);
    expect(nextModelSelection(['style-1', 'char-2'], 'style-1')).toEqual(['char-2']);
  });

  it('a style applied from the Styles page is chosen, and applying it again keeps it', () => {
    expect(withModel(['flux_krea'], 'global_pastel')).toEqual(['global_pastel']);
    expect(withModel(['style-1', 'global_pastel'], 'global_pastel')).toEqual(['style-1', 'global_pastel']);
    expect(withModel(['style-1'], 'ideogram_v3')).toEqual(['ideogram_v3']);
  });

  it('an input image forces an edit-capable model, Edit by default', () => {
    expect(effectiveModel(['flux_krea'], true)).toBe('google_edit');
    expect(effectiveModel(['kontext_multi'], true)).toBe('kontext_multi');
    expect(effectiveModel([], false)).toBe('flux_krea');
    expect(selectionForImage(['ideogram_v3', 'style-1'])).toEqual(['google_edit', 'style-1']);
    expect(selectionForImage(['ideogram_v3_replace_background'])).toBeNull();
  });
});

describe('the Models menu (spec 2 §4)', () => {
  const own = [
    { id: 'style-1', name: 'Amber set', status: 'ready' },
    { id: 'char-2', name: 'Mia', status: 'training' },
    { id: 'flux_krea', name: 'Generate again', status: 'ready' },
  ];

  it('lists the built-in models until the server answers, then the user’s ready models, each once', () => {
    const names = modelMenu(undefined, own).map((m) => m.name);
    expect(names.slice(0, 2)).toEqual(['Generate', 'Edit']);
    expect(names).toContain('Amber set');
    expect(names).not.toContain('Mia');
    expect(names).not.toContain('Generate again');
  });

  it('shows as chosen the pre-built model in effect and the selected own models', () => {
    const chosen = modelMenu(undefined, own).filter((m) => isChosen(m.id, 'google_edit', ['flux_krea', 'style-1']));
    expect(chosen.map((m) => m.name)).toEqual(['Edit', 'Amber set']);
  });
});
