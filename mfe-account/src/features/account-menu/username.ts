/**
 * Username editing rules (spec 1 §5, spec 2 §5): the contracts' `usernameProblem` decides
 * validity; availability is checked only for a valid name of 3+ characters that differs from the
 * current one; saving is blocked while the name is unavailable or still being checked.
 */
import { usernameProblem } from '@studio/contracts';

export type UsernameStep = { kind: 'unchanged' } | { kind: 'invalid'; message: string } | { kind: 'check'; username: string };

/** What to do with the text in the username field. */
export function usernameStep(input: string, current: string | null): UsernameStep {
  const username = input.trim().toLowerCase();
  if (username === (current ?? '')) return { kind: 'unchanged' };
  // Under 3 characters the length rule answers here, so availability is never checked.
  const problem = usernameProblem(username);
  if (problem) return { kind: 'invalid', message: problem };
  return { kind: 'check', username };
}

export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'error';

/** Saving (Enter or blur) is allowed only for a changed, valid name confirmed available. */
export function canSaveUsername(step: UsernameStep, availability: Availability): boolean {
  return step.kind === 'check' && availability === 'available';
}
