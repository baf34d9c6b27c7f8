/**
 * Session atoms every app reads. This package is a Module Federation singleton: one copy, one
 * jotai default store, so the shell and every remote see the same user, profile and credits.
 */
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { CreditsResponse, PlanStatusResponse, Profile, User } from '@studio/contracts';

export type SessionStatus = 'loading' | 'signed_in' | 'signed_out';

/** `loading` until the first `/api/auth/session` answer. */
export const sessionStatusAtom = atom<SessionStatus>('loading');
export const userAtom = atom<User | null>(null);
export const profileAtom = atom<Profile | null>(null);
/** True while the session may only set a new password (the recovery link's session). */
export const recoveryAtom = atom(false);
/** `/api/credits`; null until read (or after sign-out). */
export const creditsAtom = atom<CreditsResponse | null>(null);
/** `/api/plan-status`; null until read. */
export const planStatusAtom = atom<PlanStatusResponse | null>(null);

/** The stored Admin View choice (spec 1 §6: `showAdminView`, default true, stored locally). */
export const adminViewAtom = atomWithStorage('showAdminView', true, undefined, { getOnInit: true });
export const isAdminAtom = atom((get) => get(userAtom)?.is_admin === true);
/** Admin powers apply only to an admin with Admin View on. */
export const adminViewActiveAtom = atom((get) => get(isAdminAtom) && get(adminViewAtom));

/** Newly created images not yet seen; the sidebar's Content badge. Reset on /app/images. */
export const contentBadgeAtom = atom(0);

export type AuthMode = 'signin' | 'signup' | 'forgot';
/** Open auth modal request; null when closed. Any app may open it. */
export const authPromptAtom = atom<{ mode: AuthMode } | null>(null);

/** Open upgrade dialog request (the shell hosts mfe-account's dialog); null when closed. */
export interface UpgradeRequest {
  creditsNeeded?: number;
  action?: string;
}
export const upgradeRequestAtom = atom<UpgradeRequest | null>(null);
