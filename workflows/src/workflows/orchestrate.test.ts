import { describe, expect, it } from 'vitest';
import { StepError, type JobSpec, type SectionSpec, type VideoActivities } from './job.ts';
import { runVideoJob } from './orchestrate.ts';

const section = (id: string, extra: Partial<SectionSpec> = {}): SectionSpec => ({
  id,
  name: `Section ${id}`,
  image: `img-${id}`,
  script: `Script of ${id}`,
  audio: null,
  videoPrompt: 'person talking calmly into the camera',
  captions: false,
  ...extra,
});

/** Activities that record what they were asked, with per-section delays and failures. */
function doubles(
  options: {
    delays?: Record<string, number>;
    fail?: Record<string, { at: string; error: Error }>;
    /** Every ad fails, or the ads of these variants. */
    adFails?: boolean | string[];
  } = {},
) {
  const calls: string[] = [];
  let active = 0;
  let mostActive = 0;
  const wait = (id: string) => new Promise((r) => setTimeout(r, options.delays?.[id] ?? 1));
  const maybeFail = (id: string, at: string) => {
    const failure = options.fail?.[id];
    if (failure?.at === at) throw failure.error;
  };
  const acts: VideoActivities = {
    speak: async (_job, s) => {
      calls.push(`speak:${s.id}`);
      maybeFail(s.id, 'speak');
      return `audio-${s.id}`;
    },
    animate: async (_job, s) => {
      active += 1;
      mostActive = Math.max(mostActive, active);
      calls.push(`animate:${s.id}`);
      await wait(s.id);
      active -= 1;
      maybeFail(s.id, 'animate');
      return `clip-${s.id}`;
    },
    lipSync: async (_job, s, video, audio) => {
      calls.push(`lipsync:${s.id}:${video}:${audio}`);
      maybeFail(s.id, 'lipsync');
      return `synced-${s.id}`;
    },
    productShot: async (_job, s, audio) => {
      calls.push(`product:${s.id}:${audio}`);
      maybeFail(s.id, 'product');
      return `shot-${s.id}`;
    },
    caption: async (_job, s, video) => {
      calls.push(`caption:${s.id}:${video}`);
      return `captioned-${s.id}`;
    },
    concat: async (_job, videos, variant) => {
      calls.push(`concat:${videos.join(',')}${variant ? `@${variant}` : ''}`);
      return { video: variant ? `final-${variant}.mp4` : 'final.mp4', poster: 'poster.jpg' };
    },
    store: async (_job, _user, _video, _poster, variant) => {
      calls.push(variant ? `store@${variant}` : 'store');
      return variant ? `asset-${variant}` : 'asset-1';
    },
    finishAd: async (_job, _user, ids, variant) => {
      calls.push(`finishAd:${ids.join(',')}${variant ? `@${variant}` : ''}`);
      if (options.adFails === true || (variant && Array.isArray(options.adFails) && options.adFails.includes(variant)))
        throw new StepError('transient', 'The ad could not be rendered.');
      return ['9:16', '1:1'].map((ratio, i) => ({
        aspectRatio: ratio,
        video: `ad-${variant ?? ''}${i}.mp4`,
        poster: `ad-${variant ?? ''}${i}.jpg`,
        assetId: `ad-asset-${variant ?? ''}${i}`,
      }));
    },
    refundFormats: async (_job, _user, ids) => {
      calls.push(ids ? `refundFormats:${ids.join(',')}` : 'refundFormats');
    },
    refund: async (_job, _user, id) => {
      calls.push(`refund:${id}`);
    },
    progress: async (_job, update) => {
      calls.push(`progress:${update.sectionId}:${update.step}:${update.done}/${update.total}`);
    },
    finish: async (_job, outcome) => {
      calls.push(`finish:${outcome.status}`);
    },
  };
  return { acts, calls, mostActive: () => mostActive };
}

const job = (sections: SectionSpec[], extra: Partial<JobSpec> = {}): JobSpec => ({ jobId: 'job-1', userId: 'user-1', sections, ...extra });

