/**
 * Video jobs in Postgres (DESIGN decision 6): a `generated_videos` row per job and a
 * `video_sections` row per section hold everything `GET /api/job-status/{jobId}` shows. The
 * durable engine runs the orchestration; its activities write here. Credits: each section's run is
 * one debit (reserved at start), and its refund is keyed by that debit and flagged on the row in
 * the same transaction, so a section is given back at most once whatever runs it twice.
 */
import { randomUUID } from 'node:crypto';
import {
  isJobFinished,
  JOB_TIMEOUT_MS,
  Messages,
  videoCreditsNeeded,
  videosPartial,
  type FinalVideo,
  type JobSection,
  type JobStatusName,
  type JobView,
  type SectionStatusName,
} from '@studio/contracts';
import { captionCues } from '@studio/media';
import type { JobOutcome, JobSpec, SectionOutcome } from '@studio/workflows';
import type { Db, Queryable } from '../../db/index.ts';
import type { Logger } from '../../logger.ts';
import { AppError, DbErrorCodes, insufficientCredits, isDbError, notFound } from '../../errors.ts';
import { ASSET_URL_PREFIX, THUMB_URL_PREFIX } from '../assets/store.ts';
import { refundKeyFor } from '../credits/charged-task.ts';
import { debitCredits, grantCredits } from '../credits/ledger.ts';
import { quoteTask } from '../credits/quotes.ts';

export const JOB_MEDIA_PREFIX = '/media/jobs';
/** The finished video's captions, beside its sections' files. */
export const WHOLE_CAPTIONS = 'video.captions.vtt';
const SECTION_TASK = 'video_section';

export interface JobSettings {
  voiceId: string;
  stability: number;
  similarityBoost: number;
  speed: number;
  /** An animation's prompt. */
  prompt?: string;
}

export interface JobRow {
  id: string;
  user_id: string;
  project_id: string | null;
  kind: 'multi_section' | 'animation';
  status: JobStatusName;
  model: string;
  aspect_ratio: string;
  width: number;
  height: number;
  settings: JobSettings;
  duration: number | null;
  error: string | null;
  final_key: string | null;
  poster_key: string | null;
  asset_id: string | null;
  run: number;
  engine: string;
  deadline_at: Date;
  created_at: Date;
  finished_at: Date | null;
}

export interface SectionRow {
  job_id: string;
  section_id: string;
  position: number;
  name: string;
  status: SectionStatusName;
  step: string | null;
  image_key: string;
  audio_key: string | null;
  script: string | null;
  video_prompt: string;
  captions: boolean;
  target_duration: number;
  video_key: string | null;
  video_duration: number | null;
  has_audio: boolean;
  error: string | null;
  credits: number;
  charge_key: string;
  refunded: boolean;
}

export interface NewSection {
  id: string;
  name: string;
  imageKey: string;
  audioKey: string | null;
  script: string | null;
  videoPrompt: string;
  captions: boolean;
  targetDuration: number;
}

export interface NewJob {
  id: string;
  userId: string;
  projectId: string | null;
  kind: JobRow['kind'];
  model: string;
  aspectRatio: string;
  width: number;
  height: number;
  settings: JobSettings;
  engine: string;
  sections: NewSection[];
}

/** The workflow id of a job's current run: the job id, then `<id>.r<run>` for each retry. */
export const workflowIdOf = (job: Pick<JobRow, 'id' | 'run'>) => (job.run === 1 ? job.id : `${job.id}.r${job.run}`);
const chargeKeyOf = (jobId: string, sectionId: string, run: number) => `video:${jobId}:${sectionId}:${run}`;
const deadline = () => new Date(Date.now() + JOB_TIMEOUT_MS);

/** A second start while one runs: the partial unique index says so, even for two at once. */
function inProgress(error: unknown): never {
  if (isDbError(error, DbErrorCodes.uniqueViolation) && error.constraint === 'generated_videos_one_running')
    throw new AppError(429, 'rate_limited', Messages.videoInProgress);
  throw error;
}

