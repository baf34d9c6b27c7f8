import {
  DEFAULT_EDIT_MODEL,
  DEFAULT_IMAGE_MODEL,
  EDIT_CAPABLE_MODELS,
  PREBUILT_IMAGE_MODELS,
  type PrebuiltImageModelId,
} from '@studio/contracts';

const PREBUILT_IDS = new Set<string>(PREBUILT_IMAGE_MODELS.map((m) => m.id));
export const isPrebuilt = (id: string): id is PrebuiltImageModelId => PREBUILT_IDS.has(id);

/**
 * spec 2 §4: selecting a pre-built model replaces the whole selection; picking another model
 * keeps only the non-pre-built ones and toggles the pick.
 */
export function nextModelSelection(current: readonly string[], picked: string): string[] {
  if (isPrebuilt(picked)) return [picked];
  const others = current.filter((id) => !isPrebuilt(id));
  return others.includes(picked) ? others.filter((id) => id !== picked) : [...others, picked];
}

/** The selection with `id` chosen (a model click, a style's Apply): like a pick, but never a toggle off. */
export function withModel(current: readonly string[], id: string): string[] {
  return !isPrebuilt(id) && current.includes(id) ? [...current] : nextModelSelection(current, id);
}

/** The pre-built model a generation will use (the server decides the same way in planGeneration). */
export function effectiveModel(selection: readonly string[], hasImage: boolean): PrebuiltImageModelId {
  const chosen = selection.find(isPrebuilt);
  if (hasImage) {
    if (chosen === 'kling_kolors_virtual_tryon' || (chosen && EDIT_CAPABLE_MODELS.includes(chosen))) return chosen;
    return DEFAULT_EDIT_MODEL;
  }
  return chosen ?? DEFAULT_IMAGE_MODEL;
}

/** spec 2 §4: an input image forces an edit-capable model; the selection to switch to, or null when it already is one. */
export function selectionForImage(selection: readonly string[]): string[] | null {
  const chosen = selection.find(isPrebuilt);
  if (chosen === 'kling_kolors_virtual_tryon' || (chosen && EDIT_CAPABLE_MODELS.includes(chosen))) return null;
  return [DEFAULT_EDIT_MODEL, ...selection.filter((id) => !isPrebuilt(id))];
}

/** Modes with a second image slot ('PLACE or PERSON'), whose output takes its shape ('Inherits img 2'). */
export const isLockedMode = (model: PrebuiltImageModelId) => model === 'kontext_multi' || model === 'kling_kolors_virtual_tryon';

interface NamedModel {
  id: string;
  name: string;
}

/**
 * The Models menu (spec 2 §4): the pre-built models and styles (the built-in list until the server's
 * arrives), then the user's own models that are ready, each once.
 */
export function modelMenu(
  listed: readonly NamedModel[] | undefined,
  own: readonly (NamedModel & { status: string })[] | undefined,
): NamedModel[] {
  return [...(listed ?? PREBUILT_IMAGE_MODELS), ...(own ?? []).filter((m) => m.status === 'ready')]
    .filter((m, i, all) => all.findIndex((o) => o.id === m.id) === i)
    .map((m) => ({ id: m.id, name: m.name }));
}

/** Whether the menu shows a model as chosen: the pre-built model in effect, or one of the others selected. */
export const isChosen = (id: string, model: PrebuiltImageModelId, selection: readonly string[]) =>
  id === model || (!isPrebuilt(id) && selection.includes(id));
