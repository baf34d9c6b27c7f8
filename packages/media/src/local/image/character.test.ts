import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fs from 'node:fs';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaEngine, DESCRIPTOR_MATCH, NO_FACE, SEVERAL_PEOPLE, type ImageData, type MediaEngine } from '../../index.ts';

// Real faces: face-api's demo photos of different people.
const require = createRequire(import.meta.url);
const demo = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

async function photo(file: string, change: (s: Sharp) => Sharp = (s) => s): Promise<ImageData> {
  const data = await change(sharp(fs.readFileSync(join(demo, file))))
    .resize({ width: 640, height: 640, fit: 'inside' })
    .jpeg()
    .toBuffer();
  const m = await sharp(data).metadata();
  return { data, mime: 'image/jpeg', width: m.width, height: m.height };
}

/** One woman of a group photo, alone in the frame (the character's photos show no one else). */
const alone = (change: (s: Sharp) => Sharp = (s) => s) =>
  photo('sample3.jpg', (s) => change(s.extract({ left: 900, top: 30, width: 600, height: 800 })));

let engine: MediaEngine;
beforeAll(() => {
  engine = createMediaEngine({ segmentMaxSide: 512 });
});
afterAll(async () => {
  await engine.close();
});

describe('local character', () => {
  it('learns a face descriptor that matches its own photos and not another person’s', async () => {
    // Three photos of one person: the picture as taken, mirrored, and brighter.
    const own = await Promise.all([alone(), alone((s) => s.flop()), alone((s) => s.modulate({ brightness: 1.2 }))]);
    const learned = await engine.learnCharacter(own);
    expect(learned.descriptor).toHaveLength(128);
    expect(learned.reference.mime).toBe('image/png');
    expect((await sharp(learned.reference.data).metadata()).hasAlpha).toBe(true);

    const again = await engine.characterDistance(learned.descriptor, await alone((s) => s.modulate({ brightness: 0.85 })));
    expect(again).not.toBeNull();
    expect(again!).toBeLessThan(DESCRIPTOR_MATCH);
    const someoneElse = await engine.characterDistance(
      learned.descriptor,
      await photo('sample2.jpg', (s) => s.extract({ left: 1300, top: 0, width: 620, height: 1367 })),
    );
    expect(someoneElse).not.toBeNull();
    expect(someoneElse!).toBeGreaterThan(DESCRIPTOR_MATCH);

    // A square scene generated with the character (its reference cut-out, as the studio passes it) shows that person.
    const scene = await engine.generateImage({
      prompt: 'a woman reading in a sunny cafe',
      width: 1024,
      height: 1024,
      count: 1,
      model: 'flux_krea',
      person: learned.reference,
    });
    const placed = await engine.characterDistance(learned.descriptor, scene.images[0]!);
    expect(placed).not.toBeNull();
    expect(placed!).toBeLessThan(DESCRIPTOR_MATCH);
  }, 120_000);

  it('refuses a group photo: which face is the character is unknown, and the others would join every scene', async () => {
    await expect(engine.learnCharacter([await alone(), await photo('sample3.jpg')])).rejects.toMatchObject({
      kind: 'bad_input',
      message: SEVERAL_PEOPLE,
    });
  }, 60_000);

  it('refuses photos without a face', async () => {
    const wall = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#cccccc' } })
      .jpeg()
      .toBuffer();
    await expect(engine.learnCharacter([{ data: wall, mime: 'image/jpeg', width: 200, height: 200 }])).rejects.toMatchObject({
      kind: 'bad_input',
      message: NO_FACE,
    });
  }, 60_000);
});
