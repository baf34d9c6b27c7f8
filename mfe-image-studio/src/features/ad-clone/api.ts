/** The Ad Clone calls: a task's price, reading the reference ad, making the ads. */
import { useQuery } from '@tanstack/react-query';
import {
  AdCloneRoutes,
  ApiRoutes,
  type AdCloneDescribeResponse,
  type AdCloneRequest,
  type AdCloneResponse,
  type CreditQuoteResponse,
} from '@studio/contracts';
import { apiFetch } from '@studio/session';
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