describe('the multi-section video job', () => {
  it('renders each section (speech → video → lip-sync) and joins them in section order, whatever order they finish in', async () => {
    const { acts, calls } = doubles({ delays: { a: 30, b: 1, c: 10 } });
    const outcome = await runVideoJob(job([section('a'), section('b'), section('c')], { parallelism: 3 }), acts);
    expect(outcome.status).toBe('COMPLETED');
    expect(outcome.final).toEqual({ video: 'final.mp4', poster: 'poster.jpg', assetId: 'asset-1' });
    expect(calls).toContain('lipsync:a:clip-a:audio-a');
    expect(calls).toContain('concat:synced-a,synced-b,synced-c');
    expect(calls.filter((c) => c.startsWith('refund'))).toEqual([]);
    // Progress counts sections as they finish: b first, a last.
    expect(calls.filter((c) => c.startsWith('progress'))).toEqual([
      'progress:b:COMPLETED:1/3',
      'progress:c:COMPLETED:2/3',
      'progress:a:COMPLETED:3/3',
    ]);
    // The end is recorded once, after the video is stored.
    expect(calls.slice(-2)).toEqual(['store', 'finish:COMPLETED']);
  });

  it('renders at most `parallelism` sections at once, starting the next as soon as one ends', async () => {
    const { acts, mostActive, calls } = doubles({ delays: { a: 40, b: 5, c: 5, d: 5 } });
    await runVideoJob(
      job(
        ['a', 'b', 'c', 'd'].map((id) => section(id)),
        { parallelism: 2 },
      ),
      acts,
    );
    expect(mostActive()).toBe(2);
    // c and d start while a still renders.
    expect(calls.indexOf('animate:d')).toBeLessThan(calls.indexOf('progress:a:COMPLETED:4/4'));
  });

  it('keeps going when a section fails: PARTIAL_SUCCESS, that section refunded once, the others joined', async () => {
    const { acts, calls } = doubles({
      fail: { b: { at: 'animate', error: new StepError('bad_input', 'The image could not be animated.') } },
    });
    const outcome = await runVideoJob(job([section('a'), section('b'), section('c')]), acts);
    expect(outcome.status).toBe('PARTIAL_SUCCESS');
    expect(outcome.sections[1]).toMatchObject({
      id: 'b',
      status: 'FAILED',
      failedAt: 'video',
      error: 'The image could not be animated.',
      refunded: true,
    });
    expect(calls.filter((c) => c.startsWith('refund'))).toEqual(['refund:b']);
    expect(calls).toContain('concat:synced-a,synced-c');
    expect(calls.at(-1)).toBe('finish:PARTIAL_SUCCESS');
  });

  it('ends FAILED with nothing joined or stored when every section fails, each refunded; a timeout is TIMED_OUT', async () => {
    const { acts, calls } = doubles({
      fail: {
        a: { at: 'speak', error: new StepError('transient', 'Speech failed.') },
        b: { at: 'lipsync', error: new StepError('timeout', 'Lip-sync took too long.') },
      },
    });
    const outcome = await runVideoJob(job([section('a'), section('b')]), acts);
    expect(outcome.status).toBe('FAILED');
    expect(outcome.final).toBeNull();
    expect(outcome.sections.map((s) => [s.status, s.failedAt])).toEqual([
      ['FAILED', 'audio'],
      ['TIMED_OUT', 'lipsync'],
    ]);
    expect(calls.filter((c) => c.startsWith('refund')).sort()).toEqual(['refund:a', 'refund:b']);
    expect(calls.some((c) => c.startsWith('concat') || c === 'store')).toBe(false);
    expect(calls.filter((c) => c.startsWith('finish'))).toEqual(['finish:FAILED']);
  });

  it('uses approved audio as is, skips speech and lip-sync for a silent section, captions only a spoken one', async () => {
    const { acts, calls } = doubles();
    await runVideoJob(
      job([section('a', { audio: 'approved-a', captions: true }), section('b', { script: null, captions: true }), section('c')]),
      acts,
    );
    expect(calls).not.toContain('speak:a');
    expect(calls).toContain('lipsync:a:clip-a:approved-a');
    expect(calls).toContain('caption:a:synced-a');
    expect(calls.some((c) => c.startsWith('speak:b') || c.startsWith('lipsync:b') || c.startsWith('caption:b'))).toBe(false);
    expect(calls).toContain('concat:captioned-a,clip-b,synced-c');
  });

  it('shoots a product section with its speech over it (no talking head, no lip-sync); a failed shot fails at the video step', async () => {
    const { acts, calls } = doubles({
      fail: { c: { at: 'product', error: new StepError('bad_input', 'No product was found in the photo.') } },
    });
    const outcome = await runVideoJob(
      job([section('a'), section('b', { kind: 'product' }), section('c', { kind: 'product', script: null })], { ad: true }),
      acts,
    );
    expect(calls).toContain('product:b:audio-b');
    expect(calls.some((c) => c.startsWith('animate:b') || c.startsWith('lipsync:b') || c.startsWith('speak:c'))).toBe(false);
    expect(calls).toContain('product:c:null');
    expect(outcome.sections.map((s) => [s.id, s.status, s.failedAt])).toEqual([
      ['a', 'COMPLETED', null],
      ['b', 'COMPLETED', null],
      ['c', 'FAILED', 'video'],
    ]);
    expect(calls).toContain('refund:c');
    expect(calls).toContain('finishAd:a,b');
  });

  it('on a retry renders only the sections that failed and reuses the finished ones, in order', async () => {
    const { acts, calls } = doubles();
    const outcome = await runVideoJob(job([section('a'), section('b'), section('c')], { reuse: { a: 'kept-a', c: 'kept-c' } }), acts);
    expect(outcome.status).toBe('COMPLETED');
    expect(calls.filter((c) => c.startsWith('animate'))).toEqual(['animate:b']);
    expect(calls).toContain('concat:kept-a,synced-b,kept-c');
  });

  it('finishes an ad from the completed sections: its formats are the result, the first is the video', async () => {
    const { acts, calls } = doubles({ fail: { b: { at: 'animate', error: new StepError('bad_input', 'No.') } } });
    const outcome = await runVideoJob(job([section('a'), section('b'), section('c')], { ad: true }), acts);
    expect(outcome.status).toBe('PARTIAL_SUCCESS');
    expect(calls).toContain('finishAd:a,c');
    expect(calls.some((c) => c.startsWith('concat') || c === 'store' || c === 'refundFormats')).toBe(false);
    expect(outcome.final).toMatchObject({ video: 'ad-0.mp4', poster: 'ad-0.jpg', assetId: 'ad-asset-0' });
    expect(outcome.final?.formats?.map((f) => f.aspectRatio)).toEqual(['9:16', '1:1']);
  });

  it('keeps the joined sections as the video when the ad cannot be finished, and gives its further formats back', async () => {
    const { acts, calls } = doubles({ adFails: true });
    const outcome = await runVideoJob(job([section('a'), section('b')], { ad: true }), acts);
    expect(outcome.status).toBe('COMPLETED');
    expect(outcome.final).toEqual({ video: 'final.mp4', poster: 'poster.jpg', assetId: 'asset-1' });
    expect(calls.slice(-5)).toEqual(['finishAd:a,b', 'refundFormats', 'concat:synced-a,synced-b', 'store', 'finish:COMPLETED']);
  });
});

