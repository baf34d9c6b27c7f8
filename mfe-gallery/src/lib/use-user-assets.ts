/** The gallery reads the user's assets through the one shared hook (`@studio/session/query`). */
export { useUserAssets } from '@studio/session/query';
