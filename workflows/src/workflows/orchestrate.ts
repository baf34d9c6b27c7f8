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
 * At most `limit` pieces of work at once, started in the order they were asked for (the next as
 * soon as one ends). Like `pool`, its order follows the order steps finish in: deterministic.
 */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <R>(work: () => Promise<R>): Promise<R> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      // The slot passes to the first waiting, or is given back.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** How an engine runs a job's sections. */
export interface RunOptions {
  /**
   * Runs one section's steps (`renderSectionSteps`) elsewhere — on DBOS, as a workflow of its own on the
   * render queue, so that any worker renders it and a user's sections are bounded by their partition —
   * and answers its outcome. Absent: the steps run inside the job, `parallelism` at a time.
   */
  renderSection?: (section: SectionSpec) => Promise<SectionOutcome>;
}

/**
 * The multi-section video job (spec 2 §3, §4): per section, speech (when it speaks and has no
 * approved audio), image → video, lip-sync when there is audio (or, for a product section, its
 * shot with the speech over it), captions when asked; a failed
 * section does not stop the others and is refunded once; the finished sections are joined in
 * order (finished as an ad, in each of its formats, when the job is one), stored, and the job ends
 * COMPLETED, PARTIAL_SUCCESS or FAILED. Sections whose clip exists (`reuse`: an earlier run's, or
 * the user's clip of the same inputs) are not rendered again. With hook variants, every section is
 * rendered once and each variant is a video of its own (`runVariants`). Deterministic: no clock, no
 * randomness, no I/O but through `acts`, so a durable engine can replay it.
 */
export async function runVideoJob(spec: JobSpec, acts: VideoActivities, options: RunOptions = {}): Promise<JobOutcome> {
  const renderSection = sectionRenderer(spec, acts, options.renderSection);
  const parallelism = Math.max(1, spec.parallelism ?? DEFAULT_PARALLELISM);
  // Queued sections are bounded by their queue (per worker, per user): all are handed over at once.
  const sectionsAtOnce = options.renderSection ? Math.max(1, spec.sections.length) : parallelism;
  if (spec.variants) return runVariants(spec, spec.variants, renderSection, parallelism, acts, Boolean(options.renderSection));
  const sections = await pool(spec.sections, sectionsAtOnce, renderSection);
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
 * One section as one piece of work: a reused clip as it is, else its steps (run here, or by `render`);
 * each end is told (`progress`).
 */
function sectionRenderer(
  spec: JobSpec,
  acts: VideoActivities,
  render: (section: SectionSpec) => Promise<SectionOutcome> = (section) => renderSectionSteps(spec, section, acts),
) {
  const total = spec.sections.length;
  let done = 0;
  return async (section: SectionSpec): Promise<SectionOutcome> => {
    const reused = spec.reuse?.[section.id];
    if (reused)
      return { id: section.id, name: section.name, status: 'COMPLETED', video: reused, failedAt: null, error: null, refunded: false };
    const outcome = await render(section);
    done += 1;
    await acts.progress(spec.jobId, { sectionId: section.id, step: outcome.status, done, total, outcome });
    return outcome;
  };
}

/**
 * One section's steps (speech, image → video, lip-sync or the product shot, captions): a failed
 * step refunds the section once. The same steps whether the job runs them or a render worker does.
 */
export async function renderSectionSteps(
  spec: Pick<JobSpec, 'jobId' | 'userId'>,
  section: SectionSpec,
  acts: VideoActivities,
): Promise<SectionOutcome> {
  const outcome: SectionOutcome = {
    id: section.id,
    name: section.name,
    status: 'COMPLETED',
    video: null,
    failedAt: null,
    error: null,
    refunded: false,
  };
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
  return outcome;
}

/**
 * A job with hook variants (issue 40 §2): every section is rendered once, whichever variants play
 * it — those most variants share first — and each variant is joined (finished as an ad, in each of
 * its formats, when the job is one) from its own sections in its own order as soon as they are done,
 * sharing the job's `parallelism` with the sections still rendering. A failed section fails only the
 * variants that play it (it was refunded once, when it failed); the job is COMPLETED when every
 * variant is made, PARTIAL_SUCCESS when some are, FAILED when none is. A variant made by an earlier
 * run is kept as it is. What the further formats cost is given back, once, for the sections no
 * variant could be finished with.
 */
async function runVariants(
  spec: JobSpec,
  variants: readonly VariantSpec[],
  renderSection: (section: SectionSpec) => Promise<SectionOutcome>,
  parallelism: number,
  acts: VideoActivities,
  queued: boolean,
): Promise<JobOutcome> {
  const slot = limiter(parallelism);
  const sharedBy = (id: string) => variants.filter((v) => !v.done && v.sections.includes(id)).length;
  const order = spec.sections.map((section, index) => ({ section, index, shared: sharedBy(section.id) }));
  order.sort((a, b) => b.shared - a.shared || a.index - b.index);
  // Queued sections are bounded by their queue: only the finishing shares the job's slots.
  const rendering = new Map(order.map(({ section }) => [section.id, queued ? renderSection(section) : slot(() => renderSection(section))]));

  const inFormats = new Set<string>();
  const notInFormats = new Set<string>();
  const finishVariant = async (variant: VariantSpec): Promise<VariantOutcome> => {
    const made = (final: FinalVideo): VariantOutcome => ({ id: variant.id, label: variant.label, status: 'COMPLETED', final, error: null });
    if (variant.done) {
      if (variant.done.formats?.length) for (const id of variant.sections) inFormats.add(id);
      return made(variant.done);
    }
    // Every section a variant plays is one of the job's (the start checks it).
    const own = await Promise.all(variant.sections.map((id) => rendering.get(id)!));
    const failed = own.find((s) => s.status !== 'COMPLETED' || !s.video);
    if (failed) return { id: variant.id, label: variant.label, status: 'FAILED', final: null, error: failed.error };
    return slot(async () => {
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
        own.map((s) => s.video!),
        variant.id,
      );
      const assetId = await acts.store(spec.jobId, spec.userId, joined.video, joined.poster, variant.id);
      return made({ video: joined.video, poster: joined.poster, assetId });
    });
  };
  const outcomes = await Promise.all(variants.map(finishVariant));
  const sections = await Promise.all(spec.sections.map((s) => rendering.get(s.id)!));
  const unformatted = [...notInFormats].filter((id) => !inFormats.has(id));
  if (unformatted.length > 0) await acts.refundFormats(spec.jobId, spec.userId, unformatted);
  const made = outcomes.filter((v) => v.status === 'COMPLETED');
  const status = made.length === 0 ? 'FAILED' : made.length === outcomes.length ? 'COMPLETED' : 'PARTIAL_SUCCESS';
  const outcome: JobOutcome = { status, sections, final: made[0]?.final ?? null, variants: outcomes };
  await acts.finish(spec.jobId, outcome);
  return outcome;
}
