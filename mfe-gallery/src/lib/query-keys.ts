import type { AdminJobsQuery, AssetType } from '@studio/contracts';
import { sessionQueryKeys } from '@studio/session/query';

/**
 * Every TanStack Query key of mfe-gallery, in one place (DESIGN decision 11). The user's products,
 * characters and trained models are `sessionQueryKeys`' (`useProducts()`, `useCharacters()`,
 * `useLoraModels()`): other remotes read them too.
 */
export const galleryKeys = {
  all: sessionQueryKeys.gallery,
  assets: (userId: string, assetType: AssetType) => sessionQueryKeys.userAssets(userId, assetType),
  featured: () => [...galleryKeys.all, 'featured'] as const,
  styles: () => [...galleryKeys.all, 'styles'] as const,
  imageModels: () => [...galleryKeys.all, 'image-models'] as const,
  /** The jobs console's (not under `all`: a gallery change does not touch other users' jobs). */
  adminJobsAll: ['admin-jobs'] as const,
  adminJobs: (filters: Omit<AdminJobsQuery, 'cursor'>) => [...galleryKeys.adminJobsAll, 'list', filters] as const,
  adminJob: (jobId: string) => [...galleryKeys.adminJobsAll, 'job', jobId] as const,
  adminRenderers: ['admin-jobs', 'renderers'] as const,
};
