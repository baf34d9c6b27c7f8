import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import {
  adjustVideoSettings,
  AUDIO_UPLOAD_MAX_BYTES,
  DEFAULT_VIDEO_MODEL,
  DEFAULT_VOICE_ID,
  Messages,
  SIMPLE_EDITOR_VOICE_SETTINGS,
  VIDEO_MODELS,
  videoStarted,
  type SimpleVideoNavigationState,
  type VideoModelId,
  type VoiceSettingsValue,
} from '@studio/contracts';
import { ApiError, RemoteSlot, userAtom, errorText, creditsShortBy } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { Alert, Banner, useBanner } from '@studio/ui';
import { generateAudio, generateSectionImage, startVideo, uploadAudio } from '../../lib/api.ts';
import { ImageDrop } from '../editor/ImageDrop.tsx';
import { newId } from '../editor/model.ts';
import { VoicePanel } from '../editor/VoicePanel.tsx';
import { JobPanel } from '../job/JobPanel.tsx';
import { ModelSelect } from '../editor/ModelSelect.tsx';
import { UpgradeSlot } from '../UpgradeSlot.tsx';

/** spec 2 §3 "Simple editor section". */
interface SimpleSection {
  id: string;
  name: string;
  imageFile: File | null;
  imageUrl: string | null;
  imagePreview: string | null;
  imagePrompt: string;
  videoPrompt: string;
  /** The lipsync toggle. */
  scriptEnabled: boolean;
  scriptText: string;
  audioUrl: string | null;
  audioDuration: number | null;
  audioStatus: 'none' | 'generating' | 'approved';
  audioVersions: { id: string; audioUrl: string; duration: number; source: 'generated' | 'uploaded'; originalFileName?: string }[];
  busy: string | null;
  error: string | null;
}

const AUDIO_TYPES = ['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/ogg', 'audio/webm'];

function newSimpleSection(index: number, image?: { url: string }): SimpleSection {
  return {
    id: newId('section'),
    name: `Section ${index + 1}`,
    imageFile: null,
    imageUrl: image?.url ?? null,
    imagePreview: image?.url ?? null,
    imagePrompt: '',
    videoPrompt: VIDEO_MODELS[DEFAULT_VIDEO_MODEL].defaultPrompt,
    scriptEnabled: true,
    scriptText: '',
    audioUrl: null,
    audioDuration: null,
    audioStatus: 'none',
    audioVersions: [],
    busy: null,
    error: null,
  };
}

/**
 * The simple video editor (spec 2 §2): sections of a starting image (uploaded, from the gallery,
 * or generated from a description), a prompt, a lipsync toggle, a script and its audio
 * (generated or uploaded). It may arrive with an image and a voice from the gallery.
 */
