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
