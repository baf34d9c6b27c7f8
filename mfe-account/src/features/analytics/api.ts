/** Usage analytics: the fetchers and their query hooks (keys from `accountKeys`). */
import { useQuery } from '@tanstack/react-query';
import { ApiRoutes, USAGE_ANALYTICS_DAYS, type CreditUsageResponse, type UsageLimitsResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { accountKeys } from '../../lib/query-keys.ts';

export const getUsage = (days: number = USAGE_ANALYTICS_DAYS) => apiFetch<CreditUsageResponse>(`${ApiRoutes.creditUsage}?days=${days}`);
export const getLimits = () => apiFetch<UsageLimitsResponse>(ApiRoutes.usageLimits);

export const useUsage = (days: number = USAGE_ANALYTICS_DAYS) =>
  useQuery({ queryKey: accountKeys.usage(days), queryFn: () => getUsage(days) });
export const useUsageLimits = () => useQuery({ queryKey: accountKeys.limits(), queryFn: getLimits });
