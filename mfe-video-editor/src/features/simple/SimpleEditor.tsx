import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  adjustVideoSettings,
  AUDIO_UPLOAD_MAX_BYTES,
  DEFAULT_VOICE_ID,
  Messages,
  SIMPLE_EDITOR_VOICE_SETTINGS,
  VIDEO_MODELS,
  type ProjectDraft,
  type SimpleVideoNavigationState,
  type VideoModelId,
  type VoiceSettingsValue,
  AppPaths,
} from '@studio/contracts';
import { errorText } from '@studio/session';
import { Alert, Banner } from '@studio/ui';
import { AdPanel } from '../../shared/ad/AdPanel.tsx';
import { adRequestFields, DEFAULT_AD_OPTIONS, type AdOptions } from '../../shared/ad/ad-options.ts';
import { useGenerateAudio } from '../../shared/draft/api.ts';
import { newId } from '../../shared/draft/ids.ts';
import { ModelSelect } from '../../shared/draft/ModelSelect.tsx';
import { useKeepChosenImages } from '../../shared/draft/keep-chosen-images.ts';
import { RecentProjects } from '../../shared/draft/RecentProjects.tsx';
import { useProjectDraft } from '../../shared/draft/use-project-draft.ts';
import { useVideoDraft } from '../../shared/draft/use-video-draft.ts';
import { VoicePanel } from '../../shared/draft/VoicePanel.tsx';
import { JobPanel } from '../../shared/job/JobPanel.tsx';
import { isShortOfCredits, UpgradeSlot } from '../../shared/UpgradeSlot.tsx';
import { useGenerateSectionImage, useUploadAudio } from './api.ts';
import { fromSimpleDraft, toSimpleDraft } from './draft.ts';
import { newSimpleSection, SimpleSectionCard, type SimpleSection } from './SimpleSection.tsx';

const AUDIO_TYPES = ['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/ogg', 'audio/webm'];

/** The simple editor's video settings: 9:16 where the model makes it, at the model's first duration. */
const videoSettingsOf = (model: VideoModelId) =>
  adjustVideoSettings(model, { aspectRatio: '9:16', duration: VIDEO_MODELS[model].durations[0] });

/**
 * The simple video editor (spec 2 §2): sections of a starting image (uploaded, from the gallery,
 * or generated from a description), a prompt, a lipsync toggle, a script and its audio
 * (generated or uploaded), in one voice. It may arrive with an image and a voice from the gallery.
 */
