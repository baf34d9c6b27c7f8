import { useQuery, type QueryKey } from '@tanstack/react-query';
import { errorText } from '@studio/session';

export type RequestState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

const FALLBACK_ERROR = 'This could not be loaded. Please try again.';

/**
 * A read through the shared query client, as the small state the screens render; the error
 * message is the server's user-facing text. Keys come from `query-keys.ts`.
 */
export function useRequest<T>(
  queryKey: QueryKey,
  load: () => Promise<T>,
  options: { enabled?: boolean } = {},
): [RequestState<T>, () => void] {
  const query = useQuery({ queryKey, queryFn: load, enabled: options.enabled ?? true });
  const retry = () => void query.refetch();
  if (query.isSuccess) return [{ status: 'ready', data: query.data }, retry];
  if (query.isError) {
    const error = query.error;
    return [{ status: 'error', message: errorText(error, FALLBACK_ERROR) }, retry];
  }
  return [{ status: 'loading' }, retry];
}
