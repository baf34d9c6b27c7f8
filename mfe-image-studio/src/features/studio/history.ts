import type { StudioImage } from '@studio/contracts';

/** One applied step: what it made and what it was, in words (kept with the saved image). */
export interface StudioStep {
  image: StudioImage;
  label: string;
}

/** The editing session: the photo the user started from and the steps since, newest last. */
export interface StudioHistory {
  original: StudioImage;
  steps: readonly StudioStep[];
}

export const startHistory = (original: StudioImage): StudioHistory => ({ original, steps: [] });

/** The image the next step works on. */
export const currentImage = (history: StudioHistory): StudioImage => history.steps.at(-1)?.image ?? history.original;

export const applyStep = (history: StudioHistory, step: StudioStep): StudioHistory => ({ ...history, steps: [...history.steps, step] });

/** Undo takes back the newest step; with none left it changes nothing. */
export const undoStep = (history: StudioHistory): StudioHistory =>
  history.steps.length === 0 ? history : { ...history, steps: history.steps.slice(0, -1) };

/** What was done, in words, for the gallery: "Remove background → Marble counter → 9:16". */
export const describeSteps = (history: StudioHistory): string =>
  history.steps.length === 0 ? 'Edited in Product Studio' : `Product Studio: ${history.steps.map((s) => s.label).join(' → ')}`;
