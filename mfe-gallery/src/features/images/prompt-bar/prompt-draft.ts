/**
 * The prompt bar's draft as pure data: what the user has written and chosen so far, how each step
 * changes it (spec 2 §4 selection rules from `../models.ts`), and the generation it asks for.
 * `usePromptDraft` holds it in React.
 */
import {
  DEFAULT_IMAGE_ASPECT_RATIO,
  IMAGE_ASPECT_RATIOS,
  IMAGE_COUNT_MAX,
  IMAGE_COUNT_MIN,
  type ImageAspectRatio,
} from '@studio/contracts';
import type { GenerationInput } from '../api.ts';
import { effectiveModel, isLockedMode, isPrebuilt, nextModelSelection, selectionForImage, withModel } from '../models.ts';

/** The choices the bar remembers between visits. */
export interface Choices {
  aspectRatio: ImageAspectRatio;
  imageCount: number;
  models: string[];
}

/** A change of the output's shape: aspect ratio, number of images. */
export type ChoiceChange = Partial<Pick<Choices, 'aspectRatio' | 'imageCount'>>;

/** An input image: a file from this device, or one of the user's own assets by URL. */
export type InputImage = { file: File; url?: undefined; name: string } | { file?: undefined; url: string; name: string };

export interface PromptDraftState {
  prompt: string;
  choices: Choices;
  image: InputImage | null;
  /** The second image ('PLACE or PERSON'), sent only in the two-image modes. */
  image2: File | null;
  characterId: string | null;
}

export type PromptDraftAction =
  | { type: 'setPrompt'; prompt: string }
  /** Image → Prompt's description, added after what is written. */
  | { type: 'addDescription'; description: string }
  | { type: 'choose'; choices: ChoiceChange }
  /** A click in the Models menu. */
  | { type: 'pickModel'; id: string }
  /** A model handed over (a model tag, a style's Apply): chosen, never toggled off. */
  | { type: 'selectModel'; id: string }
  | { type: 'takeImage'; image: InputImage }
  | { type: 'removeImage' }
  | { type: 'setImage2'; file: File | null }
  | { type: 'setCharacter'; id: string | null };

export const DEFAULT_CHOICES: Choices = { aspectRatio: DEFAULT_IMAGE_ASPECT_RATIO, imageCount: IMAGE_COUNT_MIN, models: [] };

/** Remembered choices as saved (any JSON, perhaps stale or hand-edited): each one checked, else its default. */
export function toChoices(saved: unknown): Choices {
  if (typeof saved !== 'object' || saved === null) return DEFAULT_CHOICES;
  const { aspectRatio, imageCount, models } = saved as Record<string, unknown>;
  return {
    aspectRatio: IMAGE_ASPECT_RATIOS.includes(aspectRatio as ImageAspectRatio)
      ? (aspectRatio as ImageAspectRatio)
      : DEFAULT_IMAGE_ASPECT_RATIO,
    imageCount: Math.min(IMAGE_COUNT_MAX, Math.max(IMAGE_COUNT_MIN, Number(imageCount) || IMAGE_COUNT_MIN)),
    models: Array.isArray(models) ? models.filter((m): m is string => typeof m === 'string').slice(0, 10) : [],
  };
}

export const emptyDraft = (choices: Choices): PromptDraftState => ({ prompt: '', choices, image: null, image2: null, characterId: null });

const withModels = (state: PromptDraftState, models: string[]): PromptDraftState => ({ ...state, choices: { ...state.choices, models } });

/** `choices` keeps its identity unless a choice changes, so only a real change is remembered. */
export function promptDraftReducer(state: PromptDraftState, action: PromptDraftAction): PromptDraftState {
  switch (action.type) {
    case 'setPrompt':
      return { ...state, prompt: action.prompt };
    case 'addDescription': {
      const written = state.prompt.trim();
      return { ...state, prompt: written ? `${written} ${action.description}` : action.description };
    }
    case 'choose':
      return { ...state, choices: { ...state.choices, ...action.choices } };
    case 'pickModel':
      return withModels(state, nextModelSelection(state.choices.models, action.id));
    case 'selectModel':
      return withModels(state, withModel(state.choices.models, action.id));
    case 'takeImage': {
      // spec 2 §4: an input image forces an edit-capable model.
      const forced = selectionForImage(state.choices.models);
      return forced ? withModels({ ...state, image: action.image }, forced) : { ...state, image: action.image };
    }
    case 'removeImage':
      return { ...state, image: null };
    case 'setImage2':
      return { ...state, image2: action.file };
    case 'setCharacter':
      return { ...state, characterId: action.id };
  }
}

/** The pre-built model the draft will use, whether it takes a second image, and whether it is try-on. */
export function draftMode(state: PromptDraftState) {
  const model = effectiveModel(state.choices.models, Boolean(state.image));
  return { model, locked: isLockedMode(model), tryOn: model === 'kling_kolors_virtual_tryon' };
}

/**
 * Try-on needs both images and no prompt; Product Placement both images and a prompt (spec 2 §5: its
 * Generate is enabled only then); every other mode a prompt.
 */
export function hasWhatItNeeds(state: PromptDraftState): boolean {
  const { locked, tryOn } = draftMode(state);
  const bothImages = Boolean(state.image && state.image2);
  if (tryOn) return bothImages;
  return (!locked || bothImages) && Boolean(state.prompt.trim());
}

/** The generation the draft asks for: the effective model leads the selection, as the server's planGeneration reads it. */
export function generationInput(state: PromptDraftState, userId: string, requestId: string): GenerationInput {
  const { model, locked, tryOn } = draftMode(state);
  const fields: Record<string, string> = {
    prompt: tryOn ? '' : state.prompt.trim(),
    aspectRatio: state.choices.aspectRatio,
    imageCount: String(state.choices.imageCount),
    selectedLoRAModels: JSON.stringify([model, ...state.choices.models.filter((id) => !isPrebuilt(id))]),
    userId,
    requestId,
  };
  if (state.image?.url) fields.imageUrl = state.image.url;
  if (state.characterId) fields.sourceCharacterId = state.characterId;
  return { fields, image: state.image?.file, image2: locked && state.image2 ? state.image2 : undefined };
}

/** Whether the selection holds one of the user's trained characters (the local engine says what it does with one). */
export const selectsCharacter = (selection: readonly string[], own: readonly { id: string; type: string }[] | undefined): boolean =>
  Boolean(own?.some((m) => m.type === 'character' && selection.includes(m.id)));
