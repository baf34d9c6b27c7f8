import { isUuid, Messages } from '@studio/contracts';
import { invalidRequest } from '../errors.ts';

/** Whether `id` is a UUID (row ids in paths are checked before they reach a query). */
export { isUuid };

/**
 * A row id from a path, a query or a body, before it reaches a query: a malformed one (36 dashes
 * look like a UUID to a loose pattern, not to PostgreSQL) is a 400, never a database error.
 */
export function assertRowId(id: string, field = 'id'): void {
  if (!isUuid(id)) throw invalidRequest(Messages.invalidId, { field });
}

/** The last row of a page, as the next page starts after it: its time (ISO 8601) and id. */
export interface PageAfter {
  at: string;
  id: string;
}

/** A keyset page cursor (a list's `nextCursor`): the last row's time and id, as base64url JSON. */
export const encodePageCursor = (at: Date | string, id: string): string =>
  Buffer.from(JSON.stringify({ createdAt: typeof at === 'string' ? at : at.toISOString(), id })).toString('base64url');

/**
 * A page cursor back: what `encodePageCursor` wrote, or the `[time, id]` pair contracts'
 * `PageCursor` also takes. Anything else (a forged or foreign value) is a 400.
 */
export function decodePageCursor(text: string): PageAfter {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString()) as unknown;
    const [at, id] = Array.isArray(value) ? value : [(value as { createdAt?: unknown }).createdAt, (value as { id?: unknown }).id];
    if (typeof at === 'string' && !Number.isNaN(Date.parse(at)) && isUuid(id)) return { at, id };
  } catch {
    // Not base64url JSON: refused below.
  }
  throw invalidRequest(Messages.invalidCursor);
}
