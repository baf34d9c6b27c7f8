/** The video editor's calls to the bff (spec 2 §7), typed by contracts. */
import {
  ApiRoutes,
  type GenerateAudioResponse,
  type GenerateImageResponse,
  type JobStatusResponse,
  type StartJobResponse,
  type UploadAudioResponse,
  type UserAssetsResponse,
} from '@studio/contracts';
import { apiFetch } from '@studio/session';

/** Starting a job uploads the section images: it may take longer than a plain call. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * Starts a video (spec 2 §7): `sections` as JSON, each section's uploaded image as `image_<index>`,
 * and the voice, format and model fields.
 */
export function startVideo(request: {
  sections: { imageFile: File | null }[];
  sectionsJson: unknown[];
  fields: Record<string, string | number>;
}) {
  const form = new FormData();
  form.set('sections', JSON.stringify(request.sectionsJson));
  request.sections.forEach((s, i) => s.imageFile && form.set(`image_${i}`, s.imageFile));
  for (const [name, value] of Object.entries(request.fields)) form.set(name, String(value));
  return apiFetch<StartJobResponse>(ApiRoutes.generateVideo, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
}

export const jobStatus = (jobId: string) => apiFetch<JobStatusResponse>(`${ApiRoutes.jobStatus}/${jobId}`);
export const cancelJob = (jobId: string) => apiFetch<JobStatusResponse>(`${ApiRoutes.jobs}/${jobId}/cancel`, { method: 'POST' });
export const retryJob = (jobId: string) => apiFetch<StartJobResponse>(`${ApiRoutes.jobs}/${jobId}/retry`, { method: 'POST' });
export const jobEventsUrl = (jobId: string) => `${ApiRoutes.jobStatus}/${jobId}/events`;

export interface SpeechRequest {
  text: string;
  voiceId: string;
  stability: number;
  similarityBoost: number;
  speed: number;
}
export const generateAudio = (request: SpeechRequest) =>
  apiFetch<GenerateAudioResponse>(ApiRoutes.generateAudio, { method: 'POST', json: request, signal: AbortSignal.timeout(60_000) });

export function uploadAudio(file: File, text: string) {
  const form = new FormData();
  form.set('audio', file);
  form.set('purpose', 'lipsync');
  form.set('text', text);
  return apiFetch<UploadAudioResponse>(ApiRoutes.uploadAudio, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
}

/** A section image from a description (the image generator, 1 credit). */
export function generateSectionImage(prompt: string) {
  const form = new FormData();
  form.set('prompt', prompt);
  form.set('aspectRatio', '9:16');
  form.set('mode', 'generate');
  return apiFetch<GenerateImageResponse>(ApiRoutes.generateImage, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
}

export const userImages = (userId: string, cursor?: string) =>
  apiFetch<UserAssetsResponse>(`${ApiRoutes.userAssets}/${userId}?assetType=image${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
