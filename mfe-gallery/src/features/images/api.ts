/**
 * The images feature's server calls (spec 2 §2): the prompt bar's lists and its generation, Image →
 * Prompt, and the card and viewer actions. Components use these hooks and fetchers, never `apiFetch`;
 * keys come from `galleryKeys`, the user's images from `@studio/session/query`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiRoutes,
  type DescribeImageResponse,
  type FeatureToggleResponse,
  type GenerateImageResponse,
  type JobStatusResponse,
  type ModelListResponse,
  type StartJobResponse,
  type UpscaleImageResponse,
  type UserAsset,
} from '@studio/contracts';
import { apiFetch, offerUpgrade } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { galleryKeys } from '../../lib/query-keys.ts';

/** Generation takes longer than a plain API call: several images, or a cut-out, on the local engine. */
const GENERATION_TIMEOUT_MS = 180_000;
/** Describing runs a vision model (a few seconds on the local engine). */
const DESCRIBE_TIMEOUT_MS = 120_000;
/** An upscale runs a model on the whole image: longer than a plain API call. */
const UPSCALE_TIMEOUT_MS = 180_000;

export const fetchImageModels = (signal?: AbortSignal) => apiFetch<ModelListResponse>(ApiRoutes.imageModels, { signal });

/** The pre-built models and styles, and which engine makes the images. */
export const useImageModels = () => useQuery({ queryKey: galleryKeys.imageModels(), queryFn: ({ signal }) => fetchImageModels(signal) });

/*
 * The user's own trained models (the Models menu) and characters (the prompt bar's Character menu,
 * the viewer's "Choose a character") are the shared `useLoraModels` and `useCharacters`: training
 * in mfe-image-studio invalidates their keys, so a new character shows here without a reload.
 */
export { useCharacters, useLoraModels } from '@studio/session/query';

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

export function describeImage(image: File) {
  const form = new FormData();
  form.set('image', image);
  return apiFetch<DescribeImageResponse>(ApiRoutes.describeImage, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(DESCRIBE_TIMEOUT_MS),
  });
}

/** Image → Prompt: a description of an uploaded image (1 credit, so the credits are read again). */
export function useDescribeImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: describeImage,
    onError: (error) => void offerUpgrade(error, 'describe this image'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits }),
  });
}

/*
 * The card and viewer actions (`useAssetActions` runs them and re-reads what they change); deleting
 * an asset is `deleteUserAsset` of `@studio/session/query`, beside the list it changes.
 */

export const upscaleImage = (userId: string, asset: UserAsset) =>
  apiFetch<UpscaleImageResponse>(ApiRoutes.upscaleImage, {
    method: 'POST',
    json: {
      userId,
      imageUrl: asset.public_url,
      prompt: asset.metadata.prompt,
      aspectRatio: asset.metadata.aspectRatio,
      characterId: asset.character_id,
    },
    signal: AbortSignal.timeout(UPSCALE_TIMEOUT_MS),
  });

/** Starts the animation job of an image; follow it with `fetchJobStatus`. */
export function startAnimation(userId: string, asset: UserAsset, options: { duration: number; aspectRatio: string }) {
  const form = new FormData();
  form.set('imageUrl', asset.public_url);
  form.set('prompt', asset.metadata.prompt);
  form.set('duration', String(options.duration));
  form.set('aspectRatio', options.aspectRatio);
  form.set('userId', userId);
  return apiFetch<StartJobResponse>(ApiRoutes.generateAnimation, { method: 'POST', body: form });
}

export const fetchJobStatus = (jobId: string) => apiFetch<JobStatusResponse>(`${ApiRoutes.jobStatus}/${jobId}`);

export const setFeatured = (userId: string, assetId: string, isFeatured: boolean) =>
  apiFetch<FeatureToggleResponse>(`${ApiRoutes.featuredAsset}/${assetId}/featured`, { method: 'PATCH', json: { userId, isFeatured } });

export const associateWithCharacter = (userId: string, characterId: string, assetId: string) =>
  apiFetch(`${ApiRoutes.characters}/${characterId}/assets/${assetId}`, { method: 'POST', json: { userId } });
