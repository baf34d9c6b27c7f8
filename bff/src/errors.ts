import { Messages, type ErrorCode } from '@studio/contracts';

/** A failure the caller can act on; one middleware turns it into `{error: {code, message}}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const invalidRequest = (message: string, details?: unknown) => new AppError(400, 'invalid_request', message, details);
export const unauthenticated = (message: string = Messages.pleaseSignIn) => new AppError(401, 'unauthenticated', message);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const notFound = (message: string = Messages.notFound) => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const insufficientCredits = (message: string = Messages.insufficientCredits, details?: unknown) =>
  new AppError(402, 'insufficient_credits', message, details);
export const rateLimited = (message: string = Messages.tooManyRequests) => new AppError(429, 'rate_limited', message);
export const requestTimeout = (message: string) => new AppError(408, 'request_timeout', message);
export const misdirectedRequest = (message: string = Messages.hostRefused) => new AppError(421, 'misdirected_request', message);
export const payloadTooLarge = (message: string) => new AppError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message: string) => new AppError(415, 'unsupported_media_type', message);

/** SQLSTATEs raised by our database functions (see the ledger migration). */
export const DbErrorCodes = {
  insufficientCredits: 'CR001',
  profileNotFound: 'CR002',
  invalidAmount: 'CR003',
  uniqueViolation: '23505',
  /** A NUL character in text (PostgreSQL's text type cannot hold one). */
  characterNotInRepertoire: '22021',
  /** A relation that does not exist (yet). */
  undefinedTable: '42P01',
} as const;

export function isDbError(error: unknown, code: string): error is { code: string; constraint?: string } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
