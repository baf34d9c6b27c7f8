import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdFinishStage, ImageData } from '../capabilities.ts';
import { MediaError } from '../errors.ts';
import { LOCAL_PRESET_VOICES } from '../local/speech/presets.ts';
import { createMediaHost, type MediaHost } from './media-host.ts';

const OBSERVED = pathToFileURL(new URL('../../test/host-engine.ts', import.meta.url).pathname).href;
const observed = (delayMs: number, concurrency?: number) =>
  createMediaHost({ engine: { kind: 'module', url: OBSERVED, exportName: 'createObservedEngine', options: { delayMs } }, concurrency });

const hosts: MediaHost[] = [];
const started = <T extends MediaHost>(host: T) => (hosts.push(host), host);
afterAll(async () => {
  await Promise.all(hosts.map((h) => h.close()));
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The processes `pid` started that still run. */
const childrenOf = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
const psChildren = (pid: number) => {
  try {
    return childrenOf(pid);
  } catch {
    return []; // ps exits 1 when it lists nothing
  }
};

async function png(width: number, height: number): Promise<ImageData> {
  const data = await sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();
  return { data, mime: 'image/png', width, height };
}

describe('the media host, on the fast engine', () => {
  const host = started(createMediaHost({ engine: { kind: 'fast' } }));

  it('starts on the first call, not before, at a lower OS priority than this process', { timeout: 60_000 }, async () => {
    expect(host.hostPid).toBeUndefined();
    await host.ready();
    const pid = host.hostPid!;
    expect(pid).not.toBe(process.pid);
    expect(os.getPriority(pid)).toBeGreaterThan(os.getPriority());
    // Its sync members come from the engine's description.
    expect(host.routes.removeBackground).toBe('local');
    expect(host.video.provider).toBe('local');
    expect(host.speech.name).toBe('local');
    expect('trainLora' in host).toBe(false);
  });

  it('a method and a nested one take and give Buffers', { timeout: 60_000 }, async () => {
    const image = await png(48, 32);
    const cut = await host.removeBackground({ image });
    expect(Buffer.isBuffer(cut.images[0]!.data)).toBe(true);
    expect(await sharp(cut.images[0]!.data).metadata()).toMatchObject({ width: 48, height: 32, hasAlpha: true });

    const clip = await host.video.animate({ image, width: 64, height: 64, durationS: 0.5 });
    expect(Buffer.isBuffer(clip.video)).toBe(true);
    const poster = await host.video.posterFrame(clip.video);
    expect(Buffer.isBuffer(poster)).toBe(true);
    expect((await sharp(poster).metadata()).width).toBe(64);
  });

  it('calls a progress callback here, in order, awaiting each, and rethrows its own error', { timeout: 60_000 }, async () => {
    const image = await png(32, 32);
    const section = await host.video.animate({ image, width: 64, height: 64, durationS: 0.5 });
    const input = {
      sections: [{ video: section.video, durationS: 0.5, words: [], captioned: false }],
      width: 64,
      height: 64,
      formats: [
        { aspectRatio: '1:1', width: 64, height: 64 },
        { aspectRatio: '9:16', width: 36, height: 64 },
      ],
      captionStyle: 'none' as const,
      tightCuts: false,
    };
    const told: string[] = [];
    const made = await host.video.finishAd({
      ...input,
      onProgress: async (stage: AdFinishStage) => {
        // The engine waits for this before it goes on: a slow callback still sees the stages in order.
        await new Promise((resolve) => setTimeout(resolve, 30));
        told.push(`${stage.format}:${stage.done}/${stage.total}`);
      },
    });
    expect(told).toEqual(['null:0/3', '1:1:1/3', '9:16:2/3']);
    expect(made.map((f) => f.aspectRatio)).toEqual(['1:1', '9:16']);
    expect(Buffer.isBuffer(made[0]!.video)).toBe(true);

    class Cancelled extends Error {}
    const cancelled = new Cancelled('the job was cancelled');
    await expect(
      host.video.finishAd({
        ...input,
        onProgress: () => {
          throw cancelled;
        },
      }),
    ).rejects.toBe(cancelled);
  });

  it('close() stops the host and leaves no process; the next call starts another', { timeout: 60_000 }, async () => {
    await host.ready();
    const pid = host.hostPid!;
    await host.close();
    expect(host.hostPid).toBeUndefined();
    expect(alive(pid)).toBe(false);
    await host.describeImage({ image: await png(8, 8) });
    expect(host.hostPid).not.toBe(pid);
  });
});

describe('the media host, on an engine that shows what it runs', () => {
  it('a MediaError crosses with its kind, message and provider status; other errors keep theirs', { timeout: 60_000 }, async () => {
    const host = started(observed(0));
    await host.ready();
    for (const [kind, status] of [['bad_input'], ['upstream', '429'], ['timeout'], ['unavailable']] as const) {
      const failure = host.upscale({
        image: { data: Buffer.from(`fail:${kind}${status ? `:${status}` : ''}`), mime: 'image/png', width: 1, height: 1 },
        factor: 2,
      });
      const error = await failure.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MediaError);
      expect(error).toMatchObject({ kind, message: `failed as ${kind}`, providerStatus: status ? Number(status) : undefined });
    }
    // The fast engine's own: an unreadable image is the caller's to fix.
    await expect(
      host.removeBackground({ image: { data: Buffer.from('not a picture'), mime: 'image/png', width: 2, height: 2 } }),
    ).rejects.toMatchObject({
      kind: 'bad_input',
    });
    // An input that does not clone fails its call, not the host.
    await expect(host.video.concat([Symbol('no') as never])).rejects.toThrow();
    expect(JSON.parse((await host.describeImage({ image: await png(4, 4) })).description).pid).toBe(host.hostPid);
  });

  it('runs at most `concurrency` calls at once; the others wait their turn in order', { timeout: 60_000 }, async () => {
    const host = started(observed(150, 2));
    await host.ready();
    const image = await png(4, 4);
    const finished: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        host.describeImage({ image }).then((a) => (finished.push(i), JSON.parse(a.description) as { most: number })),
      ),
    );
    expect(Math.max(...answers.map((a) => a.most))).toBe(2);
    expect(finished).toEqual([0, 1, 2, 3, 4]);
  });

  it('a host killed mid-call fails that call as unavailable; the next call works on a new host', { timeout: 60_000 }, async () => {
    const host = started(observed(5_000));
    await host.ready();
    const pid = host.hostPid!;
    const image = await png(4, 4);
    const call = host.describeImage({ image });
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(pid, 'SIGKILL');
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect(error).toMatchObject({ kind: 'unavailable' });

    const quick = started(observed(0));
    await quick.ready();
    process.kill(quick.hostPid!, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = JSON.parse((await quick.describeImage({ image })).description) as { pid: number };
    expect(answer.pid).not.toBe(pid);
    expect(answer.pid).toBe(quick.hostPid);
  });
});

