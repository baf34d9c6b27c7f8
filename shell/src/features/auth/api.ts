/** The auth screens' calls (modal, confirmation, reset page), typed by contracts; components never call `apiFetch`. */
import {
  ApiRoutes,
  type AuthProvidersResponse,
  type MessageResponse,
  type PasswordUpdateRequest,
  type RecoveryLinkCheckResponse,
  type SessionResponse,
} from '@studio/contracts';
import { apiFetch } from '@studio/session';

export const getAuthProviders = (signal?: AbortSignal) => apiFetch<AuthProvidersResponse>(ApiRoutes.authProviders, { signal });
export const signIn = (email: string, password: string) =>
  apiFetch<SessionResponse>(ApiRoutes.signin, { method: 'POST', json: { email, password } });
export const signUp = (email: string, password: string, confirmPassword: string) =>
  apiFetch<MessageResponse>(ApiRoutes.signup, { method: 'POST', json: { email, password, confirmPassword } });
export const requestPasswordReset = (email: string) => apiFetch<MessageResponse>(ApiRoutes.recover, { method: 'POST', json: { email } });
export const confirmEmail = (body: { token: string; password: string }) =>
  apiFetch<SessionResponse>(ApiRoutes.confirm, { method: 'POST', json: body });
/** Whether a reset link can still be used, asked on opening the page; the link stays unused. */
export const checkRecoveryLink = (token: string) =>
  apiFetch<RecoveryLinkCheckResponse>(ApiRoutes.recoverLinkCheck, { method: 'POST', json: { token } });
/** Spends the reset link: a recovery session that may only set a password. */
export const openRecovery = (token: string) => apiFetch<SessionResponse>(ApiRoutes.recoverLink, { method: 'POST', json: { token } });
export const updatePassword = (body: PasswordUpdateRequest) =>
  apiFetch<SessionResponse>(ApiRoutes.password, { method: 'POST', json: body });
