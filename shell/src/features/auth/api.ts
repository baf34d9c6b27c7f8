/**
 * The auth screens' calls (modal, confirmation, reset page), typed by contracts, with their
 * mutations: a call that opens a session puts it in the session atoms itself, so a screen only
 * says what happened. Components never call `apiFetch`.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ApiRoutes,
  type AuthProvidersResponse,
  type MessageResponse,
  type PasswordUpdateRequest,
  type RecoveryLinkCheckResponse,
  type SessionResponse,
} from '@studio/contracts';
import { apiFetch, applySession } from '@studio/session';
import { shellKeys } from '../../lib/query-keys.ts';

export const getAuthProviders = (signal?: AbortSignal) => apiFetch<AuthProvidersResponse>(ApiRoutes.authProviders, { signal });
export const signIn = ({ email, password }: { email: string; password: string }) =>
  apiFetch<SessionResponse>(ApiRoutes.signin, { method: 'POST', json: { email, password } });
export const signUp = (body: { email: string; password: string; confirmPassword: string }) =>
  apiFetch<MessageResponse>(ApiRoutes.signup, { method: 'POST', json: body });
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

/** Which sign-in providers are offered. */
export const useAuthProviders = () => useQuery({ queryKey: shellKeys.authProviders(), queryFn: ({ signal }) => getAuthProviders(signal) });

/** Signs in; the session goes into the atoms. */
export const useSignIn = () => useMutation({ mutationFn: signIn, onSuccess: applySession });

/** Signs up; the answer's message says a confirmation mail is on its way. */
export const useSignUp = () => useMutation({ mutationFn: signUp });

/** Asks for a reset link (answered the same for every address). */
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

/** Confirms the e-mail with the password chosen at sign-up; the new session goes into the atoms. */
export const useConfirmEmail = () => useMutation({ mutationFn: confirmEmail, onSuccess: applySession });

/** Spends a reset link for a recovery session, into the atoms. */
export const useOpenRecovery = () => useMutation({ mutationFn: openRecovery, onSuccess: applySession });

/** Sets a new password; the renewed session goes into the atoms. */
export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword, onSuccess: applySession });

/** Whether a reset link is still usable, asked once on opening (an answer is of that moment: never retried or kept). */
export const useRecoveryLinkCheck = (token: string | null) =>
  useQuery({
    queryKey: shellKeys.recoveryLink(token ?? ''),
    queryFn: () => checkRecoveryLink(token!),
    enabled: Boolean(token),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
