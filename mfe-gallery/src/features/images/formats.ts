import { AD_FORMATS, type UserAsset } from '@studio/contracts';

const rank = (a: UserAsset) => {
  const i = AD_FORMATS.indexOf(a.metadata.aspectRatio as (typeof AD_FORMATS)[number]);
  return i < 0 ? AD_FORMATS.length : i;
};

/**
 * A finished ad's formats (videos of one job) as one card: the first format stands for them and
 * the viewer switches between them. A job run again (a retry) made its formats again: each run's
 * are a card of their own, the newest first. Other assets are cards of their own.
 */
export function groupFormats(assets: readonly UserAsset[]) {
  const groups: UserAsset[][] = [];
  const groupOf = new Map<string, UserAsset[]>();
  const byJob = new Map<string, UserAsset[][]>();
  for (const asset of assets) {
    const job = asset.asset_type === 'video' ? asset.metadata.jobId : null;
    const runs = job ? (byJob.get(job) ?? []) : [];
    // Newest first: the first run of this job without this format yet takes it.
    let group = runs.find((run) => !run.some((a) => a.metadata.aspectRatio === asset.metadata.aspectRatio));
    if (!group) {
      group = [];
      groups.push(group);
      if (job) byJob.set(job, [...runs, group]);
    }
    group.push(asset);
    groupOf.set(asset.id, group);
  }
  for (const group of groups) group.sort((a, b) => rank(a) - rank(b));
  const formatsOf = (asset: UserAsset): UserAsset[] => groupOf.get(asset.id) ?? [asset];
  return { cards: groups.map((group) => group[0]!), formatsOf };
}