describe('hook variants (issue 40 §2)', () => {
  const hooks = (extra: Partial<JobSpec> = {}) =>
    job([section('h1'), section('h2'), section('h3'), section('b1'), section('b2')], {
      variants: ['h1', 'h2', 'h3'].map((h, i) => ({ id: `v${i + 1}`, label: `Hook ${i + 1}`, sections: [h, 'b1', 'b2'] })),
      ...extra,
    });

  it('renders the shared sections once and makes one video per hook, each from its own sections in its order', async () => {
    const { acts, calls } = doubles();
    const outcome = await runVideoJob(hooks(), acts);
    expect(calls.filter((c) => c.startsWith('animate')).sort()).toEqual([
      'animate:b1',
      'animate:b2',
      'animate:h1',
      'animate:h2',
      'animate:h3',
    ]);
    expect(calls.filter((c) => c.startsWith('concat')).sort()).toEqual([
      'concat:synced-h1,synced-b1,synced-b2@v1',
      'concat:synced-h2,synced-b1,synced-b2@v2',
      'concat:synced-h3,synced-b1,synced-b2@v3',
    ]);
    expect(outcome.status).toBe('COMPLETED');
    expect(outcome.variants?.map((v) => [v.id, v.label, v.status, v.final?.assetId])).toEqual([
      ['v1', 'Hook 1', 'COMPLETED', 'asset-v1'],
      ['v2', 'Hook 2', 'COMPLETED', 'asset-v2'],
      ['v3', 'Hook 3', 'COMPLETED', 'asset-v3'],
    ]);
    // The first variant is the job's video.
    expect(outcome.final?.assetId).toBe('asset-v1');
    expect(calls.at(-1)).toBe('finish:COMPLETED');
  });

  it('renders the shared sections first and finishes each variant as soon as its own are done, within the parallelism', async () => {
    const { acts, calls, mostActive } = doubles({ delays: { h3: 60 } });
    await runVideoJob(hooks({ parallelism: 2 }), acts);
    expect(calls.filter((c) => c.startsWith('animate')).slice(0, 2)).toEqual(['animate:b1', 'animate:b2']);
    expect(mostActive()).toBe(2);
    // The first hook's video is made while the slow third hook still renders.
    expect(calls.indexOf('concat:synced-h1,synced-b1,synced-b2@v1')).toBeLessThan(calls.indexOf('progress:h3:COMPLETED:5/5'));
  });

  it('a failed hook fails only its variant and is refunded once; the others are made: PARTIAL_SUCCESS', async () => {
    const { acts, calls } = doubles({ fail: { h2: { at: 'lipsync', error: new StepError('bad_input', 'No face.') } } });
    const outcome = await runVideoJob(hooks({ ad: true }), acts);
    expect(calls.filter((c) => c.startsWith('refund'))).toEqual(['refund:h2']);
    expect(outcome.variants?.map((v) => [v.id, v.status, v.error])).toEqual([
      ['v1', 'COMPLETED', null],
      ['v2', 'FAILED', 'No face.'],
      ['v3', 'COMPLETED', null],
    ]);
    expect(calls.filter((c) => c.startsWith('finishAd')).sort()).toEqual(['finishAd:h1,b1,b2@v1', 'finishAd:h3,b1,b2@v3']);
    expect(outcome.status).toBe('PARTIAL_SUCCESS');
    // A failed shared section fails every variant: FAILED, nothing joined.
    const shared = doubles({ fail: { b1: { at: 'animate', error: new StepError('bad_input', 'Bad image.') } } });
    const none = await runVideoJob(hooks(), shared.acts);
    expect(none.status).toBe('FAILED');
    expect(none.final).toBeNull();
    expect(none.variants?.every((v) => v.status === 'FAILED')).toBe(true);
    expect(shared.calls.filter((c) => c.startsWith('refund'))).toEqual(['refund:b1']);
    expect(shared.calls.some((c) => c.startsWith('concat') || c.startsWith('store'))).toBe(false);
  });

  it('gives the further formats back only for sections no variant could be finished with', async () => {
    const { acts, calls } = doubles({ adFails: ['v2'] });
    const outcome = await runVideoJob(hooks({ ad: true }), acts);
    expect(outcome.status).toBe('COMPLETED');
    // v2 is its sections joined; only its own hook was in no finished ad.
    expect(calls).toContain('concat:synced-h2,synced-b1,synced-b2@v2');
    expect(calls.filter((c) => c.startsWith('refundFormats'))).toEqual(['refundFormats:h2']);
    expect(outcome.variants?.[1]?.final?.formats).toBeUndefined();
    expect(outcome.variants?.[0]?.final?.formats?.length).toBe(2);
  });

  it('on a retry keeps the variants made and finishes only the others, rendering only what failed', async () => {
    const { acts, calls } = doubles();
    const done = { video: 'v1.mp4', poster: 'v1.jpg', assetId: 'asset-v1-kept' };
    const spec = hooks({ reuse: { h1: 'kept-h1', h3: 'kept-h3', b1: 'kept-b1', b2: 'kept-b2' } });
    spec.variants = spec.variants!.map((v) => (v.id === 'v2' ? v : { ...v, done: v.id === 'v1' ? done : undefined }));
    const outcome = await runVideoJob(spec, acts);
    expect(calls.filter((c) => c.startsWith('animate'))).toEqual(['animate:h2']);
    expect(calls.filter((c) => c.startsWith('concat')).sort()).toEqual([
      'concat:kept-h3,kept-b1,kept-b2@v3',
      'concat:synced-h2,kept-b1,kept-b2@v2',
    ]);
    expect(outcome.variants?.[0]?.final).toEqual(done);
    expect(outcome.final).toEqual(done);
  });
});
