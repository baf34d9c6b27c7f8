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
