/**
 * The talking-person editor's state and rules (spec 2 §3–§5) as pure functions, so they are
 * tested without a browser: sections and their names, script blocks and their audio states,
 * which sections can be sent, and the Generate button's label.
 */
import {
  DEFAULT_VOICE_ID,
  DEFAULT_VOICE_SETTINGS,
  PRODUCT_SHOT_SECONDS,
  VIDEO_MODELS,
  VOICE_PRESETS,
  type ProductShotSettings,
  type SectionKind,
  type SectionVoice as SentSectionVoice,
  type VideoModelId,
} from '@studio/contracts';
import { newId } from '../../shared/draft/ids.ts';

export type BlockAudioStatus = 'none' | 'generating' | 'generated' | 'approved' | 'rejected' | 'disabled';

export interface AudioVersion {
  id: string;
  audioUrl: string;
  duration: number;
  createdAt: string;
  scriptText: string;
  voiceId: string;
}

export interface ScriptBlock {
  id: string;
  text: string;
  audioStatus: BlockAudioStatus;
  /** The active version's audio. */
  audioUrl: string | null;
  duration: number | null;
  versions: AudioVersion[];
  error: string | null;
}

export interface EditorSection {
  id: string;
  name: string;
  /** A talking head, or a product shot (the image is the product's photo, the script spoken over the shot). */
  kind: SectionKind;
  /** A product shot's set, camera move and length (kept while the section talks, for a switch back). */
  shot: ProductShotSettings;
  /** A talking section's product card: its photo, and the word of the script that brings it in. */
  card: ProductCard | null;
  /** A data or object URL of the uploaded file, or the URL of a gallery image. */
  imagePreview: string | null;
  imageFile: File | null;
  /** A gallery image chosen in the picker (sent by URL, not uploaded again). */
  imageUrl: string | null;
  videoPrompt: string;
  scriptEnabled: boolean;
  blocks: ScriptBlock[];
  captions: boolean;
  voice: SectionVoice;
  /** The clip the section's last video job made of it, and what it was made from (`reuse.ts`). */
  lastVideo: LastVideo | null;
}

/** A section's last video: its clip (one of the user's, by the job's URL), its poster, and the summary of what made it. */
export interface LastVideo {
  url: string;
  posterUrl: string | null;
  signature: string;
}

export interface ProductCard {
  imageUrl: string;
  atWord: string;
}

/** Who speaks a section, and how (spec 2 §2): what the request sends (contracts' `SectionVoice`), and the voice's name on screen. */
export type SectionVoice = SentSectionVoice & { name: string };

/** spec 2 §9: the talking-person editor's default voice and settings. */
export const DEFAULT_SECTION_VOICE: SectionVoice = {
  voiceId: DEFAULT_VOICE_ID,
  name: VOICE_PRESETS.find((v) => v.id === DEFAULT_VOICE_ID)?.name ?? DEFAULT_VOICE_ID,
  stability: DEFAULT_VOICE_SETTINGS.stability,
  similarityBoost: DEFAULT_VOICE_SETTINGS.similarityBoost,
  speed: DEFAULT_VOICE_SETTINGS.speed,
};

/** What a new section starts with: the model's video prompt, and the voice of the section before it. */
export interface SectionDefaults {
  videoPrompt: string;
  voice?: SectionVoice;
}

/** A product shot as the editor first offers it: the marble set, a push-in, 4 s. */
export const DEFAULT_SHOT: ProductShotSettings = { scene: 'marble', motion: 'push-in', duration: PRODUCT_SHOT_SECONDS.default };

export const emptyBlock = (): ScriptBlock => ({
  id: newId('block'),
  text: '',
  audioStatus: 'none',
  audioUrl: null,
  duration: null,
  versions: [],
  error: null,
});

