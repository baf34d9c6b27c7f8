/**
 * What happens to a video job outside its orchestration: start, end, time-out and retry. Credits: each section's run is
 * one debit (reserved at start), and its refund is keyed by that debit and flagged on the row in
 * the same transaction, so a section is given back at most once whatever runs it twice.
 */
import { EXTRA_FORMAT_CREDITS_PER_SECTION, isJobFinished, JOB_TIMEOUT_MS, Messages, videoCreditsNeeded } from '@studio/contracts';
import type { JobSpec } from '@studio/workflows';
import type { Db, Queryable } from '../../db/index.ts';
import type { Logger } from '../../logger.ts';
import { AppError, DbErrorCodes, insufficientCredits, isDbError } from '../../errors.ts';
import { refundKeyFor } from '../credits/charged-task.ts';
import { debitCredits, grantCredits } from '../credits/ledger.ts';
import { quoteTask } from '../credits/quotes.ts';
import {
  countJob,
  getOwnJob,
  RUNNING,
  sectionsOf,
  variantFinal,
  variantsOf,
  workflowIdOf,
  type JobRow,
  type JobSettings,
  type NewJob,
  type NewSection,
  type SectionRow,
} from './store.ts';

const SECTION_TASK = 'video_section';
const chargeKeyOf = (jobId: string, sectionId: string, run: number) => `video:${jobId}:${sectionId}:${run}`;
const deadline = () => new Date(Date.now() + JOB_TIMEOUT_MS);

/** A second start while one runs: the partial unique index says so, even for two at once. */
function inProgress(error: unknown): never {
  if (isDbError(error, DbErrorCodes.uniqueViolation) && error.constraint === 'generated_videos_one_running')
    throw new AppError(429, 'rate_limited', Messages.videoInProgress);
  throw error;
}

/**
 * Reserves one debit per section to render (2 credits each, spec 2 §9, and 1 for each further format
 * of a finished ad), all or none, in `trx`; a section that reuses a clip of the user's is written to
 * the ledger as 0 credits, naming the clip. Answers a rendered section's credits.
 */
async function reserveSections(
  trx: Queryable,
  job: { id: string; userId: string; run: number; extraFormats: number },
  sections: { id: string; name: string }[],
  reused: { id: string; name: string; from: { job_id: string; section_id: string } }[] = [],
) {
  const quote = await quoteTask(trx, SECTION_TASK, null, 1);
  const credits = quote.credits + job.extraFormats * EXTRA_FORMAT_CREDITS_PER_SECTION;
  const total = credits * sections.length;
  for (const section of reused) {
    await debitCredits(trx, {
      userId: job.userId,
      credits: 0,
      description: `Video section reused: ${section.name}`,
      taskType: SECTION_TASK,
      taskMetadata: {
        job_id: job.id,
        section_id: section.id,
        run: job.run,
        reused_from: { job_id: section.from.job_id, section_id: section.from.section_id },
      },
      idempotencyKey: chargeKeyOf(job.id, section.id, job.run),
    });
  }
  try {
    for (const section of sections) {
      await debitCredits(trx, {
        userId: job.userId,
        credits,
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
  return credits;
}

/** Formats of a finished ad beyond the first (each costs EXTRA_FORMAT_CREDITS_PER_SECTION a section). */
const extraFormatsOf = (settings: JobSettings) => Math.max(0, (settings.ad?.formats.length ?? 1) - 1);

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
    const reused = job.sections.filter((s): s is NewSection & Required<Pick<NewSection, 'reusedFrom'>> => Boolean(s.reusedFrom));
    const credits = await reserveSections(
      trx,
      { id: job.id, userId: job.userId, run: 1, extraFormats: extraFormatsOf(job.settings) },
      job.sections.filter((s) => !s.reusedFrom),
      reused.map((s) => ({ id: s.id, name: s.name, from: s.reusedFrom })),
    );
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
        render_key: s.renderKey,
        // A reused section is its clip already: finished, free, never refunded.
        ...(s.reusedFrom && {
          status: 'COMPLETED',
          credits: 0,
          video_key: s.reusedFrom.video_key,
          video_duration: s.reusedFrom.video_duration,
          has_audio: s.reusedFrom.has_audio,
          note: s.reusedFrom.note,
          reused_from: `${s.reusedFrom.job_id}/${s.reusedFrom.section_id}`,
        }),
      })),
    );
    if (job.variants?.length)
      await trx('video_variants').insert(
        job.variants.map((v, position) => ({
          job_id: job.id,
          variant_id: v.id,
          position,
          label: v.label,
          section_ids: JSON.stringify(v.sections),
        })),
      );
  });
  countJob(job, 'started');
}

