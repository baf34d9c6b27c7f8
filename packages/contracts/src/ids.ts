import { z } from 'zod';
import { Messages } from './errors.ts';

/**
 * A row id in a path, a query or a cursor: a UUID as PostgreSQL reads it. A looser pattern (36 hex
 * digits and dashes) lets through values such as 36 dashes, which PostgreSQL refuses as a uuid:
 * the request would fail in the database instead of being answered as malformed.
 */
export const Uuid = z.uuid({ error: Messages.invalidId });

/** Whether `value` is a UUID as `Uuid` takes it. */
export const isUuid = (value: unknown): value is string => Uuid.safeParse(value).success;

/**
 * The time a page cursor carries: ISO 8601 with its offset, as `toISOString` writes it. The pattern
 * checks the calendar (no 2024-13-45, no 30 February) and keeps the year to four digits (PostgreSQL
 * refuses year 99999, and year 0).
 */
export const CursorTimestamp = z.iso.datetime({ offset: true }).refine((at) => !at.startsWith('0000'), { error: Messages.invalidCursor });

/** The last row of the page before, decoded from base64url JSON, or null when it is not one. */
function cursorRow(cursor: string): { at: unknown; id: unknown } | null {
  try {
    const value: unknown = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
    // The gallery writes `{ createdAt, id }`, the admins' jobs console `[createdAt, id]`.
    if (Array.isArray(value) && value.length === 2) return { at: value[0], id: value[1] };
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const row = value as { createdAt?: unknown; id?: unknown };
      return { at: row.createdAt, id: row.id };
    }
  } catch {
    // Not base64url JSON: refused below.
  }
  return null;
}

/**
 * A keyset page cursor (a list's `nextCursor`): base64url JSON of the last row's creation time and
 * id. Both are checked here, so a forged one is a 400 and never reaches a query as a value
 * PostgreSQL cannot read.
 */
export const PageCursor = z
  .string()
  .max(200)
  .refine(
    (cursor) => {
      const row = cursorRow(cursor);
      return row !== null && CursorTimestamp.safeParse(row.at).success && isUuid(row.id);
    },
    { error: Messages.invalidCursor },
  );
