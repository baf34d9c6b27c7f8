/** The Ad Clone calls: a task's price, reading the reference ad, making the ads. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdCloneRoutes,
  ApiRoutes,
  type AdCloneDescribeResponse,
  type AdCloneRequest,
  type AdCloneResponse,
  type CreditQuoteResponse,
} from '@studio/contracts';
import { apiFetch, offerUpgrade } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { imageStudioKeys } from '../../lib/query-keys.ts';

/** Making ads runs a model per ad: longer than a plain call. */
const GENERATE_TIMEOUT_MS = 180_000;

export const getQuote = (taskType: string, quantity: number, signal?: AbortSignal) =>
  apiFetch<CreditQuoteResponse>(`${ApiRoutes.creditQuote}?taskType=${taskType}&quantity=${quantity}`, { signal });

/** A task's price now, from the credit quote. */
export const useQuote = (taskType: string, quantity: number) =>
  useQuery({ queryKey: imageStudioKeys.quote(taskType, quantity), queryFn: ({ signal }) => getQuote(taskType, quantity, signal) });

export const describeReference = (referenceUrl: string) =>
  apiFetch<AdCloneDescribeResponse>(AdCloneRoutes.describe, {
    method: 'POST',
    json: { referenceUrl },
    signal: AbortSignal.timeout(GENERATE_TIMEOUT_MS),
  });

export const generateAds = (request: AdCloneRequest) =>
  apiFetch<AdCloneResponse>(AdCloneRoutes.generate, { method: 'POST', json: request, signal: AbortSignal.timeout(GENERATE_TIMEOUT_MS) });

/** Reads the reference ad (a charged describe): the balance is read again whatever happens. */
export function useDescribeReference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: describeReference,
    onError: (error) => void offerUpgrade(error, 'describe the reference'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits }),
  });
}

/** Makes the ads: they land in the gallery (every list of it is read again) and the balance is read again. */
export function useGenerateAds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateAds,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKeys.gallery }),
    onError: (error, request) =>
      void offerUpgrade(error, request.imageCount === 1 ? 'make this ad' : `make these ${request.imageCount} ads`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits }),
  });
}
