import { atom } from 'jotai';

/**
 * What another part of the gallery hands to the prompt bar (spec 2 §2): a prompt to reuse, an
 * image to edit, a model to select. The prompt bar applies it once and clears it.
 */
export interface PromptDraft {
  prompt?: string;
  /** One of the user's own assets, by URL, as the input image (switches to Edit). */
  imageUrl?: string;
  /** A model id to select (model click). */
  model?: string;
}
export const promptDraftAtom = atom<PromptDraft | null>(null);
