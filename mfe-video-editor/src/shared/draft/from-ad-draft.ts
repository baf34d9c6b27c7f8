/**
 * An ad drafted from a product (`POST /api/ad-drafts`, handed over in navigation state) as the
 * editor's draft: the same form a saved project has, so the editor loads it as it reopens one and
 * every drafted field stays editable. The first variant's sections are the draft's sections in
 * their order; the other variants' hooks are the hook's alternatives. A presenter chosen in Make an
 * ad is each talking section's `imageUrl`, which the editor shows as a photo picked from the user's
 * images (its preview is that URL).
 */
import {
  AdDraft,
  AdDraftMessages,
  adjustVideoSettings,
  DEFAULT_VIDEO_MODEL,
  EDITOR_VIDEO_DEFAULTS,
  ProjectDraft,
  type ProjectDraftInput,
  type VideoSectionInput,
} from '@studio/contracts';
import { DEFAULT_AD_OPTIONS } from '../ad/ad-options.ts';
import { newId } from './ids.ts';

type DraftSectionInput = ProjectDraftInput['sections'][number];

/** One drafted section as the editor keeps it: a product shot's photo is its image, a talking one's card its product card. */
export function draftSectionOf(section: VideoSectionInput): DraftSectionInput {
  const product = section.kind === 'product';
  return {
    id: newId('section'),
    name: section.name,
    kind: section.kind,
    videoPrompt: section.videoPrompt,
    scriptEnabled: section.scriptEnabled,
    captions: section.captions ?? true,
    imageUrl: (product ? (section.productImageUrl ?? section.imageUrl) : section.imageUrl) ?? null,
    shot: { scene: section.scene, motion: section.motion, duration: section.duration },
    card: section.productOverlay ? { imageUrl: section.productOverlay.productImageUrl, atWord: section.productOverlay.atWord } : null,
    ...(section.voice && { voice: { ...section.voice, name: section.voice.voiceId } }),
    // Nothing is spoken yet: every block waits for its audio, as a script just written does.
    scriptBlocks: section.scriptBlocks.map((block) => ({ id: newId('block'), text: block.text, audioStatus: 'none' })),
  };
}

export interface EditorDraftFromAd {
  /**
   * The plan (the first variant's sections) with the ad's options (the end card on, as drafted),
   * and the other variants' hooks as its hook's alternatives, in order.
   */
  draft: ProjectDraft;
  /** What the editor tells the user about who wrote the scripts, and what is left to add (a presenter, unless chosen). */
  note: string;
}

/**
 * The editor's draft from a drafted ad, or null when what arrived is not one (navigation state
 * outlives the code that wrote it: it is checked, not trusted).
 */
export function editorDraftFromAd(arrived: unknown): EditorDraftFromAd | null {
  const parsed = AdDraft.safeParse(arrived);
  if (!parsed.success) return null;
  const ad = parsed.data;
  const byId = new Map(ad.sections.map((s) => [s.id, s]));
  const [main, ...others] = ad.variants;
  const plan = (main?.sections ?? ad.sections.map((s) => s.id)).flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  if (plan.length === 0) return null;
  const hookAlternatives = others.flatMap((variant) => {
    const hook = byId.get(variant.sections[0] ?? '');
    return hook ? [{ ...draftSectionOf(hook), name: variant.label }] : [];
  });
  const draft = ProjectDraft.parse({
    model: DEFAULT_VIDEO_MODEL,
    settings: adjustVideoSettings(DEFAULT_VIDEO_MODEL, EDITOR_VIDEO_DEFAULTS),
    ad: { ...DEFAULT_AD_OPTIONS, endCard: ad.endCard.enabled },
    sections: plan.map((section, i) => ({ ...draftSectionOf(section), ...(i === 0 && main && { name: main.label }) })),
    hook: hookAlternatives.length > 0 ? { alternatives: hookAlternatives } : null,
  } satisfies ProjectDraftInput);
  const writtenBy = ad.writtenBy === 'language-model' ? AdDraftMessages.writtenByModel : AdDraftMessages.writtenByTemplates;
  const presenterMissing = [...draft.sections, ...(draft.hook?.alternatives ?? [])].some((s) => s.kind === 'talking' && !s.imageUrl);
  return { draft, note: presenterMissing ? `${writtenBy} ${AdDraftMessages.presenterNeeded}` : writtenBy };
}
