import { errorText } from '@studio/session';

/** What a screen says when a read failed: the server's user-facing text, else a plain retry hint. */
export const loadError = (error: unknown) => errorText(error, 'This could not be loaded. Please try again.');
