/** mfe-account's calls, typed by contracts; all go through the session package's client. */
import {
  ApiRoutes,
  type CreditHistoryResponse,
  type CreditPackagesResponse,
  type CreditUsageResponse,
  type ProfileResponse,
  type SubscriptionPlansResponse,
  type UsageLimitsResponse,
  type UsernameAvailabilityResponse,
  CREDIT_HISTORY_PAGE_SIZE,
  USAGE_ANALYTICS_DAYS,
} from '@studio/contracts';
import { apiFetch } from '@studio/session';

export const getPlans = () => apiFetch<SubscriptionPlansResponse>(ApiRoutes.subscriptionPlans);
export const getPackages = () => apiFetch<CreditPackagesResponse>(ApiRoutes.creditPackages);
export const getHistory = (page: number) => apiFetch<CreditHistoryResponse>(`${ApiRoutes.creditHistory}?page=${page}`);
export const getUsage = (days: number = USAGE_ANALYTICS_DAYS) => apiFetch<CreditUsageResponse>(`${ApiRoutes.creditUsage}?days=${days}`);
export const getLimits = () => apiFetch<UsageLimitsResponse>(ApiRoutes.usageLimits);
export const checkUsername = (username: string, signal?: AbortSignal) =>
  apiFetch<UsernameAvailabilityResponse>(`${ApiRoutes.usernameAvailable}?username=${encodeURIComponent(username)}`, { signal });
export const patchProfile = (patch: { username?: string }) =>
  apiFetch<ProfileResponse>(ApiRoutes.profile, { method: 'PATCH', json: patch });
export function uploadAvatar(image: Blob, filename: string) {
  const form = new FormData();
  form.append('avatar', image, filename);
  return apiFetch<ProfileResponse>(ApiRoutes.avatar, { method: 'POST', body: form });
}
export { CREDIT_HISTORY_PAGE_SIZE };
