import { randomUUID } from 'node:crypto';
import {
  Messages,
  type AdFormat,
  type CaptionStyleId,
  type JobStatusName,
  type ProductShotMotion,
  type SectionStatusName,
  type SectionVoice,
  type WordTiming,
} from '@studio/contracts';
import type { JobOutcome, SectionOutcome } from '@studio/workflows';
import type { Db, Queryable } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import { jobsTotal } from '../../metrics.ts';
import { assertRowId } from '../ids.ts';

/**
 * The video jobs' store (DESIGN decision 6): a `generated_videos` row per job and a `video_sections` row
 * per section hold everything `GET /api/job-status/{jobId}` shows; the durable engine's activities write here.
 */
export interface JobSettings {
  voiceId: string;
  stability: number;
  similarityBoost: number;
  speed: number;
  /** An animation's prompt. */
  prompt?: string;
  /** The voices of sections that chose their own (spec 2 §2), by section id; the others speak in the job's. */
  sectionVoices?: Record<string, SectionVoice>;
  /** The finished ad's options; absent for a job that joins its sections only. */
  ad?: AdSettings;
  /** The product sections' shots (the section's image is the product's photo), by section id. */
  productShots?: Record<string, { scene: string; motion: ProductShotMotion }>;
  /** Talking sections' product cards: the photo (a job input) and the word of the script that brings the card in. */
  productCards?: Record<string, { imageKey: string; atWord: string }>;
}

export interface AdSettings {
  formats: AdFormat[];
  captionStyle: CaptionStyleId;
  tightCuts: boolean;
  /** Close with the brand kit's end card. */
  endCard?: boolean;
  /** Music under the ad: a library bed, or the user's upload copied with the job's inputs. */
  music?: { volume: number } & ({ trackId: string } | { key: string });
}

/** One rendered format of a finished ad (`generated_videos.ad_formats`). */
export interface StoredAdFormat {
  aspectRatio: AdFormat;
  width: number;
  height: number;
  videoKey: string;
  posterKey: string;
  durationS: number;
  assetId: string;
  /** The spoken words on the ad's timeline (its captions), when it has any. */
  words: WordTiming[];
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
  ad_formats: StoredAdFormat[] | null;
  /** Where the finishing of the ad stands while it runs. */
  ad_finishing: { format: string | null; done: number; total: number } | null;
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
  /** What to know of how it was made (a hosted product shot made locally, and why). */
  note: string | null;
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

export async function getJob(db: Queryable, jobId: string): Promise<JobRow | null> {
  assertRowId(jobId, 'jobId');
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
  assertRowId(jobId, 'jobId');
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

export const RUNNING: SectionStatusName[] = ['PENDING', 'RUNNING'];

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

/** Where a section clip's poster frame is kept: beside the clip, so a reused clip keeps its poster. */
export const sectionPosterKey = (videoKey: string) => `${videoKey.replace(/\.mp4$/, '')}.poster.jpg`;

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

/** The job ended as the orchestration says (a job already cancelled or timed out keeps its status). */
export async function finishJob(db: Queryable, jobId: string, outcome: JobOutcome): Promise<void> {
  const failed = outcome.sections.find((s) => s.status !== 'COMPLETED');
  const [ended] = await db('generated_videos')
    .where({ id: jobId, status: 'IN_PROGRESS' })
    .update({
      status: outcome.status,
      error: outcome.status === 'FAILED' ? (failed?.error ?? Messages.failedToGenerateVideo) : null,
      finished_at: db.fn.now(),
      updated_at: db.fn.now(),
    })
    .returning<Pick<JobRow, 'kind' | 'engine'>[]>(['kind', 'engine']);
  if (ended) countJob(ended, outcome.status);
}

/** A job started, retried or ended, in `studio_jobs_total` (an end is counted by the one call that recorded it). */
export const countJob = (job: Pick<JobRow, 'kind' | 'engine'>, event: 'started' | 'retried' | JobStatusName) =>
  jobsTotal.inc({ kind: job.kind, engine: job.engine, event: event.toLowerCase() });

/** Running jobs past their deadline (spec 2 §9: 30 minutes). */
export async function overdueJobs(db: Db): Promise<JobRow[]> {
  return db('generated_videos').where({ status: 'IN_PROGRESS' }).where('deadline_at', '<', db.fn.now()).select<JobRow[]>('*');
}

export const newJobId = () => randomUUID();
