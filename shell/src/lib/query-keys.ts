/** Every TanStack Query key of the shell, in one place (DESIGN decision 11). */
export const shellKeys = {
  all: ['shell'] as const,
  /** Which sign-in providers the studio offers (Google may be off). */
  authProviders: () => [...shellKeys.all, 'auth-providers'] as const,
  /** Whether a reset link can still be used (asked on opening the page; the link stays unused). */
  recoveryLink: (token: string) => [...shellKeys.all, 'recovery-link', token] as const,
};