/** Reserves one debit per section (2 credits each, spec 2 §9), all or none, in `trx`. */
async function reserveSections(trx: Queryable, job: { id: string; userId: string; run: number }, sections: { id: string; name: string }[]) {
  const quote = await quoteTask(trx, SECTION_TASK, null, 1);
  const total = quote.credits * sections.length;
  try {
    for (const section of sections) {
      await debitCredits(trx, {
        userId: job.userId,
        credits: quote.credits,
        description: `Video section: ${section.name}`,
        taskType: SECTION_TASK,
        taskMetadata: { job_id: job.id, section_id: section.id, run: job.run },
        rawCostUsd: quote.rawCostUsd,
        idempotencyKey: chargeKeyOf(job.id, section.id, job.run),
      });
    }
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_credits')
      throw insufficientCredits(videoCreditsNeeded(total, sections.length), { creditsNeeded: total });
    throw error;
  }
  return quote.credits;
}

/** Creates a job and its sections and reserves their credits, atomically: nothing is written if any part is refused. */
export async function createJob(db: Db, job: NewJob): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('generated_videos')
      .insert({
        id: job.id,
        user_id: job.userId,
        project_id: job.projectId,
        kind: job.kind,
        model: job.model,
        aspect_ratio: job.aspectRatio,
        width: job.width,
        height: job.height,
        settings: JSON.stringify(job.settings),
        engine: job.engine,
        deadline_at: deadline(),
      })
      .catch(inProgress);
    const credits = await reserveSections(trx, { id: job.id, userId: job.userId, run: 1 }, job.sections);
    await trx('video_sections').insert(
      job.sections.map((s, position) => ({
        job_id: job.id,
        section_id: s.id,
        position,
        name: s.name,
        image_key: s.imageKey,
        audio_key: s.audioKey,
        script: s.script,
        video_prompt: s.videoPrompt,
        captions: s.captions,
        target_duration: s.targetDuration,
        has_audio: Boolean(s.audioKey || s.script),
        credits,
        charge_key: chargeKeyOf(job.id, s.id, 1),
      })),
    );
  });
}

export async function getJob(db: Queryable, jobId: string): Promise<JobRow | null> {
  if (!/^[0-9a-f-]{36}$/.test(jobId)) return null;
  return (await db('generated_videos').where({ id: jobId }).first<JobRow | undefined>()) ?? null;
}

/** The caller's own job; anyone else's is "not found" (its existence is not revealed). */
export async function getOwnJob(db: Queryable, userId: string, jobId: string): Promise<JobRow> {
  const job = await getJob(db, jobId);
  if (!job || job.user_id !== userId) throw notFound(Messages.jobNotFound);
  return job;
}

/**
 * The caller's job with its sections in one round trip (what a poll reads every 3 s); anyone
 * else's is "not found".
 */
export async function getOwnJobWithSections(
  db: Queryable,
  userId: string,
  jobId: string,
): Promise<{ job: JobRow; sections: SectionRow[] }> {
  if (!/^[0-9a-f-]{36}$/.test(jobId)) throw notFound(Messages.jobNotFound);
  const row = await db('generated_videos as gv')
    .where({ 'gv.id': jobId, 'gv.user_id': userId })
    .first<(JobRow & { sections: SectionRow[] | null }) | undefined>(
      'gv.*',
      db.raw(`(SELECT json_agg(vs ORDER BY vs.position) FROM video_sections vs WHERE vs.job_id = gv.id) AS sections`),
    );
  if (!row) throw notFound(Messages.jobNotFound);
  const { sections, ...job } = row;
  return { job: job, sections: sections ?? [] };
}

export const sectionsOf = (db: Queryable, jobId: string) =>
  db('video_sections').where({ job_id: jobId }).orderBy('position').select<SectionRow[]>('*');

/** The orchestration's input for the job's current run: sections finished by an earlier run are reused. */
export async function jobSpecOf(db: Queryable, job: JobRow): Promise<JobSpec> {
  const sections = await sectionsOf(db, job.id);
  const reuse: Record<string, string> = {};
  for (const s of sections) if (s.status === 'COMPLETED' && s.video_key) reuse[s.section_id] = s.video_key;
  return {
    jobId: job.id,
    userId: job.user_id,
    sections: sections.map((s) => ({
      id: s.section_id,
      name: s.name,
      image: s.image_key,
      script: s.script,
      audio: s.audio_key,
      videoPrompt: s.video_prompt,
      captions: s.captions,
    })),
    reuse,
  };
}

const RUNNING: SectionStatusName[] = ['PENDING', 'RUNNING'];

/** A section's step started (shown as its progress); a section already ended is left as it is. */
export async function markStep(db: Queryable, jobId: string, sectionId: string, step: string, extra: Partial<SectionRow> = {}) {
  await db('video_sections')
    .where({ job_id: jobId, section_id: sectionId })
    .whereIn('status', RUNNING)
    .update({ ...extra, status: 'RUNNING', step, updated_at: db.fn.now() });
}

