/**
 * A message the auth modal shows when it next opens: the OAuth callback page leaves the reason a
 * Google-type sign-in did not finish ("Sign-in was cancelled. Please try again.") for the modal it
 * opens on the way home, so the user reads it where they can try again.
 */
let pending: string | null = null;

export function leaveAuthNotice(message: string): void {
  pending = message;
}

/**
 * The waiting message. Reading does not consume it (React may render a modal more than once before
 * it is on screen); the modal clears it once mounted.
 */
export function readAuthNotice(): string | null {
  return pending;
}

export function clearAuthNotice(): void {
  pending = null;
}
