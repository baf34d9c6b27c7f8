/** Decisions of the OAuth callback page (spec 1 §2, §8), kept pure for tests. */
import { Messages, OAUTH_SIGNUP_CUTOFF_MS } from '@studio/contracts';

/**
 * An account created within the last 60 seconds counts as a signup, otherwise a login.
 * A creation time in the future (clock skew) still counts as new.
 */
export function arrivalKind(createdAt: string, now: number): 'signup' | 'login' {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return 'login';
  return now - created <= OAUTH_SIGNUP_CUTOFF_MS ? 'signup' : 'login';
}

/**
 * The Google-type sign-in message for an `error` the bff put on `/auth/callback?error=…`
 * (OAuth error codes): cancelled, network, or a general failure.
 */
export function oauthErrorMessage(error: string | null): string | null {
  if (error === null) return null;
  const code = error.toLowerCase();
  if (code === 'access_denied' || code === 'cancelled' || code === 'canceled' || code === 'popup_closed' || code === 'login_required' || code === 'consent_required') {
    return Messages.googleCancelled;
  }
  if (code === 'network' || code === 'network_error' || code === 'temporarily_unavailable') return Messages.googleNetwork;
  return Messages.googleFailed;
}
