import { AD_FORMATS, type UserAsset } from '@studio/contracts';

/**
 * A finished ad's formats (videos of one job) as one card: the first format stands for them and
 * the viewer switches between them. Other assets are cards of their own.
 */
export function groupFormats(assets: readonly UserAsset[]) {
  const byJob = new Map<string, UserAsset[]>();
  const cards: UserAsset[] = [];
  for (const asset of assets) {
    const job = asset.asset_type === 'video' ? asset.metadata.jobId : null;
    const group = job ? byJob.get(job) : undefined;
    if (group) group.push(asset);
    else {
      if (job) byJob.set(job, [asset]);
      cards.push(asset);
    }
  }
  const rank = (a: UserAsset) => {
    const i = AD_FORMATS.indexOf(a.metadata.aspectRatio as (typeof AD_FORMATS)[number]);
    return i < 0 ? AD_FORMATS.length : i;
  };
  for (const group of byJob.values()) group.sort((a, b) => rank(a) - rank(b));
  const formatsOf = (asset: UserAsset): UserAsset[] => (asset.metadata.jobId && byJob.get(asset.metadata.jobId)) || [asset];
  return { cards: cards.map((card) => formatsOf(card)[0]!), formatsOf };
}
