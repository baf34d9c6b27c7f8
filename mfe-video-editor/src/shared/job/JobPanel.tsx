import { useState } from 'react';
import {
  isJobFinished,
  Messages,
  sectionFailed,
  videoFailed,
  videosGenerated,
  videosPartial,
  waitingForRenderer,
  type JobSection,
  type JobVariant,
  type JobView,
  type VariantResult,
} from '@studio/contracts';
import { errorText } from '@studio/session';
import { Alert, Spinner } from '@studio/ui';
import { isShortOfCredits } from '../UpgradeSlot.tsx';
import { useCancelJob, useRetryJob } from './api.ts';
import { useJob } from './use-job.ts';

const STEP_LABELS: Record<string, string> = {
  audio: 'Speaking the script',
  video: 'Animating the image',
  lipsync: 'Lip-syncing',
  captions: 'Adding captions',
};
const STATUS_LABELS: Record<string, string> = {
  PENDING: 'Waiting',
  RUNNING: 'Rendering',
  COMPLETED: 'Done',
  FAILED: 'Failed',
  TIMED_OUT: 'Timed out',
  CANCELLED: 'Cancelled',
};

/** spec 2 §8 troubleshooting hints, by the step that failed. */
function hintFor(step: string | null): string {
  if (step === 'lipsync') return Messages.hintLipsync;
  if (step === 'audio') return Messages.hintAudio;
  return Messages.hintVideo;
}

/** The banner of a finished job (spec 2 §8 success banners and video messages). */
function banner(job: JobView): { tone: 'success' | 'warning' | 'error'; text: string } {
  const done = job.sections.filter((s) => s.status === 'COMPLETED').length;
  switch (job.status) {
    case 'COMPLETED':
      return { tone: 'success', text: videosGenerated(done) };
    case 'PARTIAL_SUCCESS':
      return done > 0 ? { tone: 'warning', text: videosPartial(done) } : { tone: 'error', text: Messages.videoPartialNoVideos };
    case 'TIMED_OUT':
      return { tone: 'error', text: `${Messages.videoTimedOut}. Job ID: ${job.id}` };
    case 'CANCELLED':
      return { tone: 'warning', text: Messages.videoCancelled };
    default:
      return { tone: 'error', text: videoFailed(job.error) };
  }
}

function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div className="ve-progress">
      <span className="ve-progress-label">{label}</span>
      <progress max={100} value={value} aria-label={label}>
        {value}%
      </progress>
      <span className="ve-progress-value">{value}%</span>
    </div>
  );
}

function SectionResult({ section, jobId }: { section: JobSection; jobId: string }) {
  return (
    <li className="ve-result" data-status={section.status}>
      <div className="ve-result-head">
        <strong>{section.sectionName}</strong>
        <span className="ve-row">
          {section.reused ? (
            <span className="ve-badge" data-status="REUSED">
              Reused
            </span>
          ) : null}
          <span className="ve-badge" data-status={section.status}>
            {STATUS_LABELS[section.status] ?? section.status}
          </span>
        </span>
      </div>
      {section.status === 'RUNNING' || section.status === 'PENDING' ? (
        <Progress value={section.progress} label={`${section.sectionName}: ${STEP_LABELS[section.step ?? ''] ?? 'Waiting'}`} />
      ) : null}
      {section.status === 'COMPLETED' && section.outputUrl ? (
        <video
          className="ve-result-video"
          src={section.outputUrl}
          poster={section.posterUrl ?? undefined}
          controls
          preload="metadata"
          aria-label={`${section.sectionName} video`}
        >
          <track kind="captions" src={section.captionsUrl ?? undefined} srcLang="en" label="Script" default />
        </video>
      ) : null}
      {section.status === 'FAILED' ? (
        <div className="ve-result-failure">
          <p>{sectionFailed(section.error)}</p>
          <p className="ve-hint">{hintFor(section.step)}</p>
        </div>
      ) : null}
      {section.status === 'TIMED_OUT' ? (
        <p>
          {Messages.sectionTimedOut}. Job ID: <code>{jobId}</code>
        </p>
      ) : null}
      {section.note ? <p className="ve-meta">{section.note}</p> : null}
      {section.refunded ? <p className="ve-refunded">Not charged: {section.credits} credits refunded.</p> : null}
      {section.reused ? <p className="ve-meta">Unchanged since its last video: reused, not rendered or charged again.</p> : null}
    </li>
  );
}

