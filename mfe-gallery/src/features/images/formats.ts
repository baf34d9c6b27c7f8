import { AD_FORMATS, type UserAsset } from '@studio/contracts';

const rank = (a: UserAsset) => {
  const i = AD_FORMATS.indexOf(a.metadata.aspectRatio as (typeof AD_FORMATS)[number]);
  return i < 0 ? AD_FORMATS.length : i;
};
/** Which hook variant of its job an asset is ('' for a job without variants). */
const variantOf = (a: UserAsset) => a.metadata.variant?.id ?? '';
/** An asset's place in its run of a job: its variant and its format. */
const slotOf = (a: UserAsset) => `${variantOf(a)}|${a.metadata.aspectRatio}`;

/**
 * A video job's files as one card: a finished ad's formats, and a job's hook variants (issue 40 §2),
 * each variant in its formats. The first variant's first format stands for them; the viewer switches
 * between variants and formats. A job run again (a retry) made files again: each run's are a card of
 * their own, the newest first. Other assets are cards of their own.
 */
export function groupFormats(assets: readonly UserAsset[]) {
  const groups: UserAsset[][] = [];
  const groupOf = new Map<string, UserAsset[]>();
  const byJob = new Map<string, UserAsset[][]>();
  for (const asset of assets) {
    const job = asset.asset_type === 'video' ? asset.metadata.jobId : null;
    const runs = job ? (byJob.get(job) ?? []) : [];
    // Newest first: the first run of this job without this variant's format yet takes it.
    let group = runs.find((run) => !run.some((a) => slotOf(a) === slotOf(asset)));
    if (!group) {
      group = [];
      groups.push(group);
      if (job) byJob.set(job, [...runs, group]);
    }
    group.push(asset);
    groupOf.set(asset.id, group);
  }
  for (const group of groups)
    group.sort((a, b) => (a.metadata.variant?.position ?? 0) - (b.metadata.variant?.position ?? 0) || rank(a) - rank(b));
  const groupFor = (asset: UserAsset): UserAsset[] => groupOf.get(asset.id) ?? [asset];
  /** The formats of `asset`'s video (its variant's, in a job with variants). */
  const formatsOf = (asset: UserAsset): UserAsset[] => groupFor(asset).filter((a) => variantOf(a) === variantOf(asset));
  /** The videos of `asset`'s job, one per hook variant (each in `asset`'s format when it has it); itself alone otherwise. */
  const variantsOf = (asset: UserAsset): UserAsset[] => {
    const seen = new Map<string, UserAsset>();
    for (const a of groupFor(asset)) {
      const kept = seen.get(variantOf(a));
      if (!kept || (a.metadata.aspectRatio === asset.metadata.aspectRatio && kept.metadata.aspectRatio !== asset.metadata.aspectRatio))
        seen.set(variantOf(a), a);
    }
    return [...seen.values()];
  };
  return { cards: groups.map((group) => group[0]!), formatsOf, variantsOf };
}
