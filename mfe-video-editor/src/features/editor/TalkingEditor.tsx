import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import {
  adjustVideoSettings,
  DEFAULT_VIDEO_MODEL,
  EDITOR_VIDEO_DEFAULTS,
  Messages,
  VIDEO_MODELS,
  videoStarted,
  type JobView,
  type VideoModelId,
} from '@studio/contracts';
import { ApiError, userAtom, creditsShortBy } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { Alert, Banner, Dialog, useBanner } from '@studio/ui';
import { generateAudio, startVideo } from '../../lib/api.ts';
import { JobPanel } from '../job/JobPanel.tsx';
import { ModelSelect } from './ModelSelect.tsx';
import { UpgradeSlot } from '../UpgradeSlot.tsx';
import { SectionCard } from './SectionCard.tsx';
import {
  addSection,
  approvedCount,
  generateButton,
  isSectionValid,
  newId,
  newSection,
  removeSection,
  toRequestSections,
  type AudioVersion,
  type EditorSection,
  type SectionVoice,
} from './model.ts';

/** The start call's refusals in the spec's words (spec 2 §8); a short balance opens the upgrade dialog. */
function startFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return Messages.videoInProgress;
    if (error.message) return error.message;
  }
  return Messages.failedToStartVideo;
}

/**
 * The talking-person video editor (spec 2 §2–§5): sections with an image, a video prompt and a
 * script spoken in the section's own voice, each block's audio generated and approved before the video
 * is made; the video settings; Generate; then the job's progress and results.
 */
export function TalkingEditor() {
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [model, setModel] = useState<VideoModelId>(DEFAULT_VIDEO_MODEL);
  const defaults = { videoPrompt: VIDEO_MODELS[model].defaultPrompt };
  const [sections, setSections] = useState<EditorSection[]>(() => [
    newSection(0, { videoPrompt: VIDEO_MODELS[DEFAULT_VIDEO_MODEL].defaultPrompt }),
  ]);
  const [settings, setSettings] = useState(() => adjustVideoSettings(DEFAULT_VIDEO_MODEL, EDITOR_VIDEO_DEFAULTS));
  const [jobId, setJobId] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { banner, show: showNotice } = useBanner();
  const [creditsNeeded, setCreditsNeeded] = useState<number | null>(null);
  const [finished, setFinished] = useState<JobView | null>(null);

  const change = (id: string, next: EditorSection) => setSections((all) => all.map((s) => (s.id === id ? next : s)));
  const chooseModel = (next: VideoModelId) => {
    setModel(next);
    // spec 2 §4: an unsupported ratio or duration moves to the model's first supported one.
    setSettings((s) => adjustVideoSettings(next, s));
  };

  const speak = async (text: string, { voiceId, stability, similarityBoost, speed }: SectionVoice): Promise<AudioVersion> => {
    const spoken = await generateAudio({ text, voiceId, stability, similarityBoost, speed });
    void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits });
    return {
      id: newId('audio'),
      audioUrl: spoken.audioUrl,
      duration: spoken.duration,
      createdAt: new Date().toISOString(),
      scriptText: text,
      voiceId,
    };
  };

  const generate = async () => {
    if (starting || running) return;
    setError(null);
    if (!user) {
      setError(Messages.videoSignIn);
      return;
    }
    if (!sections.some((s) => isSectionValid(s, model))) {
      setError(Messages.videoIncomplete);
      return;
    }
    setStarting(true);
    try {
      const started = await startVideo({
        sections,
        sectionsJson: toRequestSections(sections),
        // The request's own voice fields (spec 2 §7) carry the first section's; each section sends its own.
        fields: {
          voiceId: sections[0]!.voice.voiceId,
          stability: sections[0]!.voice.stability,
          similarityBoost: sections[0]!.voice.similarityBoost,
          speed: sections[0]!.voice.speed,
          aspectRatio: settings.aspectRatio,
          videoDuration: settings.duration,
          videoModel: model,
          userId: user.id,
        },
      });
      setJobId(started.jobId);
      setRunning(true);
      setFinished(null);
      showNotice('success', videoStarted(started.jobId));
      void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits });
    } catch (e) {
      setCreditsNeeded(await creditsShortBy(e));
      setError(startFailure(e));
    } finally {
      setStarting(false);
    }
  };

  const onFinished = (job: JobView) => {
    setRunning(false);
    void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits });
    if (job.status === 'COMPLETED' || job.status === 'PARTIAL_SUCCESS') setFinished(job);
  };

  const button = generateButton(sections, model, starting || running);
  const counts = approvedCount(sections);
  const modelInfo = VIDEO_MODELS[model];
  return (
    <div className="ve-editor">
      <div className="ve-editor-main">
        <header className="ve-editor-head">
          <h1 className="ve-h1">Talking-person video</h1>
          <p className="ve-meta" aria-live="polite">
            {counts.approved} of {counts.total} blocks approved
          </p>
        </header>
        <Banner message={banner} />
        {sections.map((section) => (
          <SectionCard
            key={section.id}
            section={section}
            userId={user?.id ?? ''}
            onChange={(next) => change(section.id, next)}
            onRemove={() => setSections((all) => removeSection(all, section.id, defaults))}
            speak={(text) => speak(text, section.voice)}
          />
        ))}
        <div className="ve-row">
          <button type="button" className="st-btn st-btn-secondary" onClick={() => setSections((all) => addSection(all, defaults))}>
            Add Section
          </button>
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <button type="button" className="st-btn st-btn-primary ve-generate" disabled={button.disabled} onClick={() => void generate()}>
          {button.label}
        </button>
        {jobId ? <JobPanel jobId={jobId} onJobChange={() => setRunning(true)} onFinished={onFinished} /> : null}
      </div>
      <aside className="ve-editor-side">
        <section className="ve-panel" aria-labelledby="ve-settings-title">
          <h2 id="ve-settings-title" className="ve-h2">
            Video settings
          </h2>
          <ModelSelect value={model} onChange={chooseModel} />
          <label className="ve-field">
            <span>Aspect ratio</span>
            <select value={settings.aspectRatio} onChange={(e) => setSettings((s) => ({ ...s, aspectRatio: e.target.value }))}>
              {modelInfo.aspectRatios.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </label>
          <label className="ve-field">
            <span>Duration (seconds, without speech)</span>
            <select value={settings.duration} onChange={(e) => setSettings((s) => ({ ...s, duration: Number(e.target.value) }))}>
              {modelInfo.durations.map((d) => (
                <option key={d} value={d}>
                  {d} s
                </option>
              ))}
            </select>
          </label>
          <p className="ve-notice">
            {modelInfo.builtInAudio
              ? 'This model speaks the script itself: no approved audio is needed. Images are cropped to 16:9.'
              : 'Spoken sections need approved audio; each clip lasts its speech.'}{' '}
            2 credits per section.
          </p>
        </section>
      </aside>
      <UpgradeSlot creditsNeeded={creditsNeeded} onClose={() => setCreditsNeeded(null)} />
      {finished ? (
        <Dialog title="Your video is ready" onClose={() => setFinished(null)} closeLabel="Stay here">
          <p>It is in your gallery. Go to your content now?</p>
          <div className="ve-row">
            <button type="button" className="st-btn st-btn-primary" onClick={() => navigate('/app/images')}>
              Go to Content
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
