import fs from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { runFfmpeg } from '../ffmpeg.ts';
import { captionCues, localBurnCaptions } from './captions.ts';
import { localAnimate } from './motion.ts';

// Every ffmpeg run is recorded (and still runs), so the test sees what the caption render asked of it.
vi.mock('../ffmpeg.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../ffmpeg.ts')>();
  return { ...real, runFfmpeg: vi.fn(real.runFfmpeg) };
});

const W = 180;
const H = 320;

/** The first frame of a clip as grey pixels. */
async function firstFrame(video: Buffer): Promise<Buffer> {
  const file = join(fs.mkdtempSync(join(os.tmpdir(), 'captions-')), 'v.mp4');
  fs.writeFileSync(file, video);
  const real = await vi.importActual<typeof import('../ffmpeg.ts')>('../ffmpeg.ts');
  const raw = await real.runFfmpeg(['-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], Buffer.alloc(0));
  fs.rmSync(dirnameOf(file), { recursive: true, force: true });
  return raw.subarray(0, W * H);
}
const dirnameOf = (file: string) => file.slice(0, file.lastIndexOf('/'));
const rows = (frame: Buffer, from: number, to: number) => frame.subarray(from * W, to * W);
const changed = (a: Buffer, b: Buffer) => a.reduce((n, v, i) => n + (Math.abs(v - b[i]!) > 60 ? 1 : 0), 0);

describe('captions', () => {
  it('renders 1,000 cues of script through one ffmpeg input, and the captions show where they sit', async () => {
    const still = await sharp({ create: { width: W, height: H, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
    const clip = await localAnimate({ image: { data: still, mime: 'image/jpeg', width: W, height: H }, width: W, height: H, durationS: 2 });
    // 6,000 words: 1,000 cues of six words before anything bounds them.
    const script = Array.from({ length: 6000 }, (_, i) => `word${i % 50}`).join(' ');
    vi.mocked(runFfmpeg).mockClear();

    const captioned = await localBurnCaptions({ video: clip.video, script, width: W, height: H, durationS: 2 });

    const calls = vi.mocked(runFfmpeg).mock.calls.map(([args]) => args);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.filter((a) => a === '-i')).toHaveLength(1);
    const [before, after] = [await firstFrame(clip.video), await firstFrame(captioned)];
    // The caption band (around 80% of the height) carries white type; the top of the frame is untouched.
    expect(changed(rows(before, 240, 275), rows(after, 240, 275))).toBeGreaterThan(150);
    expect(changed(rows(before, 0, 150), rows(after, 0, 150))).toBe(0);
  }, 120_000);

  it('gives each cue at least half a second: a clip carries only as many cues as its length allows', () => {
    const script = Array.from({ length: 6000 }, () => 'word').join(' ');
    const cues = captionCues(script, 12);
    expect(cues.length).toBeLessThanOrEqual(24);
    expect(cues.every((c) => c.end - c.start >= 0.49)).toBe(true);
    expect(cues.at(-1)!.end).toBeCloseTo(12, 1);
  });

  it('wraps a script’s long caption inside the frame at one size instead of running it off the edge', async () => {
    const still = await sharp({ create: { width: W, height: H, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
    const clip = await localAnimate({ image: { data: still, mime: 'image/jpeg', width: W, height: H }, width: W, height: H, durationS: 2 });
    // One cue of six long words: captions once shrank it to half size and still ran it off the left edge.
    const script = 'Unbelievably hydrating serum extraordinarily moisturising everyday';
    const captioned = await localBurnCaptions({ video: clip.video, script, width: W, height: H, durationS: 2 });
    const [before, after] = [await firstFrame(clip.video), await firstFrame(captioned)];
    const columns = (frame: Buffer, from: number, to: number) => Buffer.from(frame.filter((_, i) => i % W >= from && i % W < to));
    const edge = Math.ceil(W * 0.03);
    expect(changed(rows(before, 0, H), rows(after, 0, H))).toBeGreaterThan(150);
    expect(changed(columns(before, 0, edge), columns(after, 0, edge))).toBe(0);
    expect(changed(columns(before, W - edge, W), columns(after, W - edge, W))).toBe(0);
    // Clear of the short-video apps' bottom fifth.
    expect(changed(rows(before, H * 0.8, H), rows(after, H * 0.8, H))).toBe(0);
  }, 120_000);
});