/** Records what a step made (a clip's length, whether it speaks) without changing the section's status. */
export async function noteSection(db: Queryable, jobId: string, sectionId: string, values: Partial<SectionRow>) {
  await db('video_sections')
    .where({ job_id: jobId, section_id: sectionId })
    .update({ ...values, updated_at: db.fn.now() });
}

/** A section ended as the orchestration says, unless the job was cancelled or timed out meanwhile. */
export async function recordSection(db: Queryable, jobId: string, outcome: SectionOutcome): Promise<void> {
  await db('video_sections').where({ job_id: jobId, section_id: outcome.id }).whereIn('status', RUNNING).update({
    status: outcome.status,
    step: outcome.failedAt,
    error: outcome.error,
    video_key: outcome.video,
    updated_at: db.fn.now(),
  });
}

/** Gives back a section's credits of its current run, once: the row's flag and the ledger key both say so. */
export async function refundSection(db: Db, jobId: string, sectionId: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    const [row] = await trx('video_sections')
      .where({ job_id: jobId, section_id: sectionId, refunded: false })
      .whereNot('status', 'COMPLETED')
      .update({ refunded: true, updated_at: trx.fn.now() })
      .returning<Pick<SectionRow, 'credits' | 'charge_key' | 'name'>[]>(['credits', 'charge_key', 'name']);
    if (!row || row.credits <= 0) return false;
    const job = await trx('generated_videos').where({ id: jobId }).first<Pick<JobRow, 'user_id'>>('user_id');
    await grantCredits(trx, {
      userId: job.user_id,
      type: 'TASK_REFUND',
      credits: row.credits,
      description: `Refund: video section ${row.name}`,
      taskType: SECTION_TASK,
      taskMetadata: { job_id: jobId, section_id: sectionId, refunded_key: row.charge_key },
      idempotencyKey: refundKeyFor(row.charge_key),
    });
    return true;
  });
}

/** The job ended as the orchestration says (a job already cancelled or timed out keeps its status). */
export async function finishJob(db: Queryable, jobId: string, outcome: JobOutcome): Promise<void> {
  const failed = outcome.sections.find((s) => s.status !== 'COMPLETED');
  await db('generated_videos')
    .where({ id: jobId, status: 'IN_PROGRESS' })
    .update({
      status: outcome.status,
      error: outcome.status === 'FAILED' ? (failed?.error ?? Messages.failedToGenerateVideo) : null,
      finished_at: db.fn.now(),
      updated_at: db.fn.now(),
    });
}

const ENDED_BY = {
  CANCELLED: Messages.videoCancelled,
  TIMED_OUT: Messages.videoTimedOut,
  FAILED: Messages.failedToStartVideo,
} as const;

/**
 * Ends a running job from outside its workflow (cancelled by its owner, past its 30 minutes, or
 * never started):
 * its unfinished sections end the same way and are refunded, each once. Answers whether the job
 * was still running.
 */
export async function endJob(db: Db, jobId: string, status: 'CANCELLED' | 'TIMED_OUT' | 'FAILED'): Promise<boolean> {
  const ended = await db.transaction(async (trx) => {
    const updated = await trx('generated_videos').where({ id: jobId, status: 'IN_PROGRESS' }).update({
      status,
      error: ENDED_BY[status],
      finished_at: trx.fn.now(),
      updated_at: trx.fn.now(),
    });
    if (updated === 0) return false;
    await trx('video_sections')
      .where({ job_id: jobId })
      .whereIn('status', RUNNING)
      .update({ status, error: status === 'TIMED_OUT' ? Messages.sectionTimedOut : null, updated_at: trx.fn.now() });
    return true;
  });
  if (!ended) return false;
  for (const section of await sectionsOf(db, jobId)) {
    if (section.status !== 'COMPLETED') await refundSection(db, jobId, section.section_id);
  }
  return true;
}

/**
 * Ends a running job past its deadline (spec 2 §9: 30 minutes) as TIMED_OUT, its unfinished
 * sections refunded, and cancels its workflow. Answers whether this call ended it.
 */
