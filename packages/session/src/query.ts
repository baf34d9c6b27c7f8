/**
 * The one TanStack Query client (DESIGN decision 11). `@studio/session` and `@tanstack/react-query`
 * are Module Federation singletons, so the shell and every remote read and invalidate one cache:
 * a generation in one remote that invalidates `['credits']` updates the credits widget of another.
 */
import { QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiRoutes,
  PaymentRoutes,
  ProductRoutes,
  TrainingRoutes,
  type AssetType,
  type BrandKitResponse,
  type CharactersResponse,
  type PortalSessionResponse,
  type ProductListResponse,
  type TrainedModelListResponse,
  type UploadTempImageResponse,
  type UserAssetsResponse,
  type UserLoraModelsResponse,
} from '@studio/contracts';
import { apiFetch } from './api.ts';
import { refreshCredits, refreshSession } from './actions.ts';

/** Spec 2 §9 "Caching and timing": fresh 5 min, kept 10 min, one retry with capped exponential backoff. */
export const QUERY_STALE_TIME_MS = 5 * 60_000;
export const QUERY_GC_TIME_MS = 10 * 60_000;
export const QUERY_RETRIES = 1;
export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * Keys of the data more than one app reads (the user's assets, credits, profile, products, characters,
 * trained models): one key each, so a change made anywhere refreshes it everywhere. Each remote lists
 * its own other keys in one file.
 */
export const sessionQueryKeys = {
  credits: ['credits'] as const,
  profile: ['profile'] as const,
  /** mfe-gallery's queries: a remote that adds to the gallery invalidates them. */
  gallery: ['gallery'] as const,
  /** The user's assets of one type, newest first (under `gallery`, so invalidating it refreshes them). */
  userAssets: (userId: string, assetType: AssetType) => ['gallery', 'assets', userId, assetType] as const,
  /** The user's products (spec 2 §2 Products), read by mfe-gallery and mfe-image-studio's pickers. */
  products: ['products'] as const,
  /** The user's brand kit: Brand Assets edits it (mfe-gallery); the video editors read its colours, font and end card. */
  brandKit: ['brand-kit'] as const,
  /**
   * The user's characters: the prompt bar's Character menu (mfe-gallery) and the voice picker's
   * character voices (mfe-voices) read this one key; training a character (mfe-image-studio) invalidates it.
   */
  characters: (userId: string) => ['characters', userId] as const,
  charactersAll: ['characters'] as const,
  /** The user's trained styles and characters: the training screens (mfe-image-studio) and the Models menu (mfe-gallery). */
  trainedModels: ['trained-models'] as const,
  trainedModelList: () => [...sessionQueryKeys.trainedModels, 'list'] as const,
  /** The same models as the Models menu lists them (`/api/user-lora-models`), under `trainedModels`. */
  loraModels: (userId: string) => [...sessionQueryKeys.trainedModels, 'lora', userId] as const,
};

/** The user's characters, newest first. */
export const fetchCharacters = (userId: string, signal?: AbortSignal) =>
  apiFetch<CharactersResponse>(`${ApiRoutes.characters}/${userId}`, { signal });

/** The user's characters: one hook and key for every app (none asked for signed out). */
export const useCharacters = (userId: string) =>
  useQuery({
    queryKey: sessionQueryKeys.characters(userId),
    enabled: Boolean(userId),
    queryFn: ({ signal }) => fetchCharacters(userId, signal),
  });

/** How often the trained models are read again while one is queued or training. */
export const TRAINING_POLL_MS = 1500;

const isTraining = (models: readonly { status: string }[] | undefined) =>
  Boolean(models?.some((m) => m.status === 'queued' || m.status === 'training'));

export const fetchTrainedModels = (signal?: AbortSignal) => apiFetch<TrainedModelListResponse>(TrainingRoutes.models, { signal });

/**
 * The user's trained models, read again every `TRAINING_POLL_MS` while one is queued or training.
 * When a training ends, every other reader of the models and the characters (whose sample image
 * it sets) is refreshed too, wherever it is on screen.
 */
export function useTrainedModels() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: sessionQueryKeys.trainedModelList(),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<TrainedModelListResponse>(sessionQueryKeys.trainedModelList());
      const answer = await fetchTrainedModels(signal);
      if (isTraining(before?.models) && !isTraining(answer.models)) {
        void queryClient.invalidateQueries({ queryKey: [...sessionQueryKeys.trainedModels, 'lora'] });
        void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.charactersAll });
        // The Styles page lists a ready style the user shares.
        void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.gallery });
      }
      return answer;
    },
    refetchInterval: (query) => (isTraining(query.state.data?.models) ? TRAINING_POLL_MS : false),
  });
}