/**
 * One video of a job with hook variants (issue 40 §2): its progress while it is made; then its
 * poster, player, downloads (each format) and "Save as main" — or why it failed.
 */
function VariantCard({
  variant,
  result,
  main,
  onSaveAsMain,
}: {
  variant: JobVariant;
  result: VariantResult | undefined;
  main: boolean;
  onSaveAsMain?: (variantId: string) => void;
}) {
  const running = variant.status === 'PENDING' || variant.status === 'RUNNING';
  const video = result?.finalVideo ?? null;
  return (
    <li className="ve-variant" data-status={variant.status} aria-label={variant.label}>
      <div className="ve-result-head">
        <strong>{variant.label}</strong>
        <span className="ve-row">
          {main ? <span className="ve-badge">Main</span> : null}
          <span className="ve-badge" data-status={variant.status}>
            {STATUS_LABELS[variant.status] ?? variant.status}
          </span>
        </span>
      </div>
      {running ? (
        <Progress value={variant.progress} label={`${variant.label}: ${variant.finishing?.label ?? STATUS_LABELS[variant.status]}`} />
      ) : null}
      {video ? (
        <video
          className="ve-variant-video"
          src={video}
          poster={result?.posterUrl ?? undefined}
          controls
          preload="none"
          aria-label={`${variant.label} video`}
        >
          <track kind="captions" src={result?.captionsUrl ?? undefined} srcLang="en" label="Script" default />
        </video>
      ) : null}
      {variant.status === 'FAILED' ? <p>{sectionFailed(variant.error)}</p> : null}
      {video ? (
        <div className="ve-row">
          {(result!.formats.length > 0 ? result!.formats : [{ aspectRatio: null, videoUrl: video }]).map((f) => (
            <a
              key={f.aspectRatio ?? 'video'}
              className="st-btn st-btn-secondary"
              href={f.videoUrl}
              download
              aria-label={`Download ${variant.label}${f.aspectRatio ? ` (${f.aspectRatio})` : ''}`}
            >
              Download{f.aspectRatio && result!.formats.length > 1 ? ` ${f.aspectRatio}` : ''}
            </a>
          ))}
          {onSaveAsMain && !main ? (
            <button type="button" className="st-btn st-btn-ghost" onClick={() => onSaveAsMain(variant.id)}>
              Save as main
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * A job's progress and results (spec 2 §2 results panel): one bar for the job and one per
 * section, fed by the event stream; Cancel while it runs; when it ends, each section's video or
 * its failure (with the hints and "not charged"), the joined video, and Retry for failed sections.
 */
export function JobPanel({
  jobId,
  onJobChange,
  onFinished,
  onRetryRefused,
  mainVariantId,
  onSaveAsMain,
}: {
  jobId: string;
  /** A retry started: the same job runs again. */
  onJobChange?: (jobId: string) => void;
  onFinished?: (job: JobView) => void;
  /** A retry refused: the editor opens the upgrade dialog when the balance was short. */
  onRetryRefused?: (error: unknown) => void;
  /** With hook variants: the one the editor holds as its hook now. */
  mainVariantId?: string;
  /** With hook variants: the editor takes this hook as its first section. */
  onSaveAsMain?: (variantId: string) => void;
}) {
  // A retry runs the same job again: watching starts over.
  const [run, setRun] = useState(0);
  const { job: current, error } = useJob(jobId, run, onFinished);
  const cancel = useCancelJob();
  const retry = useRetryJob();
  const busy = cancel.isPending || retry.isPending;
  const actionFailed = cancel.error ?? retry.error;
  // A short balance is the upgrade dialog's to say (spec 2 §6), not the panel's.
  const actionError = actionFailed && !isShortOfCredits(actionFailed) ? errorText(actionFailed, Messages.failedToStartVideo) : null;
  const forget = () => {
    cancel.reset();
    retry.reset();
  };

  if (error && !current) return <Alert tone="error">{error}</Alert>;
  if (!current) return <Spinner label="Starting the video" />;
  const finished = isJobFinished(current.status);
  const failed = current.sections.filter((s) => s.status !== 'COMPLETED');
  const title = finished ? (failed.length > 0 ? 'Partial Success' : 'Generation Complete') : 'Generating your video';
  const notice = finished ? banner(current) : null;

  return (
    <section className="ve-panel ve-job" aria-labelledby="ve-job-title" aria-busy={!finished}>
      <h2 id="ve-job-title" className="ve-h2">
        {title}
      </h2>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {error ? <Alert tone="warning">{error}</Alert> : null}
      {current.status === 'QUEUED' ? (
        <p className="ve-meta" role="status">
          {waitingForRenderer(current.queuePosition ?? 0)}
        </p>
      ) : null}
      {!finished ? <Progress value={current.progress} label="Whole video" /> : null}
      {!finished && current.finishing ? (
        <p className="ve-meta" role="status">
          Finishing the ad: {current.finishing.label} (step {current.finishing.done + 1} of {current.finishing.total})
        </p>
      ) : null}
      {current.variants.length > 0 ? (
        <section aria-labelledby="ve-variants-title" className="ve-variants-box">
          <h3 id="ve-variants-title" className="ve-h3">
            Your videos, one per hook
          </h3>
          <ul className="ve-variants">
            {current.variants.map((v) => (
              <VariantCard
                key={v.id}
                variant={v}
                result={current.result?.variants.find((r) => r.id === v.id)}
                main={v.id === mainVariantId}
                onSaveAsMain={onSaveAsMain}
              />
            ))}
          </ul>
        </section>
      ) : null}
      <ol className="ve-results" aria-label="Sections">
        {current.sections.map((s) => (
          <SectionResult key={s.section} section={s} jobId={current.id} />
        ))}
      </ol>
      {current.result?.finalVideo && current.variants.length === 0 ? (
        <div className="ve-final">
          <h3 className="ve-h3">Your video</h3>
          <video
            className="ve-final-video"
            src={current.result.finalVideo}
            poster={current.result.posterUrl ?? undefined}
            controls
            preload="metadata"
            aria-label="Finished video"
          >
            <track kind="captions" src={current.result.captionsUrl ?? undefined} srcLang="en" label="Script" default />
          </video>
          {current.result.formats.length > 1 ? (
            <ul className="ve-row ve-formats" aria-label="Formats">
              {current.result.formats.map((f) => (
                <li key={f.aspectRatio}>
                  <a
                    className="st-btn st-btn-secondary"
                    href={f.videoUrl}
                    download
                    aria-label={`Download ${f.aspectRatio} (${f.width}×${f.height})`}
                  >
                    Download {f.aspectRatio}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <a className="st-btn st-btn-secondary" href={current.result.finalVideo} download>
              Download
            </a>
          )}
        </div>
      ) : null}
      {actionError ? <Alert tone="error">{actionError}</Alert> : null}
      <div className="ve-row">
        {!finished ? (
          <button
            type="button"
            className="st-btn st-btn-secondary"
            disabled={busy}
            onClick={() => {
              forget();
              cancel.mutate(current.id);
            }}
          >
            Cancel
          </button>
        ) : null}
        {finished && failed.length > 0 ? (
          <button
            type="button"
            className="st-btn st-btn-primary"
            disabled={busy}
            onClick={() => {
              forget();
              retry.mutate(current.id, {
                onSuccess: () => {
                  setRun((n) => n + 1);
                  onJobChange?.(current.id);
                },
                onError: (e) => onRetryRefused?.(e),
              });
            }}
          >
            Retry failed sections
          </button>
        ) : null}
      </div>
      <p className="ve-notice">
        Rendered by the local engine: camera motion and a mouth that follows the speech, made on this server (not a generative video model).
      </p>
    </section>
  );
}
