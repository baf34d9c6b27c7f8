import { Messages, type ErrorBody } from '@studio/contracts';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { AppError, DbErrorCodes, insufficientCredits, invalidRequest, isDbError } from '../errors.ts';

function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) {
    const first = error.issues[0];
    return invalidRequest(first?.message ?? 'Invalid request', { field: first?.path.join('.') || undefined });
  }
  if (isDbError(error, DbErrorCodes.insufficientCredits)) return insufficientCredits();
  if (isDbError(error, DbErrorCodes.invalidAmount)) return invalidRequest((error as unknown as Error).message);
  // Text from a query string or form field that slipped past the JSON check.
  if (isDbError(error, DbErrorCodes.characterNotInRepertoire)) return invalidRequest(Messages.nulCharacter);
  // Errors thrown by koa and its body parser carry a 4xx status of their own (bad JSON, too large).
  const status = (error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code =
      status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : status === 404 ? 'not_found' : 'invalid_request';
    const message =
      status === 413 ? 'The request is too large.' : status === 415 ? 'Unsupported content type.' : 'The request could not be read.';
    return new AppError(status, code, message);
  }
  return null;
}

/** The one place errors become HTTP answers: `{error: {code, message, details?}}`. */
export const errorHandler: Middleware = async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
      ctx.status = 404;
      ctx.body = { error: { code: 'not_found', message: Messages.notFound } } satisfies ErrorBody;
    }
  } catch (error) {
    // An error answered before the request body was read (a too-large upload): the client must
    // not reuse this connection for its next request, or it would find it reset.
    if (!ctx.req.complete) ctx.set('Connection', 'close');
    const appError = toAppError(error);
    if (appError) {
      ctx.status = appError.status;
      ctx.body = {
        error: { code: appError.code, message: appError.message, ...(appError.details ? { details: appError.details } : {}) },
      } satisfies ErrorBody;
      return;
    }
    ctx.state.log?.error({ err: error }, 'unhandled error');
    ctx.status = 500;
    ctx.body = { error: { code: 'internal', message: Messages.internal } } satisfies ErrorBody;
  }
};
