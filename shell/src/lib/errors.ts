import { Messages } from '@studio/contracts';
import { ApiError } from '@studio/session';

/** The text to show for a failed call: the server's message, else the spec's fallback. */
export function errorText(error: unknown, fallback: string = Messages.unexpected): string {
  if (error instanceof ApiError) {
    if (error.code === 'network' || error.code === 'timeout') return Messages.googleNetwork;
    if (error.message) return error.message;
  } else if (error instanceof Error && error.message) {
    return error.message;
  }
  return fallback;
}
