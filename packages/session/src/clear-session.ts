import { getDefaultStore } from 'jotai';
import {
  contentBadgeAtom,
  creditsAtom,
  planStatusAtom,
  profileAtom,
  recoveryAtom,
  sessionStatusAtom,
  upgradeRequestAtom,
  userAtom,
} from './atoms.ts';

const store = () => getDefaultStore();

let changes = 0;

/**
 * How many times the session was applied or cleared. A session read compares it before and after,
 * so an answer sent before a sign-in, a sign-out or a recovery link does not undo it.
 */
export function sessionChanges(): number {
  return changes;
}

/** Counts one change of the session (see `sessionChanges`). */
export function countSessionChange(): void {
  changes++;
}

/** Sign-out state: user, profile and every cached per-user value cleared (spec 1 §4). */
export function clearSession(): void {
  countSessionChange();
  const s = store();
  s.set(userAtom, null);
  s.set(profileAtom, null);
  s.set(recoveryAtom, false);
  s.set(creditsAtom, null);
  s.set(planStatusAtom, null);
  s.set(contentBadgeAtom, 0);
  s.set(upgradeRequestAtom, null);
  s.set(sessionStatusAtom, 'signed_out');
}
