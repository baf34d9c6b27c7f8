import { Fragment, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  adjustVideoSettings,
  DEFAULT_VIDEO_MODEL,
  EDITOR_VIDEO_DEFAULTS,
  Messages,
  VIDEO_MODELS,
  type JobView,
  type EditorNavigationState,
  type ProjectDraft,
  type VideoModelId,
  AppPaths,
} from '@studio/contracts';
import { Alert, Banner, Dialog } from '@studio/ui';
import { AdPanel } from '../../shared/ad/AdPanel.tsx';
import { adRequestFields, DEFAULT_AD_OPTIONS, formatsOf, type AdOptions } from '../../shared/ad/ad-options.ts';
import { useGenerateAudio } from '../../shared/draft/api.ts';
import { editorDraftFromAd } from '../../shared/draft/from-ad-draft.ts';
import { newId } from '../../shared/draft/ids.ts';
import { ModelSelect } from '../../shared/draft/ModelSelect.tsx';
import { useKeepChosenImages } from '../../shared/draft/keep-chosen-images.ts';
import { RecentProjects } from '../../shared/draft/RecentProjects.tsx';
import { PROJECT_PARAM, useProjectDraft } from '../../shared/draft/use-project-draft.ts';
import { useVideoDraft } from '../../shared/draft/use-video-draft.ts';
import { JobPanel } from '../../shared/job/JobPanel.tsx';
import { UpgradeSlot } from '../../shared/UpgradeSlot.tsx';
import { fromEditorDraft, toEditorDraft } from './draft.ts';
import { HookAlternatives, HookToggle } from './HookAlternatives.tsx';
import { saveAsMain, sectionsToSend, toVariants, type HookState } from './hooks.ts';
import { priceLine, renderSignature, videoPrice, willReuse, withLastVideos, type RenderSettings } from './reuse.ts';
import { TalkingSection } from './TalkingSection.tsx';
import {
  addSection,
  approvedCount,
  generateButton,
  isSectionValid,
  newSection,
  removeSection,
  toRequestSections,
  type AudioVersion,
  type EditorSection,
  type SectionVoice,
} from './model.ts';

/** What a voice line's upgrade dialog says the credits were for. */
const VOICE_LINE_ACTION = 'generate this voice line';

/**
 * The talking-person video editor (spec 2 §2–§5): sections with an image, a video prompt and a
 * script spoken in the section's own voice, each block's audio generated and approved before the
 * video is made; the video settings; Generate; then the job's progress and results. The draft is
 * saved as a project as the user works (`?project=` reopens it), so Reload or Exit never loses it.
 */
