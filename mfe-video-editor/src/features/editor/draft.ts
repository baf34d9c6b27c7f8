/**
 * The talking-person editor's state ↔ the draft kept as a project (contracts' `ProjectDraft`).
 * A draft is text and links: an image is kept by the URL the studio gave it (a gallery image, or
 * a chosen photo's temporary upload), audio by its asset URL.
 */
import {
  adjustVideoSettings,
  EDITOR_VIDEO_DEFAULTS,
  type ProjectDraft,
  type ProjectDraftInput,
  type VideoModelId,
} from '@studio/contracts';
import { adOptionsOf, type AdOptions } from '../../shared/ad/ad-options.ts';
import { newId } from '../../shared/draft/ids.ts';
import type { HookState } from './hooks.ts';
import { DEFAULT_SECTION_VOICE, DEFAULT_SHOT, emptyBlock, type EditorSection, type ScriptBlock } from './model.ts';

export interface EditorDraftState {
  sections: EditorSection[];
  model: VideoModelId;
  settings: { aspectRatio: string; duration: number };
  ad: AdOptions;
  /** The first section marked as the hook, with its alternatives (issue 40 §2). */
  hook?: HookState;
}

type DraftSectionInput = ProjectDraftInput['sections'][number];

/** What the project keeps of the editor. Audio still being made is kept as not yet made: its request ends with the page. */
export function toEditorDraft({ sections, model, settings, ad, hook = null }: EditorDraftState): ProjectDraftInput {
  return {
    model,
    settings,
    ad,
    sections: sections.map(toDraftSection),
    hook: hook && { alternatives: hook.alternatives.map(toDraftSection) },
  };
}

function toDraftSection(s: EditorSection): DraftSectionInput {
  return {
    id: s.id,
    name: s.name,
    videoPrompt: s.videoPrompt,
    scriptEnabled: s.scriptEnabled,
    captions: s.captions,
    kind: s.kind,
    shot: s.shot,
    card: s.card,
    // A chosen file's URL is its kept upload (see useKeepChosenImages); without one the draft has no image.
    imageUrl: s.imageUrl,
    voice: s.voice,
    scriptBlocks: s.blocks.map((b) => ({
      id: b.id,
      text: b.text,
      audioStatus: b.audioStatus === 'generating' ? 'none' : b.audioStatus,
      audioUrl: b.audioStatus === 'generating' ? null : b.audioUrl,
      duration: b.audioStatus === 'generating' ? null : b.duration,
    })),
    lastVideo: s.lastVideo,
  };
}

/** The editor's state from a saved draft; each block's saved audio is its one version. */
export function fromEditorDraft(draft: ProjectDraft): EditorDraftState | null {
  if (draft.sections.length === 0) return null;
  return {
    sections: draft.sections.map(fromDraftSection),
    model: draft.model,
    settings: draft.settings ?? adjustVideoSettings(draft.model, EDITOR_VIDEO_DEFAULTS),
    ad: adOptionsOf(draft.ad),
    hook: draft.hook && { alternatives: draft.hook.alternatives.map(fromDraftSection) },
  };
}

function fromDraftSection(s: ProjectDraft['sections'][number]): EditorSection {
  const voice = s.voice ? { ...s.voice, name: s.voice.name || s.voice.voiceId } : DEFAULT_SECTION_VOICE;
  const blocks = s.scriptBlocks.map((b): ScriptBlock => ({
    id: b.id,
    text: b.text,
    audioStatus: b.audioStatus,
    audioUrl: b.audioUrl,
    duration: b.duration,
    versions: b.audioUrl
      ? [
          {
            id: newId('audio'),
            audioUrl: b.audioUrl,
            duration: b.duration ?? 0,
            createdAt: '',
            scriptText: b.text,
            voiceId: voice.voiceId,
          },
        ]
      : [],
    error: null,
  }));
  return {
    id: s.id,
    name: s.name,
    kind: s.kind,
    shot: s.shot ?? DEFAULT_SHOT,
    card: s.card,
    imagePreview: s.imageUrl,
    imageFile: null,
    imageUrl: s.imageUrl,
    videoPrompt: s.videoPrompt,
    scriptEnabled: s.scriptEnabled,
    captions: s.captions,
    voice,
    blocks: blocks.length > 0 ? blocks : [emptyBlock()],
    lastVideo: s.lastVideo,
  };
}
