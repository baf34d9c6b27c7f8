/** Usage analytics: the fetchers and their query hooks (keys from `accountKeys`). */
import { ApiRoutes, USAGE_ANALYTICS_DAYS, type CreditUsageResponse, type UsageLimitsResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { accountKeys } from '../../lib/query-keys.ts';
import { useRequest } from '../../lib/use-request.ts';

export const getUsage = (days: number = USAGE_ANALYTICS_DAYS) => apiFetch<CreditUsageResponse>(`${ApiRoutes.creditUsage}?days=${days}`);
export const getLimits = () => apiFetch<UsageLimitsResponse>(ApiRoutes.usageLimits);

export const useUsage = (days: number = USAGE_ANALYTICS_DAYS) => useRequest(accountKeys.usage(days), () => getUsage(days));
export const useUsageLimits = () => useRequest(accountKeys.limits(), getLimits);