export function SimpleEditor() {
  const arrived = (useLocation().state ?? {}) as SimpleVideoNavigationState;
  const draft = useVideoDraft<SimpleSection>(() => [newSimpleSection(0, arrived.imageUrl ? { url: arrived.imageUrl } : undefined)]);
  const { sections, setSections, patch, model } = draft;
  const [voiceId, setVoiceId] = useState(arrived.voiceId ?? DEFAULT_VOICE_ID);
  const [voiceSettings, setVoiceSettings] = useState<VoiceSettingsValue>({
    stability: SIMPLE_EDITOR_VOICE_SETTINGS.stability,
    similarityBoost: SIMPLE_EDITOR_VOICE_SETTINGS.similarityBoost,
    speed: SIMPLE_EDITOR_VOICE_SETTINGS.speed,
  });
  // The draft is kept as a project as the user works (`?project=` reopens it): Reload or Exit loses nothing.
  const [ad, setAd] = useState<AdOptions>(DEFAULT_AD_OPTIONS);
  const keepingImages = useKeepChosenImages(sections, setSections);
  const project = useProjectDraft({
    kind: 'simple',
    draft: toSimpleDraft({ sections, model, voiceId, voiceSettings, ad }),
    restore: (saved: ProjectDraft) => {
      const state = fromSimpleDraft(saved);
      if (!state) return;
      setSections(state.sections);
      draft.setModel(state.model);
      setVoiceId(state.voiceId);
      setVoiceSettings(state.voiceSettings);
      setAd(state.ad);
    },
    preparing: keepingImages,
  });
  const forProject: { projectId?: string } = project.projectId ? { projectId: project.projectId } : {};

  // One mutation each, shared by the sections (each section keeps its own status in the draft).
  const speakLine = useGenerateAudio();
  const uploadTrack = useUploadAudio();
  const makeSectionImage = useGenerateSectionImage();

  const remove = (id: string) => {
    if (sections.length === 1) return draft.setError(Messages.lastSectionRemoval);
    setSections((all) => all.filter((s) => s.id !== id));
  };

  const speak = async (section: SimpleSection) => {
    if (!section.scriptText.trim()) return patch(section.id, { error: Messages.simpleAudioTextRequired });
    patch(section.id, { audioStatus: 'generating', error: null });
    try {
      const spoken = await speakLine.mutateAsync({ text: section.scriptText, voiceId, ...voiceSettings, ...forProject });
      // The simple editor approves generated audio at once (spec 2 §4).
      patch(section.id, {
        audioStatus: 'approved',
        audioUrl: spoken.audioUrl,
        audioDuration: spoken.duration,
        audioVersions: [
          ...section.audioVersions,
          { id: newId('audio'), audioUrl: spoken.audioUrl, duration: spoken.duration, source: 'generated' },
        ],
      });
    } catch (e) {
      // A short balance is the upgrade dialog's to say (spec 2 §6), not the section's.
      void draft.offerUpgrade(e, 'generate this voice line');
      patch(section.id, {
        audioStatus: 'none',
        error: isShortOfCredits(e) ? null : `${Messages.failedToGenerateAudio}: ${errorText(e, Messages.failedToGenerateAudio)}`,
      });
    }
  };

  const upload = async (section: SimpleSection, file: File | undefined) => {
    if (!file) return patch(section.id, { error: Messages.audioMissing });
    if (!AUDIO_TYPES.includes(file.type)) return patch(section.id, { error: Messages.audioTypeInvalid });
    if (file.size >= AUDIO_UPLOAD_MAX_BYTES) return patch(section.id, { error: Messages.audioTooLarge });
    patch(section.id, { audioStatus: 'generating', error: null });
    try {
      const uploaded = await uploadTrack.mutateAsync({ file, text: section.scriptText });
      patch(section.id, {
        audioStatus: 'approved',
        audioUrl: uploaded.audioUrl,
        audioDuration: uploaded.duration,
        audioVersions: [
          ...section.audioVersions,
          { id: newId('audio'), audioUrl: uploaded.audioUrl, duration: uploaded.duration, source: 'uploaded', originalFileName: file.name },
        ],
      });
    } catch (e) {
      patch(section.id, { audioStatus: 'none', error: errorText(e, 'Failed to upload audio') });
    }
  };

  const makeImage = async (section: SimpleSection) => {
    if (!section.imagePrompt.trim()) return patch(section.id, { error: Messages.imageDescriptionRequired });
    patch(section.id, { busy: 'image', error: null });
    try {
      const made = await makeSectionImage.mutateAsync(section.imagePrompt);
      patch(section.id, { busy: null, imageFile: null, imageUrl: made.image.url, imagePreview: made.image.url });
    } catch (e) {
      void draft.offerUpgrade(e, 'generate this image');
      patch(section.id, { busy: null, error: isShortOfCredits(e) ? null : errorText(e, Messages.failedToGenerateImage) });
    }
  };

  const ownAspectRatio = videoSettingsOf(model).aspectRatio;
  const generate = () =>
    void draft.start((userId) => {
      if (sections.some((s) => !s.imageFile && !s.imageUrl)) return Messages.simpleVideoImagesMissing;
      if (!VIDEO_MODELS[model].builtInAudio && sections.some((s) => s.scriptEnabled && s.audioStatus !== 'approved'))
        return Messages.simpleVideoAudioMissing;
      const { aspectRatio, duration } = videoSettingsOf(model);
      return {
        sectionsJson: sections.map((s) => ({
          id: s.id,
          name: s.name,
          videoPrompt: s.videoPrompt,
          scriptEnabled: s.scriptEnabled,
          hasImage: true,
          imageUrl: s.imageFile ? null : s.imageUrl,
          scriptBlocks: s.scriptText.trim() ? [{ id: `${s.id}-script`, text: s.scriptText }] : [],
          audioUrl: s.audioUrl,
          audioStatus: s.audioStatus,
        })),
        fields: {
          voiceId,
          ...voiceSettings,
          aspectRatio,
          videoDuration: duration,
          videoModel: model,
          userId,
          ...adRequestFields(aspectRatio, ad),
          ...(project.projectId ? { projectId: project.projectId } : {}),
        },
      };
    });

  return (
    <div className="ve-editor">
      <div className="ve-editor-main">
        <header className="ve-editor-head">
          <h1 className="ve-h1">Simple video</h1>
          <p className="ve-save-state" role="status">
            {project.stateText}
          </p>
          <Link className="st-btn st-btn-secondary" to={AppPaths.images}>
            Exit
          </Link>
        </header>
        {project.openProblem ? <Alert tone="error">{project.openProblem}</Alert> : null}
        <Banner message={draft.banner} />
        {sections.map((section) => (
          <SimpleSectionCard
            key={section.id}
            section={section}
            patch={(change) => patch(section.id, change)}
            onRemove={() => remove(section.id)}
            onMakeImage={() => void makeImage(section)}
            onSpeak={() => void speak(section)}
            onUpload={(file) => void upload(section, file)}
          />
        ))}
        <div className="ve-row">
          <button
            type="button"
            className="st-btn st-btn-secondary"
            onClick={() => setSections((all) => [...all, newSimpleSection(all.length)])}
          >
            Add Section
          </button>
        </div>
        {draft.error ? <Alert tone="error">{draft.error}</Alert> : null}
        <button type="button" className="st-btn st-btn-primary ve-generate" disabled={draft.busy} onClick={generate}>
          {draft.busy ? 'Generating Video...' : 'Generate Video'}
        </button>
        {draft.job.jobId ? <JobPanel {...draft.job} jobId={draft.job.jobId} /> : null}
      </div>
      <aside className="ve-editor-side">
        <VoicePanel
          voiceId={voiceId}
          settings={voiceSettings}
          onVoice={(choice) => {
            setVoiceId(choice.voiceId);
            if (choice.settings) setVoiceSettings(choice.settings);
          }}
          onSettings={setVoiceSettings}
        />
        <section className="ve-panel">
          <ModelSelect value={model} onChange={draft.setModel} />
        </section>
        <AdPanel
          ad={ad}
          onChange={setAd}
          aspectRatio={ownAspectRatio}
          image={sections[0]?.imagePreview ?? null}
          words={(sections[0]?.scriptText ?? '').split(/\s+/).filter(Boolean)}
          sections={sections.length}
        />
        <RecentProjects kind="simple" currentId={project.projectId} />
      </aside>
      <UpgradeSlot {...draft.upgrade} />
    </div>
  );
}
