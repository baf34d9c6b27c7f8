import type { ImageData, ResultMeta } from '../capabilities.ts';

/** A rendered clip (MP4) with its size and length. */
export type VideoResult = { video: Buffer; mime: 'video/mp4'; width: number; height: number; durationS: number } & ResultMeta;

/** Image → video at a model's rules (spec 2 §9): its aspect ratio and duration. */
export interface ImageToVideoInput {
  image: ImageData;
  prompt: string;
  model: 'seedance' | 'veo3';
  aspectRatio: string;
  durationS: number;
  width: number;
  height: number;
}

/** A clip made to speak `audio`; the local engine animates the still itself, a hosted model syncs `video`. */
export interface LipSyncInput {
  video: Buffer;
  audio: Buffer;
  image: ImageData;
  width: number;
  height: number;
  durationS: number;
}

/** What a hosted provider does for video. */
export interface HostedVideo {
  imageToVideo(input: ImageToVideoInput): Promise<VideoResult>;
  lipSync(input: LipSyncInput): Promise<VideoResult>;
}