export function SimpleEditor() {
  const user = useAtomValue(userAtom);
  const queryClient = useQueryClient();
  const arrived = (useLocation().state ?? {}) as SimpleVideoNavigationState;
  const [sections, setSections] = useState<SimpleSection[]>(() => [
    newSimpleSection(0, arrived.imageUrl ? { url: arrived.imageUrl } : undefined),
  ]);
  const [model, setModel] = useState<VideoModelId>(DEFAULT_VIDEO_MODEL);
  const [voiceId, setVoiceId] = useState(arrived.voiceId ?? DEFAULT_VOICE_ID);
  const [voiceSettings, setVoiceSettings] = useState<VoiceSettingsValue>({
    stability: SIMPLE_EDITOR_VOICE_SETTINGS.stability,
    similarityBoost: SIMPLE_EDITOR_VOICE_SETTINGS.similarityBoost,
    speed: SIMPLE_EDITOR_VOICE_SETTINGS.speed,
  });
  const [jobId, setJobId] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { banner, show: showNotice } = useBanner();
  const [creditsNeeded, setCreditsNeeded] = useState<number | null>(null);

  const patch = (id: string, change: Partial<SimpleSection>) =>
    setSections((all) => all.map((s) => (s.id === id ? { ...s, ...change } : s)));
  const refreshCredits = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits });

  const remove = (id: string) => {
    if (sections.length === 1) {
      setError(Messages.lastSectionRemoval);
      return;
    }
    setSections((all) => all.filter((s) => s.id !== id));
  };

  const speak = async (section: SimpleSection) => {
    if (!section.scriptText.trim()) {
      patch(section.id, { error: Messages.simpleAudioTextRequired });
      return;
    }
    patch(section.id, { audioStatus: 'generating', error: null });
    try {
      const spoken = await generateAudio({ text: section.scriptText, voiceId, ...voiceSettings });
      refreshCredits();
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
      patch(section.id, {
        audioStatus: 'none',
        error: `${Messages.failedToGenerateAudio}: ${errorText(e, Messages.failedToGenerateAudio)}`,
      });
    }
  };

  const upload = async (section: SimpleSection, file: File | undefined) => {
    if (!file) return patch(section.id, { error: Messages.audioMissing });
    if (!AUDIO_TYPES.includes(file.type)) return patch(section.id, { error: Messages.audioTypeInvalid });
    if (file.size >= AUDIO_UPLOAD_MAX_BYTES) return patch(section.id, { error: Messages.audioTooLarge });
    patch(section.id, { audioStatus: 'generating', error: null });
    try {
      const uploaded = await uploadAudio(file, section.scriptText);
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
      const made = await generateSectionImage(section.imagePrompt);
      refreshCredits();
      patch(section.id, { busy: null, imageFile: null, imageUrl: made.image.url, imagePreview: made.image.url });
    } catch (e) {
      patch(section.id, { busy: null, error: errorText(e, Messages.failedToGenerateImage) });
    }
  };

  const generate = async () => {
    if (running) return;
    setError(null);
    if (!user) return setError(Messages.videoSignIn);
    if (sections.some((s) => !s.imageFile && !s.imageUrl)) return setError(Messages.simpleVideoImagesMissing);
    if (!VIDEO_MODELS[model].builtInAudio && sections.some((s) => s.scriptEnabled && s.audioStatus !== 'approved'))
      return setError(Messages.simpleVideoAudioMissing);
    const { aspectRatio, duration } = adjustVideoSettings(model, { aspectRatio: '9:16', duration: VIDEO_MODELS[model].durations[0] });
    const sectionsJson = sections.map((s) => ({
      id: s.id,
      name: s.name,
      videoPrompt: s.videoPrompt,
      scriptEnabled: s.scriptEnabled,
      hasImage: true,
      imageUrl: s.imageFile ? null : s.imageUrl,
      scriptBlocks: s.scriptText.trim() ? [{ id: `${s.id}-script`, text: s.scriptText }] : [],
      audioUrl: s.audioUrl,
      audioStatus: s.audioStatus,
    }));
    const fields = { voiceId, ...voiceSettings, aspectRatio, videoDuration: duration, videoModel: model, userId: user.id };
    setRunning(true);
    try {
      const started = await startVideo({ sections, sectionsJson, fields });
      setJobId(started.jobId);
      showNotice('success', videoStarted(started.jobId));
      refreshCredits();
    } catch (e) {
      setRunning(false);
      setCreditsNeeded(await creditsShortBy(e));
      setError(e instanceof ApiError && e.status === 429 ? Messages.videoInProgress : errorText(e, Messages.failedToStartVideo));
    }
  };

  return (
    <div className="ve-editor">
      <div className="ve-editor-main">
        <header className="ve-editor-head">
          <h1 className="ve-h1">Simple video</h1>
          <Link className="st-btn st-btn-secondary" to="/app/images">
            Exit
          </Link>
        </header>
        <Banner message={banner} />
        {sections.map((section) => (
          <article key={section.id} className="ve-section" aria-label={section.name}>
            <header className="ve-section-head">
              <strong>{section.name}</strong>
              <button
                type="button"
                className="st-btn st-btn-ghost"
                aria-label={`Remove ${section.name}`}
                onClick={() => remove(section.id)}
              >
                Remove
              </button>
            </header>
            <div className="ve-section-body">
              <div className="ve-section-media">
                <ImageDrop
                  preview={section.imagePreview}
                  label={section.name}
                  onFile={(file, preview) => patch(section.id, { imageFile: file, imageUrl: null, imagePreview: preview })}
                />
                <RemoteSlot
                  id="mfe_gallery/ProductPicker"
                  props={{ onPick: ({ url }) => patch(section.id, { imageFile: null, imageUrl: url, imagePreview: url }) }}
                  unavailable={() => null}
                />
                <label className="ve-field">
                  <span>Or describe the image</span>
                  <input
                    value={section.imagePrompt}
                    maxLength={2000}
                    onChange={(e) => patch(section.id, { imagePrompt: e.target.value })}
                  />
                </label>
                <button
                  type="button"
                  className="st-btn st-btn-secondary"
                  disabled={section.busy === 'image'}
                  onClick={() => void makeImage(section)}
                >
                  {section.busy === 'image' ? 'Generating image…' : 'Generate image'}
                </button>
              </div>
              <div className="ve-section-fields">
                <label className="ve-field">
                  <span>Video prompt</span>
                  <textarea
                    className="ve-textarea"
                    value={section.videoPrompt}
                    onChange={(e) => patch(section.id, { videoPrompt: e.target.value })}
                  />
                </label>
                <label className="ve-inline">
                  <input
                    type="checkbox"
                    checked={section.scriptEnabled}
                    onChange={(e) => patch(section.id, { scriptEnabled: e.target.checked })}
                  />
                  Lipsync
                </label>
                {section.scriptEnabled ? (
                  <>
                    <label className="ve-field">
                      <span>Script</span>
                      <textarea
                        className="ve-textarea"
                        value={section.scriptText}
                        maxLength={5000}
                        onChange={(e) => patch(section.id, { scriptText: e.target.value })}
                      />
                    </label>
                    <div className="ve-row">
                      {section.audioStatus === 'approved' ? (
                        <button
                          type="button"
                          className="st-btn st-btn-secondary"
                          onClick={() => patch(section.id, { audioStatus: 'none', audioUrl: null, audioDuration: null, audioVersions: [] })}
                        >
                          Generate New Audio
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="st-btn st-btn-secondary"
                          disabled={section.audioStatus === 'generating'}
                          onClick={() => void speak(section)}
                        >
                          {section.audioStatus === 'generating' ? 'Working…' : 'Generate Audio'}
                        </button>
                      )}
                      <label className="st-btn st-btn-ghost">
                        Upload audio
                        <input
                          type="file"
                          className="ve-visually-hidden"
                          accept="audio/mpeg,audio/wav,audio/ogg,audio/webm"
                          onChange={(e) => {
                            void upload(section, e.target.files?.[0]);
                            e.target.value = '';
                          }}
                        />
                      </label>
                    </div>
                    {/* The script is on screen above the player, standing in for captions. */}
                    {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
                    {section.audioUrl ? <audio src={section.audioUrl} controls aria-label={`Audio of ${section.name}`} /> : null}
                  </>
                ) : null}
                {section.error ? (
                  <p className="ve-error" role="alert">
                    {section.error}
                  </p>
                ) : null}
              </div>
            </div>
          </article>
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
        {error ? <Alert tone="error">{error}</Alert> : null}
        <button type="button" className="st-btn st-btn-primary ve-generate" disabled={running} onClick={() => void generate()}>
          {running ? 'Generating Video...' : 'Generate Video'}
        </button>
        {jobId ? (
          <JobPanel jobId={jobId} onJobChange={() => setRunning(true)} onFinished={() => (setRunning(false), refreshCredits())} />
        ) : null}
      </div>
      <aside className="ve-editor-side">
        <VoicePanel
          voiceId={voiceId}
          settings={voiceSettings}
          onVoice={(choice) => setVoiceId(choice.voiceId)}
          onSettings={setVoiceSettings}
        />
        <section className="ve-panel">
          <ModelSelect value={model} onChange={setModel} />
        </section>
      </aside>
      <UpgradeSlot creditsNeeded={creditsNeeded} onClose={() => setCreditsNeeded(null)} />
    </div>
  );
}