export async function timeOut(db: Db, job: JobRow, cancel: (workflowId: string) => Promise<void>, logger: Logger): Promise<boolean> {
  if (!(await endJob(db, job.id, 'TIMED_OUT'))) return false;
  logger.warn({ jobId: job.id }, 'video job timed out');
  await cancel(workflowIdOf(job)).catch((error: unknown) =>
    logger.warn({ err: error, jobId: job.id }, 'cancelling a timed-out job failed'),
  );
  return true;
}

/** Running jobs past their deadline (spec 2 §9: 30 minutes). */
export async function overdueJobs(db: Db): Promise<JobRow[]> {
  return db('generated_videos').where({ status: 'IN_PROGRESS' }).where('deadline_at', '<', db.fn.now()).select<JobRow[]>('*');
}

/**
 * Prepares the next run of a finished job: only its sections that did not complete run again,
 * each charged anew (and refundable anew); the finished ones are reused. Refused while the user
 * has a job running, or when every section completed.
 */
export async function prepareRetry(db: Db, userId: string, jobId: string): Promise<JobRow> {
  return db.transaction(async (trx) => {
    await getOwnJob(trx, userId, jobId);
    const job = await trx('generated_videos').where({ id: jobId }).forUpdate().first<JobRow>();
    if (!isJobFinished(job.status)) throw new AppError(409, 'conflict', Messages.jobStillRunning);
    const again = (await sectionsOf(trx, jobId)).filter((s) => s.status !== 'COMPLETED');
    if (again.length === 0) throw new AppError(409, 'conflict', Messages.jobNothingToRetry);
    const run = job.run + 1;
    const [updated] = await trx('generated_videos')
      .where({ id: jobId })
      .update({
        status: 'IN_PROGRESS',
        run,
        error: null,
        finished_at: null,
        asset_id: null,
        final_key: null,
        poster_key: null,
        deadline_at: deadline(),
        updated_at: trx.fn.now(),
      })
      .returning<JobRow[]>('*')
      .catch(inProgress);
    const credits = await reserveSections(
      trx,
      { id: jobId, userId, run },
      again.map((s) => ({ id: s.section_id, name: s.name })),
    );
    for (const s of again) {
      await trx('video_sections')
        .where({ job_id: jobId, section_id: s.section_id })
        .update({
          status: 'PENDING',
          step: null,
          error: null,
          video_key: null,
          refunded: false,
          credits,
          charge_key: chargeKeyOf(jobId, s.section_id, run),
          updated_at: trx.fn.now(),
        });
    }
    return updated!;
  });
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
    outputUrl: s.status === 'COMPLETED' && s.video_key ? `${JOB_MEDIA_PREFIX}/${job.id}/${s.section_id}.mp4` : null,
    captionsUrl: s.status === 'COMPLETED' && s.video_key ? `${JOB_MEDIA_PREFIX}/${job.id}/${s.section_id}.vtt` : null,
    error: s.status === 'TIMED_OUT' ? (s.error ?? Messages.sectionTimedOut) : s.error,
    refunded: s.refunded,
    credits: s.credits,
  };
}

/** spec 2 §3 "Job and results": the job as the editors show it. */
export function jobView(job: JobRow, rows: SectionRow[]): JobView {
  const sections = rows.map((s) => sectionView(job, s));
  const finished = isJobFinished(job.status);
  const average = sections.length ? sections.reduce((n, s) => n + s.progress, 0) / sections.length : 0;
  const failedAt = (steps: string[]) =>
    rows
      .filter((s) => (s.status === 'FAILED' || s.status === 'TIMED_OUT') && steps.includes(s.step ?? ''))
      .map((s) => ({ section: s.section_id, error: s.error ?? Messages.failedToGenerateVideo }));
  const completed = rows.filter((s) => s.status === 'COMPLETED' && s.video_key);
  const finalVideos: FinalVideo[] = completed.map((s) => {
    const url = `${JOB_MEDIA_PREFIX}/${job.id}/${s.section_id}.mp4`;
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
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    // The last 5% is joining and storing the video.
    progress: finished ? 100 : Math.min(95, Math.round(average * 0.95)),
    error: job.error,
    model: job.model,
    aspectRatio: job.aspect_ratio,
    createdAt: job.created_at.toISOString(),
    finishedAt: job.finished_at?.toISOString() ?? null,
    sections,
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
        }
      : null,
    creditsCharged: rows.reduce((n, s) => n + s.credits, 0),
    creditsRefunded: rows.reduce((n, s) => n + (s.refunded ? s.credits : 0), 0),
  };
}

export const newJobId = () => randomUUID();

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
