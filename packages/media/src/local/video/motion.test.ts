import fs from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runFfmpeg } from '../ffmpeg.ts';
import { localAnimate } from './motion.ts';

/** The first and last frames of a clip as RGB. */
async function ends(video: Buffer, width: number, height: number): Promise<[Buffer, Buffer]> {
  const file = join(fs.mkdtempSync(join(os.tmpdir(), 'ends-')), 'v.mp4');
  fs.writeFileSync(file, video);
  const raw = await runFfmpeg(['-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], Buffer.alloc(0));
  const size = width * height * 3;
  return [raw.subarray(0, size), raw.subarray(raw.length - size)];
}

/** How many pixels of a frame are the marker's pure red. */
function redPixels(frame: Buffer, width: number, x0: number, x1: number) {
  let n = 0;
  for (let i = 0; i < frame.length; i += 3) {
    const x = (i / 3) % width;
    if (x >= x0 && x < x1 && frame[i]! > 170 && frame[i + 1]! < 70 && frame[i + 2]! < 70) n++;
  }
  return n;
}

describe('animation', () => {
  it('keeps a wide picture whole in a tall frame: products at both edges stay in every frame', async () => {
    // A 16:9 picture with a red product at each side, near the edges.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="#dcd6cc"/>
      <rect x="40" y="260" width="110" height="300" fill="#e00000"/><rect x="1130" y="260" width="110" height="300" fill="#e00000"/></svg>`;
    const data = await sharp(Buffer.from(svg)).png().toBuffer();
    const [width, height] = [360, 640];
    const clip = await localAnimate({ image: { data, mime: 'image/png', width: 1280, height: 720 }, width, height, durationS: 3 });
    for (const frame of await ends(clip.video, width, height)) {
      // Each product keeps most of its area (110×300 scaled to the frame's width): nothing cut off.
      const k = (width * 0.9) / 1280;
      const expected = 110 * k * 300 * k;
      expect(redPixels(frame, width, 0, width / 2)).toBeGreaterThan(expected * 0.8);
      expect(redPixels(frame, width, width / 2, width)).toBeGreaterThan(expected * 0.8);
    }
  }, 60_000);
});
