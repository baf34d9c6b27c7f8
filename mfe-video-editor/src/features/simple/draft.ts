/**
 * The simple editor's state ↔ the draft kept as a project (contracts' `ProjectDraft`): its
 * sections (image by URL, description, prompt, lipsync toggle, script, the audio in use), the
 * model and the one voice. A photo chosen from the computer is kept by its temporary upload's URL
 * (none until it is uploaded); audio still being made ends with the page and is not kept.
 */
import type { ProjectDraft, ProjectDraftInput, VideoModelId, VoiceSettingsValue } from '@studio/contracts';
import { adOptionsOf, type AdOptions } from '../../shared/ad/ad-options.ts';
import { newId } from '../../shared/draft/ids.ts';
import type { SimpleSection } from './SimpleSection.tsx';

export interface SimpleDraftState {
  sections: SimpleSection[];
  model: VideoModelId;
  voiceId: string;
  voiceSettings: VoiceSettingsValue;
  ad: AdOptions;
}

export function toSimpleDraft({ sections, model, voiceId, voiceSettings, ad }: SimpleDraftState): ProjectDraftInput {
  return {
    model,
    ad,
    voice: { voiceId, ...voiceSettings },
    sections: sections.map((s) => {
      const audio = s.audioStatus === 'approved' ? s.audioUrl : null;
      return {
        id: s.id,
        name: s.name,
        videoPrompt: s.videoPrompt,
        scriptEnabled: s.scriptEnabled,
        imageUrl: s.imageUrl,
        imagePrompt: s.imagePrompt,
        scriptText: s.scriptText,
        audioUrl: audio,
        audioDuration: audio ? s.audioDuration : null,
      };
    }),
  };
}

/** The simple editor's state from a saved draft (null for one without sections: the editor keeps its own). */
export function fromSimpleDraft(draft: ProjectDraft): SimpleDraftState | null {
  if (draft.sections.length === 0 || !draft.voice) return null;
  const { voiceId, stability, similarityBoost, speed } = draft.voice;
  return {
    model: draft.model,
    voiceId,
    voiceSettings: { stability, similarityBoost, speed },
    ad: adOptionsOf(draft.ad),
    sections: draft.sections.map((s): SimpleSection => ({
      id: s.id,
      name: s.name,
      imageFile: null,
      imageUrl: s.imageUrl,
      imagePreview: s.imageUrl,
      imagePrompt: s.imagePrompt,
      videoPrompt: s.videoPrompt,
      scriptEnabled: s.scriptEnabled,
      scriptText: s.scriptText,
      audioUrl: s.audioUrl,
      audioDuration: s.audioDuration,
      audioStatus: s.audioUrl ? 'approved' : 'none',
      audioVersions: s.audioUrl ? [{ id: newId('audio'), audioUrl: s.audioUrl, duration: s.audioDuration ?? 0, source: 'generated' }] : [],
      busy: null,
      error: null,
    })),
  };
}
