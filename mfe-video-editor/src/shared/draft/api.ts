/** The calls both editors make (spec 2 §7): speaking a script, and starting the video. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRoutes, type GenerateAudioResponse, type StartJobResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';

/** Starting a job uploads the section images: it may take longer than a plain call. */
export const UPLOAD_TIMEOUT_MS = 120_000;

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

export interface SpeechRequest {
  text: string;
  voiceId: string;
  stability: number;
  similarityBoost: number;
  speed: number;
}
export const generateAudio = (request: SpeechRequest) =>
  apiFetch<GenerateAudioResponse>(ApiRoutes.generateAudio, { method: 'POST', json: request, signal: AbortSignal.timeout(60_000) });

/** Starts a video; its credits are reserved, so the balance is read again. */
export function useStartVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startVideo,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits }),
  });
}

/** Speaks a script for a credit; the balance is read again whatever happens (spent or refunded). */
export function useGenerateAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateAudio,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits }),
  });
}
