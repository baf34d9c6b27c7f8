/** Why a media call failed: `bad_input` → 4xx; others → 502/503 and a refund. */
export type MediaErrorKind = 'bad_input' | 'upstream' | 'timeout' | 'unavailable';

/** A media failure with a message safe to show a user (no keys, URLs or stack details). */
export class MediaError extends Error {
  override readonly name = 'MediaError';
  /** The hosted provider's HTTP status, when it answered one. */
  readonly providerStatus: number | undefined;
  constructor(
    readonly kind: MediaErrorKind,
    message: string,
    options?: { cause?: unknown; providerStatus?: number },
  ) {
    super(message, options);
    this.providerStatus = options?.providerStatus;
  }
}

export const isMediaError = (e: unknown): e is MediaError => e instanceof MediaError;

const KINDS: readonly string[] = ['bad_input', 'upstream', 'timeout', 'unavailable'] satisfies MediaErrorKind[];
const isMediaErrorLike = (e: Error & { kind?: unknown }): e is Error & { kind: MediaErrorKind; providerStatus?: unknown } =>
  e instanceof MediaError || (e.name === 'MediaError' && typeof e.kind === 'string' && KINDS.includes(e.kind));

/** An error as it crosses: a `MediaError`'s kind and provider status, or any error's name, message and code. */
export interface SentError {
  name: string;
  message: string;
  stack?: string;
  kind?: MediaErrorKind;
  providerStatus?: number;
  code?: string;
  status?: number;
  /** It was thrown by a callback of the parent's: the parent answers that very error again. */
  callbackError?: number;
}

/** An error as sent: enough to rebuild a `MediaError` (its kind drives the HTTP answer) or a plain error. */
export function sendableError(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const e = error as Error & { kind?: unknown; providerStatus?: unknown; code?: unknown; status?: unknown; callbackError?: unknown };
  return {
    name: e.name,
    message: e.message,
    stack: e.stack,
    // By its shape, not `instanceof`: a module loaded through tsx's API in a worker has an `errors.ts` of its own.
    ...(isMediaErrorLike(e) && { kind: e.kind, ...(typeof e.providerStatus === 'number' && { providerStatus: e.providerStatus }) }),
    ...(typeof e.code === 'string' && { code: e.code }),
    ...(typeof e.status === 'number' && { status: e.status }),
    ...(typeof e.callbackError === 'number' && { callbackError: e.callbackError }),
  };
}

/** The error again, on this side: a `MediaError` of the same kind, message and provider status, or an `Error` with the same name, message and code. */
export function rebuiltError(sent: SentError): Error {
  const error = sent.kind
    ? new MediaError(sent.kind, sent.message, sent.providerStatus === undefined ? undefined : { providerStatus: sent.providerStatus })
    : Object.assign(new Error(sent.message), {
        ...(sent.name !== 'Error' && { name: sent.name }),
        ...(sent.code !== undefined && { code: sent.code }),
        ...(sent.status !== undefined && { status: sent.status }),
      });
  // The stack where it was thrown, in the host: where a log line should point.
  if (sent.stack) error.stack = sent.stack;
  return error;
}
