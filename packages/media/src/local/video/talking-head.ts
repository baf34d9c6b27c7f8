/**
 * A talking head on the local engine: the still's face, found point by point by the face mesh,
 * speaks. Its mouth makes the shape of each sound when it is said (the mouth cues given, or heard
 * in the audio by Rhubarb Lip Sync, or as a last resort opened by loudness), its eyes blink and its
 * head sways a little, and the frames go raw to ffmpeg with the speech as the sound. A still
 * without a face gets camera motion with the speech.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageData, MouthCue, TalkingHeadInput, VideoResult } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import { decodeToPcm, runFfmpeg } from '../ffmpeg.ts';
import { AUDIO_ENCODE, encodeFedToMp4, ENCODE, meta, muxFiles, VIDEO_FPS } from './clips.ts';
import type { MeshFace } from './face-mesh.ts';
import { framePoses, mouthFromCues, mouthFromLoudness } from './face-motion.ts';
import { faceRig, renderFrame } from './face-warp.ts';
import { localAnimate } from './motion.ts';

/** What the talking head needs besides its input: the face mesh, and an ear for mouth shapes. */
export interface TalkingHeadTools {
  /** Faces in packed RGB pixels, largest first. */
  findFaces: (rgb: Uint8Array, width: number, height: number) => Promise<MeshFace[]>;
  /** Mouth shapes heard in 16 kHz mono speech (guided by the script); absent or failing: loudness. */
  hearMouthShapes?: (pcm: Int16Array, script?: string) => Promise<MouthCue[]>;
  /** Where the time went (for the benchmark). */
  onTimings?: (timings: { meshMs: number; cuesMs: number; renderMs: number; frames: number; cues: 'given' | 'heard' | 'loudness' }) => void;
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
export function faceCrop(srcW: number, srcH: number, face: Pick<MeshFace, 'box'>, width: number, height: number) {
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

/** The still the right way up, as packed RGB. */
async function orientedStill(image: ImageData) {
  const { data, info } = await sharp(image.data).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height };
}

/**
 * The largest face of the still, its points in the still's pixels. The mesh looks at a copy at
 * most 960 px long: it finds the face at 256 px and reads its points from a 192 px crop anyway.
 */
async function largestFace(still: Awaited<ReturnType<typeof orientedStill>>, findFaces: TalkingHeadTools['findFaces']) {
  const k = Math.min(1, 960 / Math.max(still.width, still.height));
  const seen =
    k === 1
      ? still
      : await sharp(still.rgb, { raw: { width: still.width, height: still.height, channels: 3 } })
          .resize(Math.round(still.width * k), Math.round(still.height * k))
          .raw()
          .toBuffer({ resolveWithObject: true })
          .then(({ data, info }) => ({ rgb: data, width: info.width, height: info.height }));
  const [face] = await findFaces(seen.rgb, seen.width, seen.height).catch(() => [] as MeshFace[]);
  if (!face) return null;
  return moveFace(face, 0, 0, 1 / k);
}

/** A face's coordinates shifted by (-left, -top) and then scaled. */
function moveFace(face: MeshFace, left: number, top: number, scale: number): MeshFace {
  return {
    ...face,
    box: {
      left: (face.box.left - left) * scale,
      top: (face.box.top - top) * scale,
      width: face.box.width * scale,
      height: face.box.height * scale,
    },
    points: face.points.map((v, i) => (v - (i % 2 ? top : left)) * scale),
  };
}

/** The speech as 44.1 kHz mono WAV, followed by silence up to `seconds`. */
async function paddedSpeech(audio: Buffer, seconds: number): Promise<Buffer> {
  return runFfmpeg(
    ['-i', 'pipe:0', '-vn', '-af', 'apad', '-t', seconds.toFixed(3), '-ar', '44100', '-ac', '1', '-f', 'wav', 'pipe:1'],
    audio,
  );
}

/**
 * A talking head: the still's face speaking the audio. The clip lasts as long as the speech, or
 * `durationS` when that is longer (the speech is followed by silence, the face stays alive).
 */
export async function localTalkingHead(input: TalkingHeadInput, tools: TalkingHeadTools): Promise<VideoResult> {
  const started = performance.now();
  const { width, height } = input;
  const [pcm, still] = await Promise.all([
    decodeToPcm(input.audio).catch(() => {
      throw new MediaError('bad_input', 'This audio could not be read.');
    }),
    orientedStill(input.image),
  ]);
  const speechS = pcm.length / 16_000;
  if (speechS < 0.2) throw new MediaError('bad_input', 'The speech is too short to animate.');
  const clipS = Math.max(speechS, input.durationS ?? 0);
  const frames = Math.round(clipS * VIDEO_FPS);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-talk-'));
  try {
    const audioFile = path.join(dir, 'speech.wav');
    // The mouth shapes are heard (in their worker) and the face is looked for (in its own) while
    // ffmpeg pads the speech: the cues given, else heard in the audio, else opened by loudness.
    const cuesStarted = performance.now();
    const given = input.mouthCues?.length ? input.mouthCues : null;
    const heard = given || !tools.hearMouthShapes ? Promise.resolve(null) : tools.hearMouthShapes(pcm, input.script).catch(() => null);
    let cuesMs = 0;
    void heard.then(() => (cuesMs = performance.now() - cuesStarted));
    let meshMs = 0;
    const meshStarted = performance.now();
    const [face] = await Promise.all([
      largestFace(still, tools.findFaces).finally(() => (meshMs = performance.now() - meshStarted)),
      paddedSpeech(input.audio, frames / VIDEO_FPS).then((wav) => fs.writeFile(audioFile, wav)),
    ]);
    if (!face) {
      const moving = await localAnimate({ image: input.image, width, height, durationS: clipS });
      const video = await muxFiles(dir, moving.video, ['-i', audioFile]);
      return { ...moving, video, ...meta(started, 'local/ffmpeg-camera-motion+speech') };
    }

    const cues = given ?? (await heard);
    const source = given ? 'given' : cues?.length ? 'heard' : 'loudness';
    const mouth = cues?.length ? mouthFromCues(cues, frames, VIDEO_FPS) : mouthFromLoudness(mouthEnvelope(pcm), frames);
    const poses = framePoses(mouth, VIDEO_FPS);

    const crop = faceCrop(still.width, still.height, face, width, height);
    const base = await sharp(still.rgb, { raw: { width: still.width, height: still.height, channels: 3 } })
      .extract(crop)
      .resize(width, height)
      .raw()
      .toBuffer();
    const rig = faceRig(moveFace(face, crop.left, crop.top, width / crop.width), width, height, base);

    // Two frame buffers: one is drawn while ffmpeg reads the other.
    const buffers = [Buffer.from(base), Buffer.from(base)];
    const written: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
    let renderMs = 0;
    const video = await encodeFedToMp4(
      (out) => [
        ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-framerate', String(VIDEO_FPS), '-i', 'pipe:0'],
        ...['-i', audioFile, '-map', '0:v', '-map', '1:a', ...ENCODE, ...AUDIO_ENCODE],
        ...['-t', (frames / VIDEO_FPS).toFixed(3), '-movflags', '+faststart', '-y', out],
      ],
      async (write) => {
        for (let i = 0; i < frames; i++) {
          const k = i % 2;
          await written[k];
          const drawn = performance.now();
          renderFrame(base, buffers[k]!, rig, poses[i]!);
          renderMs += performance.now() - drawn;
          written[k] = write(buffers[k]!);
        }
        await Promise.all(written);
      },
    );
    tools.onTimings?.({ meshMs, cuesMs, renderMs, frames, cues: source });
    return {
      video,
      mime: 'video/mp4',
      width,
      height,
      durationS: Math.round((frames / VIDEO_FPS) * 100) / 100,
      ...meta(started, 'local/face-mesh-talking-head'),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
