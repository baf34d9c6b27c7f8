import type { UserAsset } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { groupFormats } from './formats.ts';

const asset = (
  id: string,
  type: UserAsset['asset_type'],
  aspectRatio: string,
  jobId: string | null,
  variant: UserAsset['metadata']['variant'] = null,
): UserAsset => ({ id, asset_type: type, metadata: { aspectRatio, jobId, variant } }) as UserAsset;

describe('a finished ad’s formats in the gallery', () => {
  it('shows the formats of one job as one card, 9:16 first, in the place of the newest; other assets stay cards of their own', () => {
    const list = [
      asset('square', 'video', '1:1', 'job-1'),
      asset('photo', 'image', '1:1', null),
      asset('portrait', 'video', '9:16', 'job-1'),
      asset('wide', 'video', '16:9', 'job-1'),
      asset('clip', 'video', '9:16', 'job-2'),
      asset('old', 'video', '9:16', null),
    ];
    const { cards, formatsOf } = groupFormats(list);
    expect(cards.map((c) => c.id)).toEqual(['portrait', 'photo', 'clip', 'old']);
    expect(formatsOf(list[0]!).map((f) => f.id)).toEqual(['portrait', 'square', 'wide']);
    expect(formatsOf(list[4]!).map((f) => f.id)).toEqual(['clip']);
    expect(formatsOf(list[5]!).map((f) => f.id)).toEqual(['old']);
  });

  it('keeps each run of a job apart (a retry made its formats again): the newest run first, each format once per card', () => {
    const list = [
      asset('new-portrait', 'video', '9:16', 'job-1'),
      asset('new-square', 'video', '1:1', 'job-1'),
      asset('old-portrait', 'video', '9:16', 'job-1'),
      asset('old-square', 'video', '1:1', 'job-1'),
    ];
    const { cards, formatsOf } = groupFormats(list);
    expect(cards.map((c) => c.id)).toEqual(['new-portrait', 'old-portrait']);
    expect(formatsOf(list[3]!).map((f) => f.id)).toEqual(['old-portrait', 'old-square']);
  });

  it('shows a job’s hook variants as one card: the first hook stands for them, each in its formats (issue 40 §2)', () => {
    const hook = (n: number) => ({ id: `v${n}`, label: `Hook ${n}`, position: n - 1 });
    // Newest first, as the gallery lists them: the last variant was stored last.
    const list = [
      asset('v3-square', 'video', '1:1', 'job-1', hook(3)),
      asset('v3-portrait', 'video', '9:16', 'job-1', hook(3)),
      asset('photo', 'image', '1:1', null),
      asset('v2-portrait', 'video', '9:16', 'job-1', hook(2)),
      asset('v1-square', 'video', '1:1', 'job-1', hook(1)),
      asset('v1-portrait', 'video', '9:16', 'job-1', hook(1)),
    ];
    const { cards, formatsOf, variantsOf } = groupFormats(list);
    expect(cards.map((c) => c.id)).toEqual(['v1-portrait', 'photo']);
    expect(variantsOf(cards[0]!).map((v) => v.id)).toEqual(['v1-portrait', 'v2-portrait', 'v3-portrait']);
    // From a square video, each hook in its square one where it has it.
    expect(variantsOf(list[0]!).map((v) => v.id)).toEqual(['v1-square', 'v2-portrait', 'v3-square']);
    expect(formatsOf(list[1]!).map((f) => f.id)).toEqual(['v3-portrait', 'v3-square']);
    expect(formatsOf(list[3]!).map((f) => f.id)).toEqual(['v2-portrait']);
    expect(variantsOf(list[2]!).map((v) => v.id)).toEqual(['photo']);
  });
});
