import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { longestPauseDuring } from '../../../test/event-loop.ts';
import { MediaError } from '../../errors.ts';
import { applyGrade, learnGrade, reframeImage } from './stills.ts';

async function photo(width: number, height: number) {
  const half = await sharp({ create: { width: width >> 1, height: height >> 1, channels: 3, background: '#c03020' } })
    .png()
    .toBuffer();
  const data = await sharp({ create: { width, height, channels: 3, background: '#6a7a8a' } })
    .composite([{ input: half, left: 8, top: 8 }])
    .png()
    .toBuffer();
  return { data, mime: 'image/png' as const, width, height };
}

describe('the still-image helpers the bff calls', () => {
  it('grade and reframe a 1024 px image off this thread, answering Buffers', { timeout: 60_000 }, async () => {
    const image = await photo(1024, 1024);
    const grade = await learnGrade([await photo(360, 640)]);
    await applyGrade(image, grade, 0.8); // the threads start and load their modules
    // On this thread the grade's per-pixel loop held it about 150 ms, the reframing about 80 ms.
    const { result, longestPauseMs } = await longestPauseDuring(async () => {
      const graded = await applyGrade(image, grade, 0.8);
      const framed = await reframeImage(image, 9 / 16, 'extend');
      return { graded, framed };
    });
    expect(Buffer.isBuffer(result.graded.data)).toBe(true);
    expect(await sharp(result.graded.data).metadata()).toMatchObject({ width: 1024, height: 1024 });
    expect(Buffer.isBuffer(result.framed.data)).toBe(true);
    expect(result.framed.height / result.framed.width).toBeCloseTo(16 / 9, 1);
    expect(longestPauseMs).toBeLessThan(60);
  });

  it('a MediaError keeps its kind', { timeout: 60_000 }, async () => {
    const unreadable = { data: Buffer.from('not a picture'), mime: 'image/png' as const, width: 4, height: 4 };
    const error = await learnGrade([unreadable]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect(error).toMatchObject({ kind: 'bad_input', message: 'The image could not be read.' });
    await expect(reframeImage(await photo(8, 8), 0, 'crop')).rejects.toMatchObject({ kind: 'bad_input' });
  });
});
