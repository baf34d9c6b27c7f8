/**
 * Generating images (spec 2 §2), shared by the prompt bar and the welcome flow: the one call to the
 * generation route with its time limit, and its mutation. The user's images are read again before
 * a run ends, so they are in the grid when Generate comes back; the credits are read again whatever happens.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRoutes, type GenerateImageResponse } from '@studio/contracts';
import { apiFetch, offerUpgrade } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { galleryKeys } from '../../lib/query-keys.ts';

/** Generation takes longer than a plain API call: several images, or a cut-out, on the local engine. */
const GENERATION_TIMEOUT_MS = 180_000;
/** A generation as sent: its form fields (the prompt bar's debug panel shows them) and the uploaded images. */
export interface GenerationInput {
  fields: Record<string, string>;
  image?: File;
  image2?: File;
}

export function generateImages({ fields, image, image2 }: GenerationInput) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (image) form.set('image', image);
  if (image2) form.set('image2', image2);
  return apiFetch<GenerateImageResponse>(ApiRoutes.generateImage, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(GENERATION_TIMEOUT_MS),
  });
}

/**
 * Generate (spec 2 §2). The caller's `onSuccess` runs first, then the user's images are read again
 * before the run ends, so they are in the grid when Generate comes back; the credits are read again
 * whatever happens.
 */
export function useGenerateImages(
  userId: string,
  callbacks: {
    onSuccess: (answer: GenerateImageResponse, input: GenerationInput) => void;
    onError: (error: Error, input: GenerationInput) => void;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateImages,
    onSuccess: async (answer, input) => {
      callbacks.onSuccess(answer, input);
      await queryClient.invalidateQueries({ queryKey: galleryKeys.assets(userId, 'image') });
    },
    onError: (error, input) => {
      callbacks.onError(error, input);
      void offerUpgrade(error, 'generate images');
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits }),
  });
}