export function newSection(index: number, defaults: SectionDefaults): EditorSection {
  return {
    id: newId('section'),
    name: `Section ${index + 1}`,
    kind: 'talking',
    shot: DEFAULT_SHOT,
    card: null,
    imagePreview: null,
    imageFile: null,
    imageUrl: null,
    videoPrompt: defaults.videoPrompt,
    scriptEnabled: true,
    blocks: [emptyBlock()],
    captions: true,
    voice: defaults.voice ?? DEFAULT_SECTION_VOICE,
    lastVideo: null,
  };
}

/** spec 2 §2 Add Section: a new section, speaking in the voice of the last one (a change of voice is a choice). */
export const addSection = (sections: EditorSection[], defaults: SectionDefaults): EditorSection[] => [
  ...sections,
  newSection(sections.length, { ...defaults, voice: sections.at(-1)?.voice }),
];

/** spec 2 §2: Enter saves a new name; a blank or unchanged one is ignored. */
export function renamed(section: EditorSection, name: string): EditorSection {
  const next = name.trim();
  return next && next !== section.name ? { ...section, name: next.slice(0, 100) } : section;
}

/** spec 2 §4: removing the last section leaves a fresh one (the talking-person editor). */
export function removeSection(sections: EditorSection[], id: string, defaults: SectionDefaults): EditorSection[] {
  const rest = sections.filter((s) => s.id !== id);
  return rest.length > 0 ? rest : [newSection(0, defaults)];
}

/** spec 2 §4: the script toggle disables every block, and turning it on brings disabled blocks back to none. */
export function toggleScript(section: EditorSection, enabled: boolean): EditorSection {
  return {
    ...section,
    scriptEnabled: enabled,
    blocks: section.blocks.map((b) =>
      enabled ? (b.audioStatus === 'disabled' ? { ...b, audioStatus: 'none' } : b) : { ...b, audioStatus: 'disabled' },
    ),
  };
}

/** spec 2 §4: a block's text changed; its audio no longer says it, so it needs new audio. Blank → a single empty block. */
export function editBlockText(section: EditorSection, blockId: string, text: string): EditorSection {
  if (!text.trim() && section.blocks.length === 1) return { ...section, blocks: [{ ...emptyBlock(), id: blockId, text }] };
  return {
    ...section,
    blocks: section.blocks.map((b) =>
      b.id === blockId ? { ...b, text, audioStatus: section.scriptEnabled ? 'none' : 'disabled', audioUrl: null, duration: null } : b,
    ),
  };
}

export function updateBlock(section: EditorSection, blockId: string, change: Partial<ScriptBlock>): EditorSection {
  return { ...section, blocks: section.blocks.map((b) => (b.id === blockId ? { ...b, ...change } : b)) };
}

/** The section's script: its blocks joined with spaces (spec 2 §3). */
export const scriptText = (section: EditorSection) =>
  section.blocks
    .map((b) => b.text.trim())
    .filter(Boolean)
    .join(' ');

/** The words of the script, each once, in the order they are first said (a product card's choices). */
export const scriptWords = (section: EditorSection): string[] => [
  ...new Set(
    scriptText(section)
      .split(/\s+/)
      .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
      .filter(Boolean),
  ),
];

export const hasImage = (section: EditorSection) => Boolean(section.imageFile || section.imageUrl);

/** spec 2 §4: the section's own audio status follows its blocks. */
export function sectionAudioStatus(section: EditorSection): 'none' | 'generating' | 'generated' | 'approved' {
  const spoken = section.blocks.filter((b) => b.text.trim());
  if (spoken.length === 0) return 'none';
  if (spoken.some((b) => b.audioStatus === 'generating')) return 'generating';
  if (spoken.every((b) => b.audioStatus === 'approved')) return 'approved';
  return spoken.some((b) => b.audioStatus === 'generated' || b.audioStatus === 'approved') ? 'generated' : 'none';
}

/**
 * spec 2 §5: valid with an image, and when it speaks (not veo3) with approved audio on a block with
 * text. A product shot needs its photo; its script is optional, and approved when it has one.
 */
