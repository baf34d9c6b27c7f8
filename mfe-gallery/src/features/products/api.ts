/**
 * The products page's changes (Brand Assets → Products, store import). The list itself is
 * `useProducts()` from `@studio/session/query`: other remotes read it too, so a change re-reads
 * `sessionQueryKeys.products`.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  AdDraftRoutes,
  ProductRoutes,
  type AdDraftRequest,
  type AdDraftResponse,
  type ProductResponse,
  type StoreImagesResponse,
  type StoreImportRequest,
  type Product,
  type UpdateProductRequest,
} from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';

/** An import downloads every chosen image from the store: more time than an ordinary call. */
const IMPORT_TIMEOUT_MS = 60_000;
/** A draft may wait for a language model to write its scripts. */
const DRAFT_TIMEOUT_MS = 45_000;

export function createProduct({ title, files }: { title: string; files: File[] }) {
  const form = new FormData();
  form.set('title', title);
  files.forEach((file, i) => form.set(`image_${i}`, file));
  return apiFetch<ProductResponse>(ProductRoutes.products, { method: 'POST', body: form });
}

export const updateProduct = ({ id, ...change }: { id: string } & UpdateProductRequest) =>
  apiFetch<ProductResponse>(`${ProductRoutes.products}/${id}`, { method: 'PATCH', json: change });

export const deleteProduct = (id: string) => apiFetch(`${ProductRoutes.products}/${id}`, { method: 'DELETE' });

export function addProductImage({ id, file }: { id: string; file: File }) {
  const form = new FormData();
  form.set('image', file);
  return apiFetch<ProductResponse>(`${ProductRoutes.products}/${id}/images`, { method: 'POST', body: form });
}

export const removeProductImage = ({ id, assetId }: { id: string; assetId: string }) =>
  apiFetch<ProductResponse>(`${ProductRoutes.products}/${id}/images/${assetId}`, { method: 'DELETE' });

export const readStore = (url: string) =>
  apiFetch<StoreImagesResponse>(`${ProductRoutes.storeImages}?url=${encodeURIComponent(url)}`, {
    signal: AbortSignal.timeout(IMPORT_TIMEOUT_MS),
  });

export const importFromStore = (request: StoreImportRequest) =>
  apiFetch<ProductResponse>(ProductRoutes.storeImport, { method: 'POST', json: request, signal: AbortSignal.timeout(IMPORT_TIMEOUT_MS) });

/** After a change to the products, every app's list of them (`sessionQueryKeys.products`) is read again. */
const refreshProducts = (queryClient: QueryClient) => () => queryClient.invalidateQueries({ queryKey: sessionQueryKeys.products });

/** Adds a product with its photos. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: refreshProducts(queryClient) });
}

/** Renames a product, or changes its description. */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProduct, onSuccess: refreshProducts(queryClient) });
}

/** Deletes a product and its photos. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: refreshProducts(queryClient) });
}

/** Adds a photo to a product. */
export function useAddProductImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addProductImage, onSuccess: refreshProducts(queryClient) });
}

/** Removes a photo from a product. */
export function useRemoveProductImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeProductImage, onSuccess: refreshProducts(queryClient) });
}

/** Imports a product with the chosen images from a store. */
export function useImportFromStore() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importFromStore, onSuccess: refreshProducts(queryClient) });
}

/** Reads a store's product images on demand (a look-up the user starts; nothing changes). */
export const useReadStore = () => useMutation({ mutationFn: readStore });

export const draftAd = (request: AdDraftRequest) =>
  apiFetch<AdDraftResponse>(AdDraftRoutes.drafts, { method: 'POST', json: request, signal: AbortSignal.timeout(DRAFT_TIMEOUT_MS) }).then(
    (answer) => answer.draft,
  );

/**
 * Drafts an ad from one of the user's products (free; the editor receives the draft), presented by
 * one of their images when one is chosen. A description changed on the way is kept with the product
 * first, and the products are read again.
 */
export function useDraftAdMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      product,
      description,
      presenterImageUrl,
    }: {
      product: Product;
      description: string;
      presenterImageUrl: string | null;
    }) => {
      if (description !== product.description) await updateProduct({ id: product.id, description });
      return draftAd({ productId: product.id, ...(presenterImageUrl && { presenterImageUrl }) });
    },
    onSettled: refreshProducts(queryClient),
  });
}
