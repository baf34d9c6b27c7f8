export * from './atoms.ts';
export * from './actions.ts';
export { ApiError, apiFetch, API_TIMEOUT_MS, errorText } from './api.ts';
export type { ApiRequestInit } from './api.ts';
export { provideRemoteLoader, RemoteSlot, type RemoteLoader } from './remotes.tsx';
