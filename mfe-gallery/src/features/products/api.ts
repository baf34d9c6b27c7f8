/**
 * The products page's changes (Brand Assets → Products, store import). The list itself is
 * `useProducts()` from `@studio/session/query`: other remotes read it too, so a change re-reads
 * `sessionQueryKeys.products`.
 */
import { ProductRoutes, type ProductResponse, type StoreImagesResponse, type StoreImportRequest } from '@studio/contracts';
import { apiFetch } from '@studio/session';

/** An import downloads every chosen image from the store: more time than an ordinary call. */
const IMPORT_TIMEOUT_MS = 60_000;

export function createProduct(title: string, files: File[]) {
  const form = new FormData();
  form.set('title', title);
  files.forEach((file, i) => form.set(`image_${i}`, file));
  return apiFetch<ProductResponse>(ProductRoutes.products, { method: 'POST', body: form });
}

export const renameProduct = (id: string, title: string) =>
  apiFetch<ProductResponse>(`${ProductRoutes.products}/${id}`, { method: 'PATCH', json: { title } });

export const deleteProduct = (id: string) => apiFetch(`${ProductRoutes.products}/${id}`, { method: 'DELETE' });

export function addProductImage(id: string, file: File) {
  const form = new FormData();
  form.set('image', file);
  return apiFetch<ProductResponse>(`${ProductRoutes.products}/${id}/images`, { method: 'POST', body: form });
}

export const removeProductImage = (id: string, assetId: string) =>
  apiFetch<ProductResponse>(`${ProductRoutes.products}/${id}/images/${assetId}`, { method: 'DELETE' });

export const readStore = (url: string) =>
  apiFetch<StoreImagesResponse>(`${ProductRoutes.storeImages}?url=${encodeURIComponent(url)}`, {
    signal: AbortSignal.timeout(IMPORT_TIMEOUT_MS),
  });

export const importFromStore = (request: StoreImportRequest) =>
  apiFetch<ProductResponse>(ProductRoutes.storeImport, { method: 'POST', json: request, signal: AbortSignal.timeout(IMPORT_TIMEOUT_MS) });
