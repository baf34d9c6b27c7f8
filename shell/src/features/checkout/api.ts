/** The checkout return pages' call: one of the user's checkout sessions, as the provider has it. */
import { PaymentRoutes, type VerifySessionResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';

export const verifyCheckoutSession = (sessionId: string) =>
  apiFetch<VerifySessionResponse>(`${PaymentRoutes.verifySession}?sessionId=${encodeURIComponent(sessionId)}`);