export const fetchLoraModels = (userId: string, signal?: AbortSignal) =>
  apiFetch<UserLoraModelsResponse>(`${ApiRoutes.userLoraModels}/${userId}`, { signal });

/** The user's own trained models as the Models menu lists them, whatever their status. */
export const useLoraModels = (userId: string) =>
  useQuery({
    queryKey: sessionQueryKeys.loraModels(userId),
    enabled: Boolean(userId),
    queryFn: ({ signal }) => fetchLoraModels(userId, signal),
  });

/** Opens the provider's billing portal (the user menu, the plans page); the page then leaves for it. */
export const useOpenBillingPortal = () =>
  useMutation({
    mutationFn: () => apiFetch<PortalSessionResponse>(PaymentRoutes.portalSession, { method: 'POST' }),
    onSuccess: (answer) => window.location.assign(answer.url),
  });

/** How long a photo's upload may take before it is given up. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * A photo from the user's computer, kept as their private temporary upload: the URL a step of the
 * image studio or a draft of the video editors names. It is in no list, so nothing is read again.
 */
export function uploadTempImage(file: File) {
  const form = new FormData();
  form.set('image', file);
  return apiFetch<UploadTempImageResponse>(ApiRoutes.uploadTempImage, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
}
export const useUploadTempImage = () => useMutation({ mutationFn: uploadTempImage });

/** The user's products with their photos, newest first. */
export const fetchProducts = (signal?: AbortSignal) => apiFetch<ProductListResponse>(ProductRoutes.list, { signal });

/** The user's products: one hook and key for every app that lists them (a product added anywhere shows everywhere). */
export const useProducts = () => useQuery({ queryKey: sessionQueryKeys.products, queryFn: ({ signal }) => fetchProducts(signal) });

/** The user's brand kit (the defaults until they save one). */
export const fetchBrandKit = (signal?: AbortSignal) => apiFetch<BrandKitResponse>(ApiRoutes.brandKit, { signal });

/** The user's brand kit: one hook and key for every app that shows or uses it. */
export const useBrandKit = () => useQuery({ queryKey: sessionQueryKeys.brandKit, queryFn: ({ signal }) => fetchBrandKit(signal) });

/** Fetches one keyset page of the user's assets of one type (spec 1 §2: 20 a page, newest first). */
export function fetchUserAssets(
  userId: string,
  assetType: AssetType,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<UserAssetsResponse> {
  const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
  return apiFetch<UserAssetsResponse>(`${ApiRoutes.userAssets}/${userId}?assetType=${assetType}${after}`, { signal });
}

/** Deletes one of the user's assets; mfe-gallery's `useDeleteAssets` wraps it with what it refreshes. */
export const deleteUserAsset = (userId: string, assetId: string) =>
  apiFetch(`${ApiRoutes.userAssets}/${assetId}`, { method: 'DELETE', json: { userId } });

/**
 * The user's assets of one type as an infinite list, the one hook every app uses for them (the
 * gallery, the editors' image pickers, Product Studio): `assets` is every page loaded so far.
 */
export function useUserAssets(userId: string, assetType: AssetType, options: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({
    queryKey: sessionQueryKeys.userAssets(userId, assetType),
    enabled: Boolean(userId) && (options.enabled ?? true),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchUserAssets(userId, assetType, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
  return { ...query, assets: query.data?.pages.flatMap((p) => p.assets) ?? [] };
}

/** The user's images: `useUserAssets(userId, 'image')`. */
export const useUserImages = (userId: string, options: { enabled?: boolean } = {}) => useUserAssets(userId, 'image', options);

/**
 * Keeps the balance in the session atoms current: any app that invalidates `['credits']` (a generation
 * that spent credits, a purchase) makes this re-read it. Read the balance from `creditsAtom`.
 */
export function useCreditsQuery(enabled: boolean) {
  return useQuery({ queryKey: sessionQueryKeys.credits, queryFn: refreshCredits, enabled });
}

/** Re-reads the session (user and profile) into the atoms when `['profile']` is invalidated (a username or avatar change). */
export function useProfileQuery(enabled: boolean) {
  return useQuery({ queryKey: sessionQueryKeys.profile, queryFn: async () => (await refreshSession(), true), enabled });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: QUERY_RETRIES,
        retryDelay,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: 0 },
    },
  });
}

let client: QueryClient | null = null;

/** The shell calls this first and so creates the client; remotes (and a remote run alone) get the same one. */
export function getQueryClient(): QueryClient {
  client ??= createQueryClient();
  return client;
}