/** The orchestration's input for the job's current run: sections finished by an earlier run are reused. */
export async function jobSpecOf(db: Queryable, job: JobRow): Promise<JobSpec> {
  const [sections, variants] = await Promise.all([sectionsOf(db, job.id), variantsOf(db, job.id)]);
  const reuse: Record<string, string> = {};
  for (const s of sections) if (s.status === 'COMPLETED' && s.video_key) reuse[s.section_id] = s.video_key;
  return {
    ...(variants.length > 0 && {
      variants: variants.map((v) => {
        const done = variantFinal(v);
        return { id: v.variant_id, label: v.label, sections: v.section_ids, ...(done && { done }) };
      }),
    }),
    jobId: job.id,
    userId: job.user_id,
    sections: sections.map((s) => ({
      id: s.section_id,
      name: s.name,
      image: s.image_key,
      script: s.script,
      audio: s.audio_key,
      videoPrompt: s.video_prompt,
      // A finished ad captions its whole timeline at once (its sections' `captions` choose which are captioned), not section by section.
      captions: s.captions && !job.settings.ad,
      kind: job.settings.productShots?.[s.section_id] ? 'product' : 'talking',
    })),
    reuse,
    ad: Boolean(job.settings.ad),
  };
}

/**
 * Gives back what a finished ad's further formats cost for its completed sections (those named, when
 * named: with hook variants, the sections no variant could be finished with), when the ad could not
 * be finished (the sections, joined, are still delivered). Keyed by each section's debit, so a
 * section's formats are given back once, whatever runs this again (a retry included).
 */
export async function refundFormats(db: Db, jobId: string, sectionIds?: string[]): Promise<void> {
  await db.transaction(async (trx) => {
    const job = await trx('generated_videos').where({ id: jobId }).first<JobRow>();
    const extra = job ? extraFormatsOf(job.settings) : 0;
    if (!job || extra === 0) return;
    const completed = (await sectionsOf(trx, jobId)).filter(
      (s) => s.status === 'COMPLETED' && s.credits > 0 && (!sectionIds || sectionIds.includes(s.section_id)),
    );
    for (const section of completed) {
      await grantCredits(trx, {
        userId: job.user_id,
        type: 'TASK_REFUND',
        credits: extra * EXTRA_FORMAT_CREDITS_PER_SECTION,
        description: `Refund: video formats not made for ${section.name}`,
        taskType: SECTION_TASK,
        taskMetadata: { job_id: jobId, section_id: section.section_id, formats: job.settings.ad?.formats.slice(1) },
        idempotencyKey: refundKeyFor(`${section.charge_key}:formats`),
      });
    }
  });
}

/** Gives back a section's credits of its current run, once: the row's flag and the ledger key both say so. */
export async function refundSection(db: Queryable, jobId: string, sectionId: string): Promise<boolean> {
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
    const [updated] = await trx('generated_videos')
      .where({ id: jobId, status: 'IN_PROGRESS' })
      .update({ status, error: ENDED_BY[status], finished_at: trx.fn.now(), updated_at: trx.fn.now() })
      .returning<Pick<JobRow, 'kind' | 'engine'>[]>(['kind', 'engine']);
    if (!updated) return null;
    await trx('video_sections')
      .where({ job_id: jobId })
      .whereIn('status', RUNNING)
      .update({ status, error: status === 'TIMED_OUT' ? Messages.sectionTimedOut : null, updated_at: trx.fn.now() });
    // In the same transaction: whoever reads the ended job (its event stream, at the first notice)
    // reads its refunds too.
    for (const section of await sectionsOf(trx, jobId)) {
      if (section.status !== 'COMPLETED') await refundSection(trx, jobId, section.section_id);
    }
    return updated;
  });
  if (!ended) return false;
  countJob(ended, status);
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

/**
 * Prepares the next run of a finished job: only its sections that did not complete run again,
 * each charged anew (and refundable anew); the finished ones are reused. Refused while the user
 * has a job running, or when every section completed.
 */
export async function prepareRetry(db: Db, userId: string, jobId: string, options: { free?: boolean } = {}): Promise<JobRow> {
  const retried = await db.transaction(async (trx) => {
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
        ad_formats: null,
        ad_finishing: null,
        final_key: null,
        poster_key: null,
        deadline_at: deadline(),
        updated_at: trx.fn.now(),
      })
      .returning<JobRow[]>('*')
      .catch(inProgress);
    // Support's retry costs the user nothing: no charge, so nothing to refund if it fails again.
    const credits = options.free
      ? 0
      : await reserveSections(
          trx,
          { id: jobId, userId, run, extraFormats: extraFormatsOf(job.settings) },
          again.map((s) => ({ id: s.section_id, name: s.name })),
        );
    // Variants already made are kept; the others are finished again from their sections.
    await trx('video_variants')
      .where({ job_id: jobId })
      .whereNull('asset_id')
      .update({ final_key: null, poster_key: null, duration: null, ad_formats: null, ad_finishing: null, updated_at: trx.fn.now() });
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
  countJob(retried, 'retried');
  return retried;
}
