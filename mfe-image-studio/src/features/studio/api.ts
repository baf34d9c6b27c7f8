/** The Product Studio calls. */
import { useQuery } from '@tanstack/react-query';
import {
  StudioRoutes,
  type StudioEditRequest,
  type StudioEditResponse,
  type StudioPricesResponse,
  type UpscaleImageResponse,
} from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { imageStudioKeys } from '../../lib/query-keys.ts';

/** A step runs a model on the whole photo: longer than a plain API call. */
const STEP_TIMEOUT_MS = 120_000;

export const studioPrices = (signal?: AbortSignal) => apiFetch<StudioPricesResponse>(StudioRoutes.prices, { signal });

/** What each step costs now, shown on its button. */
export const useStudioPrices = () => useQuery({ queryKey: imageStudioKeys.prices(), queryFn: ({ signal }) => studioPrices(signal) });

export const runStep = (request: StudioEditRequest) =>
  apiFetch<StudioEditResponse>(StudioRoutes.edit, { method: 'POST', json: request, signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });

export const saveResult = (imageUrl: string, description: string) =>
  apiFetch<UpscaleImageResponse>(StudioRoutes.save, { method: 'POST', json: { imageUrl, description } });
