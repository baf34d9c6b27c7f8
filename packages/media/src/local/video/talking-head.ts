/**
 * A talking head on the local engine: the still's mouth (found by face landmarks) opened by the
 * audio's loudness envelope frame by frame, with the speech as its sound; a still without a face
 * gets camera motion with the speech.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageData, TalkingHeadInput, VideoResult } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import type { Face } from '../image/faces.ts';
import { decodeToPcm } from '../ffmpeg.ts';
import { AUDIO_ENCODE, encodeToMp4, ENCODE, meta, muxFiles, VIDEO_FPS } from './clips.ts';
import { localAnimate } from './motion.ts';

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
