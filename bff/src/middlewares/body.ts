import { Messages, PaymentRoutes } from '@studio/contracts';
import type { Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { invalidRequest } from '../errors.ts';

const isApi = (path: string) => path.startsWith('/api/');

/**
 * Request bodies reach the API as sent: browsers never compress them, and an encoded body is a
 * way to slip a decompression bomb or a broken stream past the parsers. Refused with a clear 400.
 */
export const refuseEncodedBodies: Middleware = async (ctx, next) => {
  const encoding = ctx.get('content-encoding').trim().toLowerCase();
  if (isApi(ctx.path) && encoding && encoding !== 'identity') throw invalidRequest(Messages.contentEncodingUnsupported);
  return next();
};

/** Whether a parsed JSON value holds a NUL character in any string (PostgreSQL text cannot). */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item));
  return false;
}

/**
 * JSON bodies of `/api/*` (uploads parse multipart on their own routes). A NUL character in any
 * text is refused here with a clear 400, rather than by the database with a 500.
 */
export function parseJsonBodies(options: { limit: string }): Middleware {
  const parse = koaBody({
    json: true,
    urlencoded: false,
    text: false,
    multipart: false,
    jsonLimit: options.limit,
    // DELETE /api/account carries the password in its body.
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
  });
  return async (ctx, next) => {
    // The payment webhook is verified over its raw bytes: its route reads them itself.
    if (!isApi(ctx.path) || ctx.path === PaymentRoutes.webhook) return next();
    await parse(ctx, async () => {});
    if (containsNul(ctx.request.body)) throw invalidRequest(Messages.nulCharacter);
    return next();
  };
}
