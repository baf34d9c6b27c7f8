/**
 * The landing page's one call: the discover feed's featured images. A plain request, no query hook:
 * the landing page renders before the router and the query client load (its first paint stays small).
 */
import { ApiRoutes, type FeaturedImagesResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';

export const getFeaturedImages = (signal?: AbortSignal) => apiFetch<FeaturedImagesResponse>(ApiRoutes.featuredImages, { signal });
