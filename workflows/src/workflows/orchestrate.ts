import { StepError, type JobOutcome, type JobSpec, type SectionOutcome, type SectionSpec, type VideoActivities } from './job.ts';

const DEFAULT_PARALLELISM = 2;

/**
 * Runs `work` over `items`, at most `limit` at a time (the next starts as soon as one ends), and
 * answers in the items' order. Which item starts when follows the order steps finish in, which a
 * durable engine replays from its history, so it stays deterministic.
 */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The multi-section video job (spec 2 §3, §4): per section, speech (when it speaks and has no
 * approved audio), image → video, lip-sync when there is audio (or, for a product section, its
 * shot with the speech over it), captions when asked; a failed
 * section does not stop the others and is refunded once; the finished sections are joined in
 * order (finished as an ad, in each of its formats, when the job is one), stored, and the job ends
 * COMPLETED, PARTIAL_SUCCESS or FAILED. Sections rendered by an
 * earlier run (`reuse`) are not rendered again. Deterministic: no clock, no randomness, no I/O but
 * through `acts`, so a durable engine can replay it.
 */
export async function runVideoJob(spec: JobSpec, acts: VideoActivities): Promise<JobOutcome> {
  const total = spec.sections.length;
  let done = 0;

  const renderSection = async (section: SectionSpec): Promise<SectionOutcome> => {
    const reused = spec.reuse?.[section.id];
    const outcome: SectionOutcome = {
      id: section.id,
      name: section.name,
      status: 'COMPLETED',
      video: reused ?? null,
      failedAt: null,
      error: null,
      refunded: false,
    };
    if (reused) return outcome;
    let step: NonNullable<SectionOutcome['failedAt']> = 'audio';
    try {
      const audio = section.audio ?? (section.script ? await acts.speak(spec.jobId, section) : null);
      step = 'video';
      let video: string;
      if (section.kind === 'product') video = await acts.productShot(spec.jobId, section, audio);
      else {
        video = await acts.animate(spec.jobId, section);
        if (audio) {
          step = 'lipsync';
          video = await acts.lipSync(spec.jobId, section, video, audio);
        }
      }
      if (section.captions && section.script) {
        step = 'captions';
        video = await acts.caption(spec.jobId, section, video);
      }
      outcome.video = video;
    } catch (error) {
      outcome.status = error instanceof StepError && error.kind === 'timeout' ? 'TIMED_OUT' : 'FAILED';
      outcome.failedAt = step;
      outcome.error = error instanceof Error ? error.message : String(error);
      await acts.refund(spec.jobId, spec.userId, section.id);
      outcome.refunded = true;
    }
    done += 1;
    await acts.progress(spec.jobId, { sectionId: section.id, step: outcome.status, done, total, outcome });
    return outcome;
  };

  const sections = await pool(spec.sections, Math.max(1, spec.parallelism ?? DEFAULT_PARALLELISM), renderSection);
  const finished = sections.filter((s) => s.status === 'COMPLETED' && s.video);
  let outcome: JobOutcome = { status: 'FAILED', sections, final: null };
  if (finished.length > 0) {
    const status = finished.length === sections.length ? 'COMPLETED' : 'PARTIAL_SUCCESS';
    let final: JobOutcome['final'] = null;
    if (spec.ad) {
      try {
        const formats = await acts.finishAd(
          spec.jobId,
          spec.userId,
          finished.map((s) => s.id),
        );
        final = { video: formats[0]!.video, poster: formats[0]!.poster, assetId: formats[0]!.assetId, formats };
      } catch {
        // The ad could not be finished: its sections, joined, are still the user's video, and what
        // its further formats cost is given back.
        await acts.refundFormats(spec.jobId, spec.userId);
      }
    }
    if (!final) {
      const joined = await acts.concat(
        spec.jobId,
        finished.map((s) => s.video!),
      );
      const assetId = await acts.store(spec.jobId, spec.userId, joined.video, joined.poster);
      final = { video: joined.video, poster: joined.poster, assetId };
    }
    outcome = { status, sections, final };
  }
  await acts.finish(spec.jobId, outcome);
  return outcome;
}
