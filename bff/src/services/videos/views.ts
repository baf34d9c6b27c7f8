import {
  adFinishingLabel,
  isJobFinished,
  JOB_MEDIA_PREFIX,
  jobClipPath,
  Messages,
  videosPartial,
  type AdFormatResult,
  type FinalVideo,
  type JobSection,
  type JobVariant,
  type JobView,
  type SectionStatusName,
  type VariantResult,
} from '@studio/contracts';
import { captionCues, captionsVtt } from '@studio/media';
import { ASSET_URL_PREFIX, THUMB_URL_PREFIX } from '../assets/views.ts';
import type { JobRow, SectionRow, StoredAdFormat, VariantRow } from './store.ts';

export { JOB_MEDIA_PREFIX };
/** The finished video's captions, beside its sections' files. */
export const WHOLE_CAPTIONS = 'video.captions.vtt';

/**
 * A finished ad's captions in one format (`ad-9x16.vtt`; a variant's `ad.<variant>.9x16.vtt`): names
 * no section id can take either (ids are letters, digits, - and _).
 */
export const adCaptionsFile = (aspectRatio: string, variantId?: string) =>
  variantId ? `ad.${variantId}.${aspectRatio.replace(':', 'x')}.vtt` : `ad-${aspectRatio.replace(':', 'x')}.vtt`;

function adFormatView(job: JobRow, f: StoredAdFormat, variantId?: string): AdFormatResult {
  return {
    aspectRatio: f.aspectRatio,
    width: f.width,
    height: f.height,
    videoUrl: `${ASSET_URL_PREFIX}/${f.assetId}.mp4`,
    posterUrl: `${THUMB_URL_PREFIX}/${f.assetId}.webp?w=720`,
    captionsUrl: f.words.length > 0 ? `${JOB_MEDIA_PREFIX}/${job.id}/${adCaptionsFile(f.aspectRatio, variantId)}` : null,
    durationS: f.durationS,
    assetId: f.assetId,
  };
}

/** A finished ad format's captions as WebVTT, timed as they are burned in. */
export function adWebVtt(job: JobRow, f: StoredAdFormat): string {
  return captionsVtt({ words: f.words, style: job.settings.ad?.captionStyle ?? 'none', width: f.width, height: f.height });
}

/** How far a section is, by the step it is on (speech is quick; the picture takes longest). */
const STEP_PROGRESS: Record<string, number> = { audio: 10, video: 30, lipsync: 55, captions: 85 };

function sectionView(job: JobRow, s: SectionRow): JobSection {
  const ended = s.status !== 'PENDING' && s.status !== 'RUNNING';
  return {
    section: s.section_id,
    sectionName: s.name,
    status: s.status,
    step: s.step,
    progress: ended ? 100 : s.status === 'RUNNING' ? (STEP_PROGRESS[s.step ?? ''] ?? 5) : 0,
    outputUrl: s.status === 'COMPLETED' && s.video_key ? jobClipPath(job.id, s.section_id) : null,
    captionsUrl: s.status === 'COMPLETED' && s.video_key ? `${JOB_MEDIA_PREFIX}/${job.id}/${s.section_id}.vtt` : null,
    posterUrl: s.status === 'COMPLETED' && s.video_key ? `${JOB_MEDIA_PREFIX}/${job.id}/${s.section_id}.jpg` : null,
    error: s.status === 'TIMED_OUT' ? (s.error ?? Messages.sectionTimedOut) : s.error,
    refunded: s.refunded,
    reused: s.reused_from !== null,
    note: s.note,
    credits: s.credits,
  };
}

const ENDED_WITH_JOB: readonly SectionStatusName[] = ['FAILED', 'TIMED_OUT', 'CANCELLED'];

/**
 * A video of a job with hook variants, by its sections: made once its file is stored; failed (or
 * timed out, cancelled) as soon as a section it plays did; otherwise its sections' progress, then
 * its finishing (the last 5 %).
 */
function variantView(job: JobRow, v: VariantRow, sections: JobSection[]): JobVariant {
  const own = v.section_ids.map((id) => sections.find((s) => s.section === id));
  const ended = own.find((s) => !s || ENDED_WITH_JOB.includes(s.status));
  const average = own.reduce((n, s) => n + (s?.progress ?? 0), 0) / Math.max(1, own.length);
  const finishing = v.asset_id || isJobFinished(job.status) ? null : v.ad_finishing;
  const status: SectionStatusName = v.asset_id
    ? 'COMPLETED'
    : ended
      ? (ended?.status ?? 'FAILED')
      : isJobFinished(job.status)
        ? 'FAILED'
        : own.some((s) => s!.status !== 'PENDING')
          ? 'RUNNING'
          : 'PENDING';
  return {
    id: v.variant_id,
    label: v.label,
    sections: v.section_ids,
    status,
    progress:
      status === 'COMPLETED' || ENDED_WITH_JOB.includes(status)
        ? 100
        : finishing
          ? 95 + Math.floor((4 * finishing.done) / finishing.total)
          : Math.min(95, Math.round(average * 0.95)),
    finishing: finishing && { label: adFinishingLabel(finishing.format), done: finishing.done, total: finishing.total },
    error: ended ? (ended.error ?? (ended.status === 'TIMED_OUT' ? Messages.sectionTimedOut : null)) : null,
  };
}

function variantResult(job: JobRow, v: VariantRow, view: JobVariant): VariantResult {
  const formats = (v.ad_formats ?? []).map((f) => adFormatView(job, f, v.variant_id));
  return {
    id: v.variant_id,
    label: v.label,
    status: view.status,
    finalVideo: v.asset_id ? `${ASSET_URL_PREFIX}/${v.asset_id}.mp4` : null,
    posterUrl: v.asset_id ? `${THUMB_URL_PREFIX}/${v.asset_id}.webp?w=720` : null,
    captionsUrl: formats[0]?.captionsUrl ?? null,
    assetId: v.asset_id,
    formats,
  };
}

