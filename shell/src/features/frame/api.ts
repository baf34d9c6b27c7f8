/**
 * The frame's calls: the welcome modal's shown flag. The billing portal (user menu) is the shared
 * `useOpenBillingPortal` of `@studio/session/query`: mfe-account's plans page opens it too.
 */
import { useMutation } from '@tanstack/react-query';
import { ApiRoutes, type ProfileResponse } from '@studio/contracts';
import { apiFetch, setProfile } from '@studio/session';

export const markWelcomeShown = () => apiFetch<ProfileResponse>(ApiRoutes.profile, { method: 'PATCH', json: { welcome_shown: true } });

/** Records that the welcome modal was shown; the session's profile takes the answer. */
export const useMarkWelcomeShown = () => useMutation({ mutationFn: markWelcomeShown, onSuccess: (answer) => setProfile(answer.profile) });
