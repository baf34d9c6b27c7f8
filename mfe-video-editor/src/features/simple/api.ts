/** The simple editor's own calls (spec 2 §7): an uploaded voice track, and a section image from a description. */
import { ApiRoutes, type GenerateImageResponse, type UploadAudioResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { UPLOAD_TIMEOUT_MS } from '../draft/api.ts';

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
