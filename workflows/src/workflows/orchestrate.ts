import {
  StepError,
  type FinalVideo,
  type JobOutcome,
  type JobSpec,
  type SectionOutcome,
  type SectionSpec,
  type VariantOutcome,
  type VariantSpec,
  type VideoActivities,
} from './job.ts';

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
 * COMPLETED, PARTIAL_SUCCESS or FAILED. Sections whose clip exists (`reuse`: an earlier run's, or
 * the user's clip of the same inputs) are not rendered again. With hook variants, every section is
 * rendered once and each variant is a video of its own (see `finishVariants`). Deterministic: no clock, no randomness, no I/O but
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
  if (spec.variants) return finishVariants(spec, spec.variants, sections, acts);
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

/**
 * A job with hook variants (issue 40 §2): the sections were rendered once, whichever variants play
 * them; each variant is then joined (finished as an ad, in each of its formats, when the job is one)
 * from its own sections in its own order. A failed section fails only the variants that play it (it
 * was refunded once, when it failed); the job is COMPLETED when every variant is made, PARTIAL_SUCCESS
 * when some are, FAILED when none is. A variant made by an earlier run is kept as it is. What the
 * further formats cost is given back, once, for the sections no variant could be finished with.
 */
async function finishVariants(
  spec: JobSpec,
  variants: readonly VariantSpec[],
  sections: SectionOutcome[],
  acts: VideoActivities,
): Promise<JobOutcome> {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const inFormats = new Set<string>();
  const notInFormats = new Set<string>();
  const finishVariant = async (variant: VariantSpec): Promise<VariantOutcome> => {
    const made = (final: FinalVideo): VariantOutcome => ({ id: variant.id, label: variant.label, status: 'COMPLETED', final, error: null });
    if (variant.done) {
      if (variant.done.formats?.length) for (const id of variant.sections) inFormats.add(id);
      return made(variant.done);
    }
    const own = variant.sections.map((id) => byId.get(id));
    const failed = own.find((s) => !s || s.status !== 'COMPLETED' || !s.video);
    if (failed) return { id: variant.id, label: variant.label, status: 'FAILED', final: null, error: failed?.error ?? null };
    if (spec.ad) {
      try {
        const formats = await acts.finishAd(spec.jobId, spec.userId, variant.sections, variant.id);
        for (const id of variant.sections) inFormats.add(id);
        return made({ video: formats[0]!.video, poster: formats[0]!.poster, assetId: formats[0]!.assetId, formats });
      } catch {
        // Its ad could not be finished: its sections, joined, are still its video.
        for (const id of variant.sections) notInFormats.add(id);
      }
    }
    const joined = await acts.concat(
      spec.jobId,
      own.map((s) => s!.video!),
      variant.id,
    );
    const assetId = await acts.store(spec.jobId, spec.userId, joined.video, joined.poster, variant.id);
    return made({ video: joined.video, poster: joined.poster, assetId });
  };
  const outcomes = await pool(variants, Math.max(1, spec.parallelism ?? DEFAULT_PARALLELISM), finishVariant);
  const unformatted = [...notInFormats].filter((id) => !inFormats.has(id));
  if (unformatted.length > 0) await acts.refundFormats(spec.jobId, spec.userId, unformatted);
  const made = outcomes.filter((v) => v.status === 'COMPLETED');
  const status = made.length === 0 ? 'FAILED' : made.length === outcomes.length ? 'COMPLETED' : 'PARTIAL_SUCCESS';
  const outcome: JobOutcome = { status, sections, final: made[0]?.final ?? null, variants: outcomes };
  await acts.finish(spec.jobId, outcome);
  return outcome;
}
