/**
 * Session actions usable from any app without hooks: they write the shared default store.
 */
import { getDefaultStore } from 'jotai';
import { ApiRoutes } from '@studio/contracts';
import type { CreditsResponse, PlanStatusResponse, Profile, SessionProbeResponse, SessionResponse } from '@studio/contracts';
import {
  authPromptAtom,
  creditsAtom,
  planStatusAtom,
  profileAtom,
  recoveryAtom,
  sessionStatusAtom,
  upgradeRequestAtom,
  userAtom,
} from './atoms.ts';
import { ApiError, apiFetch } from './api.ts';
import { clearSession, countSessionChange, sessionChanges } from './clear-session.ts';

export { clearSession };

const store = () => getDefaultStore();

/** Puts a session answer (sign-in, `/api/auth/session`) into the atoms. */
export function applySession(session: Pick<SessionResponse, 'user' | 'profile'> & { recovery?: boolean }): void {
  countSessionChange();
  const s = store();
  s.set(userAtom, session.user);
  s.set(profileAtom, session.profile);
  s.set(recoveryAtom, session.recovery === true);
  s.set(sessionStatusAtom, 'signed_in');
}

/** Replaces the profile after an edit, keeping credits in step with it. */
export function setProfile(profile: Profile): void {
  store().set(profileAtom, profile);
}

/**
 * Reads `/api/auth/session`. No user (or a 401) → signed out. A network failure keeps what we had,
 * except on the very first read, where it counts as signed out so the page is not stuck on Loading....
 * An answer overtaken by a sign-in or sign-out made meanwhile (e.g. a reset link opening its
 * recovery session) is dropped: it describes the cookie from before.
 */
export async function refreshSession(): Promise<void> {
  const before = sessionChanges();
  try {
    const session = await apiFetch<SessionProbeResponse>(ApiRoutes.session);
    if (sessionChanges() !== before) return;
    if (session.user) applySession(session);
    else clearSession();
  } catch (error) {
    if (sessionChanges() !== before) return;
    if ((error instanceof ApiError && error.status === 401) || store().get(sessionStatusAtom) === 'loading') clearSession();
  }
}

/**
 * Reads `/api/credits` into `creditsAtom` (and the profile's balance). Failures keep the last value.
 * Signed out there is no balance to read: no request is made (its 401 would be logged by the browser).
 */
export async function refreshCredits(): Promise<CreditsResponse | null> {
  if (store().get(sessionStatusAtom) === 'signed_out') return null;
  try {
    const credits = await apiFetch<CreditsResponse>(ApiRoutes.credits);
    const s = store();
    s.set(creditsAtom, credits);
    const profile = s.get(profileAtom);
    if (profile && profile.credits_remaining !== credits.credits) s.set(profileAtom, { ...profile, credits_remaining: credits.credits });
    return credits;
  } catch {
    return store().get(creditsAtom);
  }
}

/** Reads `/api/plan-status`. Any failure means a plan is needed (spec 1 §4: the paywall is forced on errors). */
export async function refreshPlanStatus(): Promise<PlanStatusResponse> {
  let status: PlanStatusResponse;
  try {
    status = await apiFetch<PlanStatusResponse>(ApiRoutes.planStatus);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    status = { needsPlan: true, reason: 'check_failed' };
  }
  store().set(planStatusAtom, status);
  return status;
}

/** Ends the session on the server (best effort) and clears every session atom. */
export async function signOut(): Promise<void> {
  try {
    await apiFetch(ApiRoutes.signout, { method: 'POST' });
  } finally {
    clearSession();
  }
}

/** Opens the auth modal in a mode, from any app. */
export function requestSignIn(mode: 'signin' | 'signup' | 'forgot' = 'signin'): void {
  store().set(authPromptAtom, { mode });
}

/** Asks the shell to show mfe-account's upgrade dialog (e.g. after `insufficient_credits`). */
export function requestUpgrade(creditsNeeded?: number, action?: string): void {
  store().set(upgradeRequestAtom, { creditsNeeded, action });
}

/**
 * The credits a refused call lacked: what its 402 says it needed, less the balance now (at least
 * 1); null when the error is not a short balance.
 */
export async function creditsShortBy(error: unknown): Promise<number | null> {
  if (!(error instanceof ApiError) || error.status !== 402) return null;
  const needed = Number((error.details as { creditsNeeded?: number } | undefined)?.creditsNeeded ?? 0);
  const balance = await apiFetch<CreditsResponse>(ApiRoutes.credits).then(
    (c) => c.credits,
    () => 0,
  );
  return Math.max(1, needed - balance);
}

/** After a call refused for a short balance: the upgrade dialog with "You need N more credit(s) to {action}". */
export async function offerUpgrade(error: unknown, action: string): Promise<void> {
  const short = await creditsShortBy(error);
  if (short !== null) requestUpgrade(short, action);
}
