import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';

/**
 * Three photos of one woman, for training a character: the one-person crop of face-api's group
 * sample (a character's photos show no one else), as taken, mirrored and brighter.
 */
export async function characterPhotos(name: string): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const demo = join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo');
  return Promise.all(
    [(s: Sharp) => s, (s: Sharp) => s.flop(), (s: Sharp) => s.modulate({ brightness: 1.15 })].map(async (change, i) => ({
      name: `${name}-${i}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await change(sharp(join(demo, 'sample3.jpg')).extract({ left: 900, top: 30, width: 600, height: 800 }))
        .resize({ width: 640, height: 640, fit: 'inside' })
        .jpeg()
        .toBuffer(),
    })),
  );
}