export function isSectionValid(section: EditorSection, model: VideoModelId): boolean {
  if (!hasImage(section)) return false;
  // A product shot needs its set (a template, or the user's words).
  if (section.kind === 'product' && !section.shot.scene.trim()) return false;
  if (section.kind === 'product' && !scriptText(section)) return true;
  // A product card comes in on a word of the script.
  if (section.kind === 'talking' && section.card && !scriptWords(section).includes(section.card.atWord)) return false;
  if (!section.scriptEnabled || VIDEO_MODELS[model].builtInAudio) return true;
  return section.blocks.some((b) => b.text.trim() && b.audioStatus === 'approved' && b.audioUrl);
}

/** Blocks with text waiting for the user's approval (generated, not yet approved). */
export function pendingApprovals(sections: EditorSection[], model: VideoModelId): number {
  if (VIDEO_MODELS[model].builtInAudio) return 0;
  return sections
    .filter((s) => s.scriptEnabled)
    .flatMap((s) => s.blocks)
    .filter((b) => b.text.trim() && b.audioStatus === 'generated').length;
}

/** "N of M blocks approved" (spec 2 §2). */
export function approvedCount(sections: EditorSection[]): { approved: number; total: number } {
  // Every block on screen counts, written or not: "0 of 0" beside an empty block would say there is nothing to approve.
  const blocks = sections.filter((s) => s.scriptEnabled).flatMap((s) => s.blocks);
  return { approved: blocks.filter((b) => b.audioStatus === 'approved').length, total: blocks.length };
}

/** spec 2 §5: the Generate button's five labels, and whether it can be pressed. */
export function generateButton(sections: EditorSection[], model: VideoModelId, generating: boolean): { label: string; disabled: boolean } {
  if (generating) return { label: 'Generating Video...', disabled: true };
  if (sections.length === 0) return { label: 'Add at least one section first', disabled: true };
  const pending = pendingApprovals(sections, model);
  if (pending > 0) return { label: `Approve audio for all sections (${pending} pending)`, disabled: true };
  if (!sections.every((s) => isSectionValid(s, model))) return { label: 'Complete all sections', disabled: true };
  return { label: 'Generate Video', disabled: false };
}

/**
 * What the editor sends as `sections` (spec 2 §7), with the index of each uploaded image. A section
 * that `reused` says still has its last video names it (`isCached`, `cachedVideoUrl`; issue 40 §1).
 */
export function toRequestSections(sections: EditorSection[], reused: (section: EditorSection) => boolean = () => false) {
  return sections.map((s) => ({
    id: s.id,
    name: s.name,
    kind: s.kind,
    ...(s.kind === 'product' && s.shot),
    ...(s.kind === 'talking' && s.card && { productOverlay: { productImageUrl: s.card.imageUrl, atWord: s.card.atWord } }),
    videoPrompt: s.videoPrompt,
    scriptEnabled: s.scriptEnabled,
    hasImage: hasImage(s),
    // A chosen file once kept (useKeepChosenImages) goes by its URL, as the draft holds it: the same bytes every time, so an
    // unchanged section keeps its render key after a reload (issue 40 §1); a file not kept yet is uploaded with the request.
    imageUrl: s.imageUrl,
    captions: s.captions,
    voice: {
      voiceId: s.voice.voiceId,
      stability: s.voice.stability,
      similarityBoost: s.voice.similarityBoost,
      speed: s.voice.speed,
    } satisfies SentSectionVoice,
    isCached: Boolean(s.lastVideo && reused(s)),
    cachedVideoUrl: s.lastVideo && reused(s) ? s.lastVideo.url : null,
    scriptBlocks: s.blocks.map((b) => ({
      id: b.id,
      text: b.text,
      audioStatus: b.audioStatus,
      audioUrl: b.audioUrl,
      duration: b.duration,
    })),
  }));
}