/**
 * Whether a job may be waiting for a renderer, by its own rows: it runs, no section of it renders
 * yet (a resumed job whose section was cut short is under way), and one is left to render (a job
 * whose sections were all reused waits for nothing). Only then is its place in line read.
 */
export const mayWaitForRenderer = (job: JobRow, rows: SectionRow[]) =>
  job.status === 'IN_PROGRESS' && !rows.some((s) => s.status === 'RUNNING') && rows.some((s) => s.status === 'PENDING');

/**
 * spec 2 §3 "Job and results": the job as the editors show it. `waiting`: how many jobs are ahead of
 * it while it waits for a renderer (it is then QUEUED), null once one renders it.
 */
export function jobView(job: JobRow, rows: SectionRow[], variantRows: VariantRow[] = [], waiting: number | null = null): JobView {
  const queued = waiting !== null && mayWaitForRenderer(job, rows);
  const sections = rows.map((s) => sectionView(job, s));
  const variants = variantRows.map((v) => variantView(job, v, sections));
  const finished = isJobFinished(job.status);
  const finishing = finished ? null : job.ad_finishing;
  const average = sections.length ? sections.reduce((n, s) => n + s.progress, 0) / sections.length : 0;
  // With variants, the last 5 % is each variant's finishing.
  const variantsDone = variants.reduce(
    (n, v) =>
      n + (v.status === 'COMPLETED' || ENDED_WITH_JOB.includes(v.status) ? 1 : v.finishing ? v.finishing.done / v.finishing.total : 0),
    0,
  );
  const failedAt = (steps: string[]) =>
    rows
      .filter((s) => (s.status === 'FAILED' || s.status === 'TIMED_OUT') && steps.includes(s.step ?? ''))
      .map((s) => ({ section: s.section_id, error: s.error ?? Messages.failedToGenerateVideo }));
  const completed = rows.filter((s) => s.status === 'COMPLETED' && s.video_key);
  const finalVideos: FinalVideo[] = completed.map((s) => {
    const url = jobClipPath(job.id, s.section_id);
    return {
      section: s.section_id,
      sectionName: s.name,
      videoUrl: url,
      originalVideoUrl: url,
      videoDuration: Number(s.video_duration ?? s.target_duration),
      hasAudio: s.has_audio,
    };
  });
  const partial = job.status === 'PARTIAL_SUCCESS';
  const firstMade = variantRows.find((v) => v.asset_id && v.asset_id === job.asset_id);
  return {
    id: job.id,
    kind: job.kind,
    status: queued ? 'QUEUED' : job.status,
    queuePosition: queued ? waiting : null,
    // The last 5% is joining and storing the video (a finished ad's stages move it on).
    progress: finished
      ? 100
      : variants.length > 0
        ? Math.min(99, Math.round(average * 0.95) + Math.floor((4 * variantsDone) / variants.length))
        : finishing
          ? 95 + Math.floor((4 * finishing.done) / finishing.total)
          : Math.min(95, Math.round(average * 0.95)),
    error: job.error,
    model: job.model,
    aspectRatio: job.aspect_ratio,
    createdAt: job.created_at.toISOString(),
    finishedAt: job.finished_at?.toISOString() ?? null,
    sections,
    variants,
    finishing: finishing && { label: adFinishingLabel(finishing.format), done: finishing.done, total: finishing.total },
    result: finished
      ? {
          finalVideos,
          finalVideo: job.asset_id ? `${ASSET_URL_PREFIX}/${job.asset_id}.mp4` : null,
          posterUrl: job.asset_id ? `${THUMB_URL_PREFIX}/${job.asset_id}.webp?w=720` : null,
          captionsUrl: job.asset_id ? `${JOB_MEDIA_PREFIX}/${job.id}/${WHOLE_CAPTIONS}` : null,
          assetId: job.asset_id,
          failedAudio: failedAt(['audio']),
          failedVideo: failedAt(['video', 'captions']),
          failedLipsync: failedAt(['lipsync']),
          isPartialSuccess: partial,
          partialMessage: partial ? videosPartial(completed.length) : null,
          // A job with variants: its own video is its first variant made, whose files (and captions) are that variant's.
          formats: (job.ad_formats ?? []).map((f) => adFormatView(job, f, firstMade?.variant_id)),
          variants: variantRows.map((v, i) => variantResult(job, v, variants[i]!)),
        }
      : null,
    creditsCharged: rows.reduce((n, s) => n + s.credits, 0),
    creditsRefunded: rows.reduce((n, s) => n + (s.refunded ? s.credits : 0), 0),
  };
}

const vttTime = (s: number) => {
  const ms = Math.round(s * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/**
 * Captions (WebVTT) of finished sections played one after another: each section's script, a few
 * words at a time, over that section's time in the video. Silent sections add only their length.
 */
export function webVtt(rows: Pick<SectionRow, 'script' | 'video_duration' | 'target_duration'>[]): string {
  const lines = ['WEBVTT', ''];
  let offset = 0;
  for (const row of rows) {
    const duration = Number(row.video_duration ?? row.target_duration);
    for (const cue of captionCues(row.script ?? '', duration)) {
      lines.push(`${vttTime(offset + cue.start)} --> ${vttTime(offset + cue.end)}`, cue.text, '');
    }
    offset += duration;
  }
  return lines.join('\n');
}
