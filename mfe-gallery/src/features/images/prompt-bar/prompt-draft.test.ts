import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_ASPECT_RATIO, IMAGE_COUNT_MAX } from '@studio/contracts';
import {
  DEFAULT_CHOICES,
  emptyDraft,
  generationInput,
  hasWhatItNeeds,
  promptDraftReducer,
  selectsCharacter,
  toChoices,
  type PromptDraftState,
} from './prompt-draft.ts';

const draft = (patch: Partial<PromptDraftState> = {}): PromptDraftState => ({ ...emptyDraft(DEFAULT_CHOICES), ...patch });
const photo = () => new File(['x'], 'bottle.png', { type: 'image/png' });

describe('remembered choices', () => {
  it('come back as saved', () => {
    expect(toChoices({ aspectRatio: '1:1', imageCount: 3, models: ['ideogram_v3', 'style-1'] })).toEqual({
      aspectRatio: '1:1',
      imageCount: 3,
      models: ['ideogram_v3', 'style-1'],
    });
  });

  it('fall back one by one when stale or hand-edited', () => {
    expect(toChoices({ aspectRatio: '5:1', imageCount: 99, models: ['style-1', 7] })).toEqual({
      aspectRatio: DEFAULT_IMAGE_ASPECT_RATIO,
      imageCount: IMAGE_COUNT_MAX,
      models: ['style-1'],
    });
    expect(toChoices(null)).toEqual(DEFAULT_CHOICES);
  });
});

describe('the prompt bar draft', () => {
  it('switches to Edit when an image is added, keeping the styles', () => {
    const next = promptDraftReducer(draft({ choices: { ...DEFAULT_CHOICES, models: ['ideogram_v3', 'style-1'] } }), {
      type: 'takeImage',
      image: { url: '/media/assets/a.png', name: 'Image from your gallery' },
    });
    expect(next.choices.models).toEqual(['google_edit', 'style-1']);
    expect(next.image?.name).toBe('Image from your gallery');
  });

  it('keeps the choices (so nothing is remembered) when the model already edits', () => {
    const before = draft({ choices: { ...DEFAULT_CHOICES, models: ['kontext_multi'] } });
    expect(promptDraftReducer(before, { type: 'takeImage', image: { file: photo(), name: 'bottle.png' } }).choices).toBe(before.choices);
  });

  it('adds Image → Prompt’s description after what is written', () => {
    expect(promptDraftReducer(draft({ prompt: 'a bottle ' }), { type: 'addDescription', description: 'on marble' }).prompt).toBe(
      'a bottle on marble',
    );
    expect(promptDraftReducer(draft({ prompt: '  ' }), { type: 'addDescription', description: 'on marble' }).prompt).toBe('on marble');
  });

  it('needs a prompt, except for try-on, which needs both images instead', () => {
    expect(hasWhatItNeeds(draft({ prompt: '  ' }))).toBe(false);
    expect(hasWhatItNeeds(draft({ prompt: 'a lamp' }))).toBe(true);
    const tryOn = draft({
      choices: { ...DEFAULT_CHOICES, models: ['kling_kolors_virtual_tryon'] },
      image: { file: photo(), name: 'shirt.png' },
    });
    expect(hasWhatItNeeds(tryOn)).toBe(false);
    expect(hasWhatItNeeds({ ...tryOn, image2: photo() })).toBe(true);
  });

  it('needs both images and a prompt for Product Placement', () => {
    const placement = draft({ prompt: 'on a kitchen shelf', choices: { ...DEFAULT_CHOICES, models: ['kontext_multi'] } });
    expect(hasWhatItNeeds(placement)).toBe(false);
    expect(hasWhatItNeeds({ ...placement, image: { file: photo(), name: 'bottle.png' } })).toBe(false);
    expect(hasWhatItNeeds({ ...placement, image: { file: photo(), name: 'bottle.png' }, image2: photo() })).toBe(true);
    expect(hasWhatItNeeds({ ...placement, prompt: ' ', image: { file: photo(), name: 'bottle.png' }, image2: photo() })).toBe(false);
  });
});

describe('the generation a draft asks for', () => {
  it('leads with the model in effect, then the own models, and sends a gallery image by URL', () => {
    const { fields, image, image2 } = generationInput(
      draft({
        prompt: ' brighter ',
        choices: { aspectRatio: '1:1', imageCount: 2, models: ['flux_krea', 'style-1'] },
        image: { url: '/media/assets/a.png', name: 'Image from your gallery' },
        image2: photo(),
        characterId: 'char-1',
      }),
      'user-1',
      'request-1',
    );
    expect(fields).toEqual({
      prompt: 'brighter',
      aspectRatio: '1:1',
      imageCount: '2',
      selectedLoRAModels: JSON.stringify(['google_edit', 'style-1']),
      userId: 'user-1',
      requestId: 'request-1',
      imageUrl: '/media/assets/a.png',
      sourceCharacterId: 'char-1',
    });
    // Edit takes one image: the second is not sent.
    expect(image).toBeUndefined();
    expect(image2).toBeUndefined();
  });

  it('sends no prompt for try-on, and both images', () => {
    const garment = photo();
    const person = photo();
    const input = generationInput(
      draft({
        prompt: 'hidden text',
        choices: { ...DEFAULT_CHOICES, models: ['kling_kolors_virtual_tryon'] },
        image: { file: garment, name: 'shirt.png' },
        image2: person,
      }),
      'user-1',
      'request-1',
    );
    expect(input.fields.prompt).toBe('');
    expect(input.image).toBe(garment);
    expect(input.image2).toBe(person);
  });
});

describe('a trained character in the selection', () => {
  const own = [
    { id: 'style-1', type: 'style' },
    { id: 'mia', type: 'character' },
  ];
  it('is noticed only when one of the user’s characters is chosen', () => {
    expect(selectsCharacter(['flux_krea', 'mia'], own)).toBe(true);
    expect(selectsCharacter(['flux_krea', 'style-1'], own)).toBe(false);
    expect(selectsCharacter(['mia'], undefined)).toBe(false);
  });
});
