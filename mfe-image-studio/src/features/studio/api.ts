/** The Product Studio calls. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STUDIO_OPERATIONS,
  StudioRoutes,
  type StudioEditRequest,
  type StudioEditResponse,
  type StudioPricesResponse,
  type UpscaleImageResponse,
} from '@studio/contracts';
import { apiFetch, offerUpgrade } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { imageStudioKeys } from '../../lib/query-keys.ts';

/** A step runs a model on the whole photo: longer than a plain API call. */
const STEP_TIMEOUT_MS = 120_000;

export const studioPrices = (signal?: AbortSignal) => apiFetch<StudioPricesResponse>(StudioRoutes.prices, { signal });

/** What each step costs now, shown on its button. */
export const useStudioPrices = () => useQuery({ queryKey: imageStudioKeys.prices(), queryFn: ({ signal }) => studioPrices(signal) });

export const runStep = (request: StudioEditRequest) =>
  apiFetch<StudioEditResponse>(StudioRoutes.edit, { method: 'POST', json: request, signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });

export const saveResult = ({ imageUrl, description }: { imageUrl: string; description: string }) =>
  apiFetch<UpscaleImageResponse>(StudioRoutes.save, { method: 'POST', json: { imageUrl, description } });

/** Runs one step on the working copy (charged): the balance is read again whatever happens. */
export function useRunStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runStep,
    onError: (error, request) => void offerUpgrade(error, `run ${STUDIO_OPERATIONS[request.operation].label.toLowerCase()}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits }),
  });
}

/** Saves the working copy to the gallery: every list of it is read again. */
export function useSaveResult() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveResult, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKeys.gallery }) });
}
