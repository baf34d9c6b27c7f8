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

/** Sign-out state: user, profile and every cached per-user value cleared (spec 1 §4). */
export function clearSession(): void {
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
