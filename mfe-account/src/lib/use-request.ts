import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@studio/session';

export type RequestState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** Runs `load` when `key` changes; the error message is the server's user-facing text. */
export function useRequest<T>(load: () => Promise<T>, key: unknown): [RequestState<T>, () => void] {
  const [state, setState] = useState<RequestState<T>>({ status: 'loading' });
  const [nonce, setNonce] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => live && setState({ status: 'error', message: error instanceof ApiError && error.message ? error.message : 'This could not be loaded. Please try again.' }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names the request
  }, [key, nonce]);
  return [state, useCallback(() => setNonce((n) => n + 1), [])];
}