export function TalkingEditor({ kind }: { kind: 'editor' | 'create' }) {
  const navigate = useNavigate();
  const [finished, setFinished] = useState<JobView | null>(null);
  // What each section sent to the running job was made from (its signature): a finished section keeps its clip with it.
  const sent = useRef(new Map<string, string | null>());
  const draft = useVideoDraft<EditorSection>(() => [newSection(0, { videoPrompt: VIDEO_MODELS[DEFAULT_VIDEO_MODEL].defaultPrompt })], {
    onFinished: (job) => {
      // spec 2 §4: each returned video is attached to its section (issue 40 §1: Generate then reuses it while the section is unchanged).
      setSections((all) => withLastVideos(all, job, sent.current));
      setHook((h) => h && { alternatives: withLastVideos(h.alternatives, job, sent.current) });
      if (job.status === 'COMPLETED' || job.status === 'PARTIAL_SUCCESS') setFinished(job);
    },
  });
  const { sections, setSections, model } = draft;
  const defaults = { videoPrompt: VIDEO_MODELS[model].defaultPrompt };
  const [settings, setSettings] = useState(() => adjustVideoSettings(DEFAULT_VIDEO_MODEL, EDITOR_VIDEO_DEFAULTS));
  const [ad, setAd] = useState<AdOptions>(DEFAULT_AD_OPTIONS);
  // Issue 40 §2: /app/editor's first section may be the hook, with alternatives (one video each).
  const [hook, setHook] = useState<HookState>(null);
  const hooks = kind === 'editor' ? hook : null;
  const keepingImages = useKeepChosenImages(sections, setSections);
  const keepingHookImages = useKeepChosenImages(hook?.alternatives ?? [], (update) =>
    setHook((h) => h && { alternatives: update(h.alternatives) }),
  );
  const restore = (saved: ProjectDraft) => {
    const state = fromEditorDraft(saved);
    if (!state) return;
    setSections(state.sections);
    draft.setModel(state.model);
    setSettings(state.settings);
    setAd(state.ad);
    setHook(state.hook ?? null);
  };
  const project = useProjectDraft({
    kind,
    draft: toEditorDraft({ sections, model, settings, ad, hook: hooks }),
    restore,
    preparing: keepingImages || keepingHookImages,
  });
  const adDraft = useArrivingAdDraft(restore);
  const forProject: { projectId?: string } = project.projectId ? { projectId: project.projectId } : {};

  const change = (id: string, next: EditorSection) => setSections((all) => all.map((s) => (s.id === id ? next : s)));
  const chooseModel = (next: VideoModelId) => {
    draft.setModel(next);
    // spec 2 §4: an unsupported ratio or duration moves to the model's first supported one.
    setSettings((s) => adjustVideoSettings(next, s));
  };

  const speakLine = useGenerateAudio();
  const speak = async (text: string, { voiceId, stability, similarityBoost, speed }: SectionVoice): Promise<AudioVersion> => {
    const spoken = await speakLine
      .mutateAsync({ text, voiceId, stability, similarityBoost, speed, ...forProject })
      .catch((error: unknown) => {
        void draft.offerUpgrade(error, VOICE_LINE_ACTION);
        throw error;
      });
    return {
      id: newId('audio'),
      audioUrl: spoken.audioUrl,
      duration: spoken.duration,
      createdAt: new Date().toISOString(),
      scriptText: text,
      voiceId,
    };
  };

  // Issue 40 §1: what every clip is made from besides its section; a section unchanged since its last video is reused.
  const rendering: RenderSettings = {
    model,
    aspectRatio: settings.aspectRatio,
    duration: settings.duration,
    formats: formatsOf(settings.aspectRatio, ad),
  };
  const reused = (section: EditorSection) => willReuse(section, rendering);
  const toSend = sectionsToSend(sections, hooks);
  const variants = toVariants(sections, hooks);
  const price = videoPrice(
    toSend.filter((s) => isSectionValid(s, model)),
    rendering,
  );

  const generate = () => {
    setFinished(null);
    void draft.start((userId) => {
      if (!sections.some((s) => isSectionValid(s, model))) return Messages.videoIncomplete;
      const [first] = sections;
      sent.current = new Map(toSend.map((s) => [s.id, renderSignature(s, rendering)]));
      return {
        // Only the files not kept yet are uploaded; a kept one goes by its URL (toRequestSections).
        sections: toSend.map((s) => (s.imageUrl ? { ...s, imageFile: null } : s)),
        sectionsJson: toRequestSections(toSend, reused),
        // The request's own voice fields (spec 2 §7) carry the first section's; each section sends its own.
        fields: {
          voiceId: first!.voice.voiceId,
          stability: first!.voice.stability,
          similarityBoost: first!.voice.similarityBoost,
          speed: first!.voice.speed,
          aspectRatio: settings.aspectRatio,
          videoDuration: settings.duration,
          videoModel: model,
          userId,
          ...adRequestFields(settings.aspectRatio, ad),
          ...(variants ? { variants: JSON.stringify(variants) } : {}),
          ...(project.projectId ? { projectId: project.projectId } : {}),
        },
      };
    });
  };

  /** "Save as main": the chosen hook becomes the first section; the first one becomes an alternative. */
  const makeMain = (hookId: string) => {
    const next = saveAsMain(sections, hook, hookId);
    setSections(next.sections);
    setHook(next.hook);
  };

  const button = generateButton(toSend, model, draft.busy);
  const counts = approvedCount(sections);
  const modelInfo = VIDEO_MODELS[model];
  const [first] = sections;
  const firstWords = (first?.blocks.map((b) => b.text).join(' ') ?? '').split(/\s+/).filter(Boolean);
  return (
    <div className="ve-editor">
      <div className="ve-editor-main">
        <header className="ve-editor-head">
          <h1 className="ve-h1">Talking-person video</h1>
          <p className="ve-meta" aria-live="polite">
            {counts.approved} of {counts.total} blocks approved
          </p>
          <p className="ve-save-state" role="status">
            {project.stateText}
          </p>
        </header>
        {project.openProblem ? <Alert tone="error">{project.openProblem}</Alert> : null}
        {adDraft ? (
          <p className="ve-notice" role="status">
            {adDraft}
          </p>
        ) : null}
        <Banner message={draft.banner} />
        {sections.map((section, i) => (
          <Fragment key={section.id}>
            <TalkingSection
              section={section}
              userId={draft.user?.id ?? ''}
              reused={reused(section)}
              onChange={(next) => change(section.id, next)}
              onRemove={() => setSections((all) => removeSection(all, section.id, defaults))}
              speak={(text) => speak(text, section.voice)}
            >
              {i === 0 && kind === 'editor' ? <HookToggle hook={hook} onHook={setHook} /> : null}
            </TalkingSection>
            {i === 0 && kind === 'editor' ? (
              <HookAlternatives hook={hook} first={section} onHook={setHook} userId={draft.user?.id ?? ''} speak={speak} reused={reused} />
            ) : null}
          </Fragment>
        ))}
        <div className="ve-row">
          <button type="button" className="st-btn st-btn-secondary" onClick={() => setSections((all) => addSection(all, defaults))}>
            Add Section
          </button>
        </div>
        {draft.error ? <Alert tone="error">{draft.error}</Alert> : null}
        <div className="ve-row">
          <button type="button" className="st-btn st-btn-primary ve-generate" disabled={button.disabled} onClick={generate}>
            {button.label}
          </button>
          {price.rendered + price.reused > 0 ? (
            <p className="ve-meta ve-price" aria-live="polite">
              {priceLine(price, variants?.length ?? 1)}
            </p>
          ) : null}
        </div>
        {draft.job.jobId ? (
          <JobPanel {...draft.job} jobId={draft.job.jobId} mainVariantId={sections[0]?.id} onSaveAsMain={hooks ? makeMain : undefined} />
        ) : null}
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
          </p>
        </section>
        <AdPanel
          ad={ad}
          onChange={setAd}
          aspectRatio={settings.aspectRatio}
          image={first?.imagePreview ?? null}
          words={firstWords}
          sections={price.rendered}
          reused={price.reused}
        />
        <RecentProjects kind={kind} currentId={project.projectId} />
      </aside>
      <UpgradeSlot {...draft.upgrade} />
      {finished ? (
        <Dialog title="Your video is ready" onClose={() => setFinished(null)} closeLabel="Stay here">
          <p>It is in your gallery. Go to your content now?</p>
          <div className="ve-row">
            <button type="button" className="st-btn st-btn-primary" onClick={() => navigate(AppPaths.images)}>
              Go to Content
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

/**
 * An ad drafted from a product arrives in navigation state (`EditorNavigationState`, from Products'
 * "Make an ad"): loaded once as the editor's draft, unless the URL names a project to reopen. It
 * counts as a change, so it is saved as a project at once (and Reload reopens that). Answers what
 * the editor says about the draft.
 */
function useArrivingAdDraft(restore: (draft: ProjectDraft) => void): string | null {
  const arrived = (useLocation().state as EditorNavigationState | null)?.adDraft;
  const [params] = useSearchParams();
  const [note, setNote] = useState<string | null>(null);
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current || !arrived || params.has(PROJECT_PARAM)) return;
    loaded.current = true;
    const fromAd = editorDraftFromAd(arrived);
    if (!fromAd) return;
    restore(fromAd.draft);
    setNote(fromAd.note);
    // restore is the editor's setter; the draft is loaded once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrived]);
  return note;
}
