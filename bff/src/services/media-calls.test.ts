/**
 * A media call handed from an API process to a worker (`media-calls.ts`), without the job engine
 * between them: the worker's side runs each call the API's side makes, both on one object store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeEngine, isMediaError, type MediaEngine } from '@studio/media';
import { createFastMediaEngine } from '@studio/media/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaCallActivities, remoteMedia } from './media-calls.ts';
import { createLocalObjectStore } from './storage/object-store.ts';

let dir: string;
let engine: MediaEngine;
let remote: MediaEngine;
/** Every request the API's side sent, as the job engine would have recorded it. */
const sent: unknown[] = [];
let taken = true;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-calls-'));
  const objects = createLocalObjectStore(dir);
  engine = createFastMediaEngine();
  const worker = mediaCallActivities({ media: engine, objects });
  remote = remoteMedia({
    description: describeEngine(engine),
    objects,
    pickupMs: 1000,
    run: async (request) => {
      sent.push(JSON.parse(JSON.stringify(request)));
      return taken ? worker.mediaCall(JSON.parse(JSON.stringify(request))) : null;
    },
  });
});
afterAll(async () => {
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The files left in the object store. */
const stored = () => fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, String(f))).isFile());

describe('a media call made on a worker', () => {
  it('answers as the engine does, its bytes through the object store and never in the request, and leaves nothing stored', async () => {
    const product = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a04030' } })
      .png()
      .toBuffer();
    const result = await remote.removeBackground({ image: { data: product, mime: 'image/png', width: 64, height: 64 } });
    expect(Buffer.isBuffer(result.images[0]!.data)).toBe(true);
    expect(await sharp(result.images[0]!.data).metadata()).toMatchObject({ width: 64, height: 64, hasAlpha: true });
    expect(result.provider).toBe('local');
    // The request held where the photo was stored, not the photo.
    expect(JSON.stringify(sent.at(-1))).toMatch(/"__stored":"media\/calls\/[\w-]+\/a0","array":"Buffer"/);
    expect(JSON.stringify(sent.at(-1)).length).toBeLessThan(500);
    expect(stored()).toEqual([]);
  });

  it('calls a nested capability (speech) and keeps the values the API reads from the engine’s shape', async () => {
    expect(remote.routes).toEqual(engine.routes);
    const speech = await remote.speech.textToSpeech({
      text: 'Hello there.',
      voice: { id: 'studioUgcTwo' },
      settings: { stability: 0.5, similarityBoost: 0.75, style: 0, useSpeakerBoost: false, speed: 1 },
    });
    expect(Buffer.isBuffer(speech.audio)).toBe(true);
    expect(speech.durationS).toBeGreaterThan(0.3);
    expect(speech.words?.map((w) => w.text)).toEqual(['Hello', 'there.']);
  });

  it('throws the engine’s MediaError of the same kind and message, and refuses a function or a call to stop the worker’s engine', async () => {
    const unreadable = await remote
      .upscale({ image: { data: Buffer.from('not an image'), mime: 'image/png', width: 10, height: 10 }, factor: 2 })
      .catch((e: unknown) => e);
    expect(isMediaError(unreadable) && unreadable.kind).toBe('bad_input');
    expect((unreadable as Error).message).toBe('This image could not be read.');
    await expect(remote.video.finishAd({ onProgress: () => undefined } as never)).rejects.toThrow(/cannot carry a function/);
    const worker = mediaCallActivities({ media: engine, objects: createLocalObjectStore(dir) });
    expect(await worker.mediaCall({ id: 'x', path: ['close'], args: [] })).toMatchObject({ ok: false });
    expect(stored()).toEqual([]);
  });

  it('is answered busy (unavailable) when no worker takes it, and its bytes are removed', async () => {
    taken = false;
    try {
      const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const busy = await remote
        .upscale({ image: { data: photo, mime: 'image/png', width: 8, height: 8 }, factor: 2 })
        .catch((e: unknown) => e);
      expect(isMediaError(busy) && busy.kind).toBe('unavailable');
      expect(stored()).toEqual([]);
    } finally {
      taken = true;
    }
  });
});
