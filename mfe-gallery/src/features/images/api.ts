/**
 * The images feature's server calls (spec 2 §2): the prompt bar's lists and its generation, Image →
 * Prompt, and the card and viewer actions. Components use these hooks and fetchers, never `apiFetch`;
 * keys come from `galleryKeys`, the user's images from `@studio/session/query`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiRoutes,
  isJobFinished,
  JOB_POLL_MS,
  JOB_TIMEOUT_MS,
  Messages,
  type DescribeImageResponse,
  type FeatureToggleResponse,
  type JobStatusResponse,
  type ModelListResponse,
  type StartJobResponse,
  type UpscaleImageResponse,
  type UserAsset,
} from '@studio/contracts';
import { ApiError, apiFetch, offerUpgrade } from '@studio/session';
import { deleteUserAsset, sessionQueryKeys } from '@studio/session/query';
import { galleryKeys } from '../../lib/query-keys.ts';

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

/*
 * Generation (the prompt bar's Generate, the welcome flow's runs) is the remote's shared kernel:
 * one call, one time limit, one mutation with its invalidations.
 */
export { generateImages, useGenerateImages, type GenerationInput } from '../../shared/generation/api.ts';

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
 * The card and viewer actions (`useAssetActions` runs them and shows how they went); each mutation
 * below declares what it changes. Deleting an asset is `deleteUserAsset` of `@studio/session/query`,
 * beside the list it changes.
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

/** Deletes assets one by one: every list of the gallery and the characters (one may show a deleted image) are read again. */
export function useDeleteAssets(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (assets: readonly UserAsset[]) => {
      for (const asset of assets) await deleteUserAsset(userId, asset.id);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: galleryKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKeys.charactersAll }),
      ]),
  });
}

/** Upscales an image (charged): the new image joins the gallery; the balance is read again whatever happens. */
export function useUpscaleImage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (asset: UserAsset) => upscaleImage(userId, asset),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: galleryKeys.all }),
    onError: (error) => void offerUpgrade(error, 'upscale this image'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits }),
  });
}

/** An image to animate (spec 2 §2: a 3–12 s clip), and what to say once its job has started. */
export interface AnimationInput {
  asset: UserAsset;
  options: { duration: number; aspectRatio: string };
  onStarted: () => void;
}

/**
 * Animates an image: starts its job and follows it to the end (the clip lands in Videos). The
 * balance is read again when the job starts and when it ends (a failure is refunded).
 */
export function useAnimateImage(userId: string) {
  const queryClient = useQueryClient();
  const refreshCredits = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits });
  return useMutation({
    mutationFn: async ({ asset, options, onStarted }: AnimationInput) => {
      let jobId: string;
      try {
        jobId = (await startAnimation(userId, asset, options)).jobId;
      } catch (err) {
        void offerUpgrade(err, 'animate this image');
        throw err;
      } finally {
        refreshCredits();
      }
      onStarted();
      const started = Date.now();
      for (;;) {
        await new Promise((r) => setTimeout(r, JOB_POLL_MS));
        const { job } = await fetchJobStatus(jobId);
        if (isJobFinished(job.status)) {
          refreshCredits();
          if (job.status !== 'COMPLETED')
            throw new ApiError(
              502,
              'upstream_failed',
              `${Messages.failedToAnimate}: ${job.sections[0]?.error ?? job.error ?? 'Unknown error'}`,
            );
          return job;
        }
        if (Date.now() - started > JOB_TIMEOUT_MS) throw new ApiError(504, 'timeout', Messages.videoTimedOutLater);
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: galleryKeys.all }),
  });
}

/** Features an image on Discover, or takes it off: the gallery's lists (the feed, the star) are read again. */
export function useToggleFeatured(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (asset: UserAsset) => setFeatured(userId, asset.id, !asset.is_featured),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: galleryKeys.all }),
  });
}

/** Links an image to a character, which then shows it: the gallery and the characters (every app's) are read again. */
export function useAssociateWithCharacter(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ asset, characterId }: { asset: UserAsset; characterId: string }) =>
      associateWithCharacter(userId, characterId, asset.id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: galleryKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKeys.charactersAll }),
      ]),
  });
}
