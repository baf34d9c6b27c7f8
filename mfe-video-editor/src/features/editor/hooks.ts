/**
 * Hook variants in the talking-person editor (issue 40 §2): the first section marked as the hook,
 * with up to four alternatives (each a section of its own: script, voice, image or product shot).
 * One Generate makes a video per hook, the sections after the hook shared by all of them (and
 * rendered once). Pure functions over the editor's sections, tested without a browser.
 */
import { MAX_HOOK_ALTERNATIVES, type VideoVariantInput } from '@studio/contracts';
import { newId } from '../../shared/draft/ids.ts';
import type { EditorSection } from './model.ts';

/** The hook's alternatives; null while the first section is not marked as the hook. */
export type HookState = { alternatives: EditorSection[] } | null;

/** Whether the job makes one video per hook: the hook is marked and has at least one alternative. */
export const hasVariants = (hook: HookState): hook is { alternatives: EditorSection[] } => Boolean(hook && hook.alternatives.length > 0);

/** Every section a job sends: the editor's, then the hook's alternatives. */
export const sectionsToSend = (sections: EditorSection[], hook: HookState): EditorSection[] =>
  hasVariants(hook) ? [...sections, ...hook.alternatives] : sections;

/**
 * A new alternative to the hook: a copy of it (the user changes what the alternative is about), its
 * own ids, no last video, named "Hook N".
 */
export function addAlternative(hook: { alternatives: EditorSection[] }, first: EditorSection): { alternatives: EditorSection[] } {
  if (hook.alternatives.length >= MAX_HOOK_ALTERNATIVES) return hook;
  const copy: EditorSection = {
    ...first,
    id: newId('section'),
    name: `Hook ${hook.alternatives.length + 2}`,
    blocks: first.blocks.map((b) => ({ ...b, id: newId('block') })),
    lastVideo: null,
  };
  return { alternatives: [...hook.alternatives, copy] };
}

/** The label of the hook a section is: its name. */
const labelOf = (section: EditorSection) => section.name;

/**
 * The request's `variants` (issue 40 §2): the first section's video, then one per alternative, each
 * the alternative followed by the sections after the hook. Variant ids are the hook sections' ids.
 */
export function toVariants(sections: EditorSection[], hook: HookState): VideoVariantInput[] | null {
  if (!hasVariants(hook) || sections.length === 0) return null;
  const [first, ...rest] = sections;
  const shared = rest.map((s) => s.id);
  return [first!, ...hook.alternatives].map((h) => ({ id: h.id, label: labelOf(h), sections: [h.id, ...shared] }));
}

/**
 * "Save as main": the chosen hook becomes the first section, and the first section takes its place
 * among the alternatives (nothing is lost; the next Generate reuses both clips).
 */
export function saveAsMain(sections: EditorSection[], hook: HookState, hookId: string): { sections: EditorSection[]; hook: HookState } {
  const [first, ...rest] = sections;
  const chosen = hook?.alternatives.find((a) => a.id === hookId);
  if (!first || !hook || !chosen) return { sections, hook };
  return {
    sections: [chosen, ...rest],
    hook: { alternatives: hook.alternatives.map((a) => (a.id === hookId ? first : a)) },
  };
}
