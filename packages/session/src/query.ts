/**
 * The one TanStack Query client (DESIGN decision 11). `@studio/session` and `@tanstack/react-query`
 * are Module Federation singletons, so the shell and every remote read and invalidate one cache:
 * a generation in one remote that invalidates `['credits']` updates the credits widget of another.
 */
import { QueryClient } from '@tanstack/react-query';

/** Spec 2 §9 "Caching and timing": fresh 5 min, kept 10 min, one retry with capped exponential backoff. */
export const QUERY_STALE_TIME_MS = 5 * 60_000;
export const QUERY_GC_TIME_MS = 10 * 60_000;
export const QUERY_RETRIES = 1;
export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);

/** Keys shared by more than one app; each remote lists its own keys in one file. */
export const sessionQueryKeys = {
  credits: ['credits'] as const,
  /** mfe-gallery's queries: a remote that adds to the gallery invalidates them. */
  gallery: ['gallery'] as const,
};

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
