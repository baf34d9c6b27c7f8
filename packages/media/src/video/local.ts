/**
 * Video on the local engine, all ffmpeg: an image animated as camera motion over the still, a
 * talking head whose mouth opens with the speech (mouth found by face landmarks, opened by the
 * audio's loudness envelope; a still without a face gets the motion only), poster frames and
 * concatenation of sections. Every result is tagged `local`: it is not a generative video model.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageData, ResultMeta } from '../capabilities.ts';
import type { VideoResult } from './types.ts';
import { MediaError } from '../errors.ts';
import type { Face } from '../local/faces.ts';
import { decodeToPcm, runFfmpeg } from '../speech/ffmpeg.ts';

export const VIDEO_FPS = 25;
export const ENCODE = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-r', String(VIDEO_FPS)];

/** Every clip's sound is AAC 44.1 kHz mono, so sections join by stream copy. */
const AUDIO_ENCODE = ['-c:a', 'aac', '-b:a', '128k', '-ar', '44100', '-ac', '1'];

export interface AnimateInput {
  image: ImageData;
  width: number;
  height: number;
  durationS: number;
  /** Camera motion over the still; a slow push-in by default. */
  motion?: 'zoom-in' | 'zoom-out' | 'pan';
}

export interface TalkingHeadInput {
  image: ImageData;
  /** The speech, any format ffmpeg reads; the clip lasts as long as it. */
  audio: Buffer;
  width: number;
  height: number;
}

