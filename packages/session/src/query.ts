/**
 * The one TanStack Query client (DESIGN decision 11). `@studio/session` and `@tanstack/react-query`
 * are Module Federation singletons, so the shell and every remote read and invalidate one cache:
 * a generation in one remote that invalidates `['credits']` updates the credits widget of another.
 */
import { QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiRoutes, ProductRoutes, type AssetType, type ProductListResponse, type UserAssetsResponse } from '@studio/contracts';
import { apiFetch } from './api.ts';
import { refreshCredits, refreshSession } from './actions.ts';

/** Spec 2 §9 "Caching and timing": fresh 5 min, kept 10 min, one retry with capped exponential backoff. */
export const QUERY_STALE_TIME_MS = 5 * 60_000;
export const QUERY_GC_TIME_MS = 10 * 60_000;
export const QUERY_RETRIES = 1;
export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * Keys of the data more than one app reads (the user's assets, credits, profile): one key each, so a
 * change made anywhere refreshes it everywhere. Each remote lists its own other keys in one file.
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
};

/** The user's products with their photos, newest first. */
export const fetchProducts = (signal?: AbortSignal) => apiFetch<ProductListResponse>(ProductRoutes.list, { signal });

/** The user's products: one hook and key for every app that lists them (a product added anywhere shows everywhere). */
export const useProducts = () => useQuery({ queryKey: sessionQueryKeys.products, queryFn: ({ signal }) => fetchProducts(signal) });

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

/** Deletes one of the user's assets; whoever calls it invalidates `sessionQueryKeys.gallery` (every list of assets). */
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
