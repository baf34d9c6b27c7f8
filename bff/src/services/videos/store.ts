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
import type { AdFormatOutcome, FinalVideo, JobOutcome, SectionOutcome } from '@studio/workflows';
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
  /** The hash of what its clip is made from, with its owner (`render-key.ts`). */
  render_key: string | null;
  /** `<job>/<section>` whose clip it reused (rendered and charged nothing). */
  reused_from: string | null;
}

/** One video of a job with hook variants (`video_variants`). */
export interface VariantRow {
  job_id: string;
  variant_id: string;
  position: number;
  label: string;
  /** Its sections' ids, in the order it plays them. */
  section_ids: string[];
  final_key: string | null;
  poster_key: string | null;
  duration: number | null;
  asset_id: string | null;
  ad_formats: StoredAdFormat[] | null;
  ad_finishing: JobRow['ad_finishing'];
}

/** A section clip another section may reuse: where it is and what is known of it. */
export type ReusableClip = Pick<
  SectionRow,
  'job_id' | 'section_id' | 'image_key' | 'audio_key' | 'video_key' | 'video_duration' | 'has_audio' | 'note' | 'target_duration'
>;

export interface NewSection {
  id: string;
  name: string;
  imageKey: string;
  audioKey: string | null;
  script: string | null;
  videoPrompt: string;
  captions: boolean;
  targetDuration: number;
  renderKey: string | null;
  /** A clip of the user's made from the same inputs: the section is that clip, rendered and charged nothing. */
  reusedFrom?: ReusableClip;
}

export interface NewVariant {
  id: string;
  label: string;
  sections: string[];
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
  /** Hook variants: one video each from these sections. */
  variants?: NewVariant[];
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
): Promise<{ job: JobRow; sections: SectionRow[]; variants: VariantRow[] }> {
  assertRowId(jobId, 'jobId');
  const row = await db('generated_videos as gv')
    .where({ 'gv.id': jobId, 'gv.user_id': userId })
    .first<(JobRow & { sections: SectionRow[] | null; variants: VariantRow[] | null }) | undefined>(
      'gv.*',
      db.raw(`(SELECT json_agg(vs ORDER BY vs.position) FROM video_sections vs WHERE vs.job_id = gv.id) AS sections`),
      db.raw(`(SELECT json_agg(vv ORDER BY vv.position) FROM video_variants vv WHERE vv.job_id = gv.id) AS variants`),
    );
  if (!row) throw notFound(Messages.jobNotFound);
  const { sections, variants, ...job } = row;
  return { job: job, sections: sections ?? [], variants: variants ?? [] };
}

export const sectionsOf = (db: Queryable, jobId: string) =>
  db('video_sections').where({ job_id: jobId }).orderBy('position').select<SectionRow[]>('*');

export const variantsOf = (db: Queryable, jobId: string) =>
  db('video_variants').where({ job_id: jobId }).orderBy('position').select<VariantRow[]>('*');

export const getVariant = async (db: Queryable, jobId: string, variantId: string): Promise<VariantRow | null> =>
  (await db('video_variants').where({ job_id: jobId, variant_id: variantId }).first<VariantRow | undefined>()) ?? null;

/** A finished ad's format as the orchestration passes it on. */
export const adFormatOutcome = (f: StoredAdFormat): AdFormatOutcome => ({
  aspectRatio: f.aspectRatio,
  video: f.videoKey,
  poster: f.posterKey,
  assetId: f.assetId,
});

/** A variant made by an earlier run of its job, as the orchestration keeps it; null while it is not made. */
export function variantFinal(row: VariantRow): FinalVideo | null {
  if (!row.asset_id || !row.final_key || !row.poster_key) return null;
  return {
    video: row.final_key,
    poster: row.poster_key,
    assetId: row.asset_id,
    ...(row.ad_formats && { formats: row.ad_formats.map(adFormatOutcome) }),
  };
}

const REUSABLE_COLUMNS = [
  'vs.job_id',
  'vs.section_id',
  'vs.image_key',
  'vs.audio_key',
  'vs.video_key',
  'vs.video_duration',
  'vs.has_audio',
  'vs.note',
  'vs.target_duration',
  'vs.render_key',
];

/**
 * The user's finished section clips by render key, the newest first for each key: what a new
 * section with the same key may reuse. Only the user's own jobs are read (a key names its owner too).
 */
export async function clipsByKey(db: Queryable, userId: string, keys: string[]): Promise<Map<string, ReusableClip[]>> {
  const found = new Map<string, ReusableClip[]>();
  if (keys.length === 0) return found;
  const rows = await db('video_sections as vs')
    .join('generated_videos as gv', 'gv.id', 'vs.job_id')
    .where('gv.user_id', userId)
    .whereIn('vs.render_key', [...new Set(keys)])
    .where('vs.status', 'COMPLETED')
    .whereNotNull('vs.video_key')
    .orderBy('vs.updated_at', 'desc')
    .select<(ReusableClip & { render_key: string })[]>(REUSABLE_COLUMNS);
  for (const { render_key: key, ...clip } of rows) found.set(key, [...(found.get(key) ?? []), clip]);
  return found;
}

/** The finished clip of one of the user's sections, with its render key; null when there is none. */
export async function ownClip(
  db: Queryable,
  userId: string,
  jobId: string,
  sectionId: string,
): Promise<(ReusableClip & { render_key: string | null }) | null> {
  const row = await db('video_sections as vs')
    .join('generated_videos as gv', 'gv.id', 'vs.job_id')
    .where({ 'gv.user_id': userId, 'vs.job_id': jobId, 'vs.section_id': sectionId, 'vs.status': 'COMPLETED' })
    .whereNotNull('vs.video_key')
    .first<(ReusableClip & { render_key: string | null }) | undefined>(REUSABLE_COLUMNS);
  return row ?? null;
}

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

/**
 * The job ended as the orchestration says (a job already cancelled or timed out keeps its status).
 * With hook variants, the first variant made is also the job's own video.
 */
export async function finishJob(db: Queryable, jobId: string, outcome: JobOutcome): Promise<void> {
  const failed = outcome.sections.find((s) => s.status !== 'COMPLETED');
  const main = outcome.variants?.find((v) => v.status === 'COMPLETED');
  const video = main ? await getVariant(db, jobId, main.id) : null;
  const [ended] = await db('generated_videos')
    .where({ id: jobId, status: 'IN_PROGRESS' })
    .update({
      ...(video && {
        asset_id: video.asset_id,
        final_key: video.final_key,
        poster_key: video.poster_key,
        duration: video.duration,
        ad_formats: video.ad_formats && JSON.stringify(video.ad_formats),
      }),
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
