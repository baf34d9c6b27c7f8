/** Every TanStack Query key of mfe-account, in one place (DESIGN decision 11). */
export const accountKeys = {
  all: ['account'] as const,
  plans: () => [...accountKeys.all, 'plans'] as const,
  planRecommendation: () => [...accountKeys.all, 'plans', 'recommendation'] as const,
  packages: () => [...accountKeys.all, 'packages'] as const,
  history: (page: number) => [...accountKeys.all, 'history', page] as const,
  usage: (days: number) => [...accountKeys.all, 'usage', days] as const,
  limits: () => [...accountKeys.all, 'limits'] as const,
  usernameAvailable: (username: string | null) => [...accountKeys.all, 'username-available', username] as const,
  billing: (part?: 'status' | 'invoices' | 'cards') => [...accountKeys.all, 'billing', ...(part ? [part] : [])] as const,
  planChangePreview: (subscriptionId: string, priceId: string) =>
    [...accountKeys.all, 'billing', 'preview', subscriptionId, priceId] as const,
};