/** Runs ffmpeg writing to a temporary MP4 (MP4 needs a seekable output) and answers its bytes. */
export async function encodeToMp4(args: (out: string) => string[], stdin: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-video-'));
  try {
    const out = path.join(dir, 'out.mp4');
    await runFfmpeg([...args(out)], stdin, {
      timeoutMs: 10 * 60_000,
      failure: () => new MediaError('upstream', 'The local video engine could not render this clip.'),
    });
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const meta = (started: number, model: string): ResultMeta => ({
  provider: 'local',
  model,
  cost: { amount: Math.round(performance.now() - started) / 1000, unit: 'compute_s' },
});

/** The still, covering `width`×`height` (cropped to the middle), as a PNG. */
async function cover(image: ImageData, width: number, height: number, scale = 1): Promise<Buffer> {
  return sharp(image.data)
    .rotate()
    .resize(Math.round(width * scale), Math.round(height * scale), { fit: 'cover', position: 'attention' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Camera motion over a still (pan and zoom): an MP4 of `durationS` at the given size. */
export async function localAnimate(input: AnimateInput): Promise<VideoResult> {
  const started = performance.now();
  const { width, height } = input;
  if (input.durationS <= 0 || input.durationS > 60) throw new MediaError('bad_input', 'A clip lasts between 0 and 60 seconds.');
  const frames = Math.round(input.durationS * VIDEO_FPS);
  // Rendered on a 1.2× canvas, then the window moves and scales inside it.
  const base = await cover(input.image, width, height, 1.2);
  const zoom =
    input.motion === 'zoom-out' ? `'max(1.2-0.2*on/${frames},1)'` : input.motion === 'pan' ? "'1.1'" : `'min(1+0.2*on/${frames},1.2)'`;
  const x = input.motion === 'pan' ? `'(iw-iw/zoom)*on/${frames}'` : "'(iw-iw/zoom)/2'";
  const video = await encodeToMp4(
    (out) => [
      '-f',
      'png_pipe',
      '-i',
      'pipe:0',
      '-vf',
      `zoompan=z=${zoom}:x=${x}:y='(ih-ih/zoom)/2':d=${frames}:s=${width}x${height}:fps=${VIDEO_FPS}`,
      '-frames:v',
      String(frames),
      ...ENCODE,
      '-an',
      '-movflags',
      '+faststart',
      '-y',
      out,
    ],
    base,
  );
  return {
    video,
    mime: 'video/mp4',
    width,
    height,
    durationS: frames / VIDEO_FPS,
    ...meta(started, `local/ffmpeg-camera-motion/${input.motion ?? 'zoom-in'}`),
  };
}

/** Loudness per video frame, 0…1 (the 95th percentile is fully open), lightly smoothed. */
export function mouthEnvelope(pcm: Int16Array, rate = 16_000, fps = VIDEO_FPS): number[] {
  const hop = Math.round(rate / fps);
  const rms: number[] = [];
  for (let start = 0; start < pcm.length; start += hop) {
    let sum = 0;
    const end = Math.min(pcm.length, start + hop);
    for (let i = start; i < end; i++) sum += (pcm[i]! / 32768) ** 2;
    rms.push(Math.sqrt(sum / Math.max(1, end - start)));
  }
  const sorted = [...rms].sort((a, b) => a - b);
  const loud = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  if (loud <= 0.005) return rms.map(() => 0);
  const open = rms.map((v) => Math.min(1, Math.max(0, (v - loud * 0.1) / (loud * 0.9))));
  return open.map((v, i) => (open[i - 1] ?? v) * 0.25 + v * 0.5 + (open[i + 1] ?? v) * 0.25);
}

/**
 * The part of the still a talking head shows: the frame's shape, as large as the still allows,
 * with the face centred across and a little above the middle (clamped to the still).
 */
export function faceCrop(srcW: number, srcH: number, face: Face, width: number, height: number) {
  const aspect = width / height;
  let cropH = srcH;
  let cropW = cropH * aspect;
  if (cropW > srcW) {
    cropW = srcW;
    cropH = cropW / aspect;
  }
  const faceX = face.box.left + face.box.width / 2;
  const faceY = face.box.top + face.box.height / 2;
  const left = Math.min(srcW - cropW, Math.max(0, faceX - cropW / 2));
  const top = Math.min(srcH - cropH, Math.max(0, faceY - cropH * 0.4));
  return { left: Math.round(left), top: Math.round(top), width: Math.round(cropW), height: Math.round(cropH) };
}

/** The frame around the face, and where its mouth is in that frame. */
async function framedFace(image: ImageData, face: Face, width: number, height: number) {
  const oriented = await sharp(image.data).rotate().png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  const crop = faceCrop(oriented.info.width, oriented.info.height, face, width, height);
  const base = await sharp(oriented.data).extract(crop).resize(width, height).png({ compressionLevel: 1 }).toBuffer();
  const scale = width / crop.width;
  const xs = face.mouth.map((p) => (p.x - crop.left) * scale);
  const ys = face.mouth.map((p) => (p.y - crop.top) * scale);
  const mouth = {
    cx: (Math.min(...xs) + Math.max(...xs)) / 2,
    cy: (Math.min(...ys) + Math.max(...ys)) / 2,
    w: Math.max(8, Math.max(...xs) - Math.min(...xs)),
  };
  return { base, mouth };
}

/** Mouth shapes at a few openings, drawn once and reused per frame. */
const OPENINGS = 10;
async function mouthPatches(mouthW: number): Promise<{ patches: Buffer[]; w: number; h: number }> {
  const w = Math.round(mouthW * 1.2);
  const h = Math.round(mouthW * 0.8);
  const patches = await Promise.all(
    Array.from({ length: OPENINGS + 1 }, (_, level) => {
      const ry = Math.max(0.5, (level / OPENINGS) * mouthW * 0.28);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
        <ellipse cx="${w / 2}" cy="${h / 2}" rx="${(mouthW * 0.42).toFixed(1)}" ry="${ry.toFixed(1)}" fill="#2a0d0d" fill-opacity="${level === 0 ? 0 : 0.88}"/>
        <ellipse cx="${w / 2}" cy="${(h / 2 - ry * 0.55).toFixed(1)}" rx="${(mouthW * 0.22).toFixed(1)}" ry="${(ry * 0.25).toFixed(1)}" fill="#f2efe9" fill-opacity="${level < 3 ? 0 : 0.8}"/>
      </svg>`;
      return sharp(Buffer.from(svg)).png().toBuffer();
    }),
  );
  return { patches, w, h };
}

/**
 * A talking head: the still, its mouth opened with the speech's loudness frame by frame, and the
 * speech as its sound. A still without a face gets camera motion with the speech.
 */
export async function localTalkingHead(input: TalkingHeadInput, findFaces: (image: ImageData) => Promise<Face[]>): Promise<VideoResult> {
  const started = performance.now();
  const { width, height } = input;
  const pcm = await decodeToPcm(input.audio).catch(() => {
    throw new MediaError('bad_input', 'This audio could not be read.');
  });
  const durationS = pcm.length / 16_000;
  if (durationS < 0.2) throw new MediaError('bad_input', 'The speech is too short to animate.');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-talk-'));
  try {
    const audioFile = path.join(dir, 'speech');
    await fs.writeFile(audioFile, input.audio);
    const [face] = await findFaces(input.image).catch(() => [] as Face[]);
    if (!face || face.mouth.length === 0) {
      const still = await localAnimate({ image: input.image, width, height, durationS });
      const video = await muxFiles(dir, still.video, ['-i', audioFile]);
      return { ...still, video, ...meta(started, 'local/ffmpeg-camera-motion+speech') };
    }
    const { base, mouth } = await framedFace(input.image, face, width, height);
    const { patches, w, h } = await mouthPatches(mouth.w);
    const levels = mouthEnvelope(pcm).map((v) => Math.round(v * OPENINGS));
    const frames = Buffer.concat(levels.map((level) => patches[level]!));
    await fs.writeFile(path.join(dir, 'base.png'), base);
    const x = Math.round(mouth.cx - w / 2);
    const y = Math.round(mouth.cy - h / 2);
    const video = await encodeToMp4(
      (out) => [
        '-loop',
        '1',
        '-framerate',
        String(VIDEO_FPS),
        '-i',
        path.join(dir, 'base.png'),
        '-f',
        'png_pipe',
        '-framerate',
        String(VIDEO_FPS),
        '-i',
        'pipe:0',
        '-i',
        audioFile,
        '-filter_complex',
        `[0:v][1:v]overlay=${x}:${y}:shortest=1[v]`,
        '-map',
        '[v]',
        '-map',
        '2:a',
        ...ENCODE,
        ...AUDIO_ENCODE,
        '-shortest',
        '-movflags',
        '+faststart',
        '-y',
        out,
      ],
      frames,
    );
    return {
      video,
      mime: 'video/mp4',
      width,
      height,
      durationS: Math.round(durationS * 100) / 100,
      ...meta(started, 'local/ffmpeg-talking-head'),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** ffmpeg's input of a silent track in the speech's format. */
const SILENCE = ['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono'];

/** The clip's picture (copied) with the sound of `audioInput` (ffmpeg input arguments), cut to the shorter. */
async function muxFiles(dir: string, video: Buffer, audioInput: string[]): Promise<Buffer> {
  const videoFile = path.join(dir, 'still.mp4');
  await fs.writeFile(videoFile, video);
  return encodeToMp4(
    (out) => [
      '-i',
      videoFile,
      ...audioInput,
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-c:v',
      'copy',
      ...AUDIO_ENCODE,
      '-shortest',
      '-movflags',
      '+faststart',
      '-y',
      out,
    ],
    Buffer.alloc(0),
  );
}

/** A clip without sound given a silent track (of the same format as speech), so it joins spoken ones. */
export async function localWithSilence(video: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-silence-'));
  try {
    return await muxFiles(dir, video, SILENCE);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * A clip from elsewhere (a hosted model) made like the local engine's: the job's size (cropped to
 * fill), 25 fps H.264, and AAC 44.1 kHz mono sound (silence when it has none), so that sections of
 * any origin join by stream copy.
 */
export async function localNormalize(video: Buffer, width: number, height: number): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-normalize-'));
  try {
    const file = path.join(dir, 'in.mp4');
    await fs.writeFile(file, video);
    const picture = `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`;
    const encode = (sound: string[]) =>
      encodeToMp4(
        (out) => ['-i', file, ...sound, '-vf', picture, ...ENCODE, ...AUDIO_ENCODE, '-shortest', '-movflags', '+faststart', '-y', out],
        Buffer.alloc(0),
      );
    // Its own sound when it has some; otherwise a silent track.
    return await encode(['-map', '0:v:0', '-map', '0:a:0']).catch(() => encode([...SILENCE, '-map', '0:v:0', '-map', '1:a:0']));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Sections joined in order into one MP4 (same size and codecs: stream copy, no re-encode). */
export async function localConcat(videos: Buffer[]): Promise<Buffer> {
  if (videos.length === 0) throw new MediaError('bad_input', 'There is nothing to join.');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-concat-'));
  try {
    const files = await Promise.all(
      videos.map(async (v, i) => {
        const file = path.join(dir, `${i}-${randomUUID()}.mp4`);
        await fs.writeFile(file, v);
        return file;
      }),
    );
    const list = path.join(dir, 'list.txt');
    await fs.writeFile(list, files.map((f) => `file '${f}'`).join('\n'));
    return await encodeToMp4(
      (out) => ['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-movflags', '+faststart', '-y', out],
      Buffer.alloc(0),
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The first frame as a JPEG: the poster a gallery shows. */
export async function localPosterFrame(video: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-poster-'));
  try {
    const file = path.join(dir, 'in.mp4');
    await fs.writeFile(file, video);
    return await runFfmpeg(['-i', file, '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1'], Buffer.alloc(0));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
