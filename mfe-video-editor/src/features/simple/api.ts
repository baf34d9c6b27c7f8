/** The simple editor's own calls (spec 2 §7): an uploaded voice track, and a section image from a description. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRoutes, type GenerateImageResponse, type UploadAudioResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { UPLOAD_TIMEOUT_MS } from '@studio/session/query';

export function uploadAudio({ file, text }: { file: File; text: string }) {
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

/** Uploads a section's voice track (kept with the user's audio). */
export const useUploadAudio = () => useMutation({ mutationFn: uploadAudio });

/** Makes a section image (1 credit): it lands in the gallery, and the balance is read again whatever happens. */
export function useGenerateSectionImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateSectionImage,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.gallery }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits }),
  });
}