describe('the media host, on the real local engine', () => {
  it('speaks a line in the host (its speech children under it)', { timeout: 90_000 }, async () => {
    const host = started(createMediaHost({ engine: { kind: 'media' } }));
    // Its shape is known before it starts: the same createMediaEngine, described here.
    expect(host.video.speaksFromStill).toBe(true);
    expect(host.hostPid).toBeUndefined();
    const spoken = await host.speech.textToSpeech({
      text: 'Hello there.',
      voice: { id: 'studioSarah01', local: LOCAL_PRESET_VOICES.studioSarah01 },
      settings: { stability: 0.5, similarityBoost: 0.75, style: 0, speed: 1, useSpeakerBoost: true },
    });
    expect(Buffer.isBuffer(spoken.audio)).toBe(true);
    expect(spoken.durationS).toBeGreaterThan(0.3);
    expect(spoken.provider).toBe('local');
    expect(spoken.words?.map((w) => w.text)).toEqual(['Hello', 'there.']);
    const pid = host.hostPid!;
    const speakers = psChildren(pid);
    expect(speakers.length).toBeGreaterThan(0);
    // Under the host, so lower still than this process.
    for (const speaker of speakers) expect(os.getPriority(speaker)).toBeGreaterThan(os.getPriority());
    await host.close();
    expect(alive(pid)).toBe(false);
    await expect.poll(() => speakers.filter(alive), { timeout: 5_000 }).toEqual([]);
  });
});
