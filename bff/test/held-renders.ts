/**
 * Video jobs whose renders a test holds (DESIGN decision 18's queue tests): silent jobs to start,
 * and clips of the fast engine that wait until the test releases them.
 */
import sharp from 'sharp';
import { vi } from 'vitest';
import type { TestStudio } from './harness.ts';

/** A job of `sections` silent sections of `seconds` each (the tests tell users' renders apart by it). */
export async function videoForm(sections: number, seconds = 3): Promise<FormData> {
  const image = await sharp({ create: { width: 360, height: 640, channels: 3, background: '#5a7d9a' } })
    .png()
    .toBuffer();
  const form = new FormData();
  const ids = Array.from({ length: sections }, (_, i) => `s${i}`);
  form.set('sections', JSON.stringify(ids.map((id) => ({ id, name: id, scriptEnabled: false, videoDuration: seconds, hasImage: true }))));
  for (const i of ids.keys()) form.set(`image_${i}`, new Blob([new Uint8Array(image)], { type: 'image/png' }), `${i}.png`);
  return form;
}

/**
 * Clips that wait until `release()` (the renders a test holds), then render as the fast engine does
 * (a little slowly, so that renders overlap); counted while they run, by their length.
 */
export function holdRenders(studio: TestStudio) {
  const video = studio.deps.media.video;
  const original = video.imageToVideo.bind(video);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const inFlight = new Map<number, number>();
  const most = new Map<number, number>();
  const spy = vi.spyOn(video, 'imageToVideo').mockImplementation(async (input) => {
    const key = input.durationS;
    inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
    most.set(key, Math.max(most.get(key) ?? 0, inFlight.get(key)!));
    try {
      await released;
      await new Promise((r) => setTimeout(r, 150));
      return await original(input);
    } finally {
      inFlight.set(key, inFlight.get(key)! - 1);
    }
  });
  const total = () => [...inFlight.values()].reduce((n, v) => n + v, 0);
  return { release, spy, inFlight: total, most: (seconds: number) => most.get(seconds) ?? 0 };
}
