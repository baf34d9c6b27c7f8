/**
 * The one HTTP client every app uses for `/api`. Same-origin cookie session; errors arrive as
 * `{ error: { code, message } }` where `message` is the text to show the user.
 */
import { getDefaultStore } from 'jotai';
import { sessionStatusAtom } from './atoms.ts';
import { clearSession } from './clear-session.ts';

/** The spec's default timeout of the product's own HTTP client (spec 1 §7). */
export const API_TIMEOUT_MS = 10_000;

/** Paths whose 401 is an answer, not an expired session (signing in, reading the session). */
const AUTH_PROBES = ['/api/auth/session', '/api/auth/signin', '/api/auth/signup', '/api/auth/recover', '/api/auth/password'];

/** A failed API call. `code` is one of contracts' `ErrorCode`s, or `network` when no answer came. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** What to tell the user about a failed call: the server's own text when it sent one, else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as is (multipart uploads). */
  body?: BodyInit;
}

/** Settles in the next task; every read started in one task shares the one timer. */
let pendingTask: Promise<void> | null = null;
const nextTask = () =>
  (pendingTask ??= new Promise<void>((resolve) =>
    setTimeout(() => {
      pendingTask = null;
      resolve();
    }, 0),
  ));

/**
 * Calls the bff and returns its JSON. Throws `ApiError` with the server's user-facing message.
 * A 401 from any call outside sign-in means the session ended: the session atoms are cleared so
 * the protected wrapper shows its sign-in prompt in place, on the same URL.
 */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  // A read may start in the task of the click that mounts its screen (navigation renders in that
  // task, and React runs the new screen's effects there): it is prepared and sent from the next
  // task, so the screen is drawn first instead of waiting on the browser's work to start requests.
  if (!init.method || init.method.toUpperCase() === 'GET') await nextTask();
  const { json, headers, ...rest } = init;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', 'application/json');
  let body = init.body;
  if (json !== undefined) {
    requestHeaders.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }
  let response: Response;
  try {
    response = await fetch(path, {
      ...rest,
      body,
      headers: requestHeaders,
      credentials: 'same-origin',
      signal: init.signal ?? AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (cause) {
    const aborted = cause instanceof DOMException && (cause.name === 'AbortError' || cause.name === 'TimeoutError');
    throw new ApiError(0, aborted ? 'timeout' : 'network', '');
  }
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = readErrorBody(payload);
    if (response.status === 401 && !AUTH_PROBES.some((p) => path.startsWith(p))) {
      const store = getDefaultStore();
      if (store.get(sessionStatusAtom) === 'signed_in') clearSession();
    }
    throw new ApiError(response.status, error?.code ?? 'internal', error?.message ?? '', error?.details);
  }
  return payload as T;
}

function readErrorBody(payload: unknown): { code: string; message: string; details?: unknown } | null {
  if (typeof payload !== 'object' || payload === null || !('error' in payload)) return null;
  const error = payload.error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, details } = error as Record<string, unknown>;
  return { code: typeof code === 'string' ? code : 'internal', message: typeof message === 'string' ? message : '', details };
}
