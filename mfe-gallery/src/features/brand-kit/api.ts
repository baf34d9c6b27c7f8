/**
 * The brand kit's changes (Brand Assets → Brand kit). The kit itself is `useBrandKit()` from
 * `@studio/session/query`: the video editors read it too, so every change writes the answer into
 * `sessionQueryKeys.brandKit`.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiRoutes, type BrandKitResponse, type SaveBrandKitRequest } from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';

export const saveBrandKit = (settings: SaveBrandKitRequest) =>
  apiFetch<BrandKitResponse>(ApiRoutes.brandKit, { method: 'PUT', json: settings });

export function uploadBrandLogo(file: File) {
  const form = new FormData();
  form.set('logo', file);
  return apiFetch<BrandKitResponse>(ApiRoutes.brandKitLogo, { method: 'POST', body: form });
}

export const removeBrandLogo = () => apiFetch<BrandKitResponse>(ApiRoutes.brandKitLogo, { method: 'DELETE' });

/** Every change answers the whole kit: it becomes what every app reads at once. */
const keepKit = (queryClient: QueryClient) => (answer: BrandKitResponse) => queryClient.setQueryData(sessionQueryKeys.brandKit, answer);

/** Saves the colours, font and call to action. */
export function useSaveBrandKit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveBrandKit, onSuccess: keepKit(queryClient) });
}

/** Replaces the logo. */
export function useUploadBrandLogo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadBrandLogo, onSuccess: keepKit(queryClient) });
}

/** Removes the logo. */
export function useRemoveBrandLogo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeBrandLogo, onSuccess: keepKit(queryClient) });
}
