/** API paths, shared by the bff's router and every app's fetchers. */
export const ApiRoutes = {
  health: '/api/health',
  openapi: '/api/openapi.json',
  signup: '/api/auth/signup',
  confirm: '/api/auth/confirm',
  signin: '/api/auth/signin',
  signout: '/api/auth/signout',
  session: '/api/auth/session',
  recover: '/api/auth/recover',
  recoverLink: '/api/auth/recover/verify',
  password: '/api/auth/password',
  oauthGoogle: '/api/auth/oauth/google',
  oauthGoogleCallback: '/api/auth/oauth/google/callback',
  authProviders: '/api/auth/providers',
  account: '/api/account',
  profile: '/api/profile',
  usernameAvailable: '/api/profile/username-available',
  avatar: '/api/profile/avatar',
  credits: '/api/credits',
  creditHistory: '/api/credits/history',
  creditUsage: '/api/credits/usage',
  creditQuote: '/api/credits/quote',
  creditCheck: '/api/credits/check',
  usageLimits: '/api/usage/limits',
  planStatus: '/api/plan-status',
  subscriptionPlans: '/api/subscription-plans',
  creditPackages: '/api/credit-packages',
  devOutbox: '/api/dev/outbox',
  remotes: '/remotes.json',
} as const;

/** Front-end paths the bff redirects to. */
export const AppPaths = {
  home: '/',
  authCallback: '/auth/callback',
  /** Where the confirmation e-mail's link opens: the page completes with a same-origin POST. */
  confirmEmail: '/auth/confirm',
  resetPassword: '/reset-password',
  discover: '/app/discover',
} as const;
