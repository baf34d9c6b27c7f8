/** The frame's calls: the billing portal (user menu) and the welcome modal's shown flag. */
import { ApiRoutes, PaymentRoutes, type PortalSessionResponse, type ProfileResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';

export const createPortalSession = () => apiFetch<PortalSessionResponse>(PaymentRoutes.portalSession, { method: 'POST' });
export const markWelcomeShown = () => apiFetch<ProfileResponse>(ApiRoutes.profile, { method: 'PATCH', json: { welcome_shown: true } });
