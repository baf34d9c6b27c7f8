/** The Product Studio calls. */
import {
  ApiRoutes,
  StudioRoutes,
  type StudioEditRequest,
  type StudioEditResponse,
  type StudioPricesResponse,
  type UploadTempImageResponse,
  type UpscaleImageResponse,
} from '@studio/contracts';
import { apiFetch } from '@studio/session';

/** A step runs a model on the whole photo: longer than a plain API call. */
const STEP_TIMEOUT_MS = 120_000;

export const studioPrices = (signal?: AbortSignal) => apiFetch<StudioPricesResponse>(StudioRoutes.prices, { signal });

export const runStep = (request: StudioEditRequest) =>
  apiFetch<StudioEditResponse>(StudioRoutes.edit, { method: 'POST', json: request, signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });

export const saveResult = (imageUrl: string, description: string) =>
  apiFetch<UpscaleImageResponse>(StudioRoutes.save, { method: 'POST', json: { imageUrl, description } });

/** A photo from the user's computer, kept as a private upload the steps can read. */
export function uploadPhoto(file: File) {
  const form = new FormData();
  form.set('image', file);
  return apiFetch<UploadTempImageResponse>(ApiRoutes.uploadTempImage, { method: 'POST', body: form });
}
