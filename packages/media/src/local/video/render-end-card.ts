/**
 * The end card as the barrel exports it: its module (and the native canvas with it) is imported on
 * the first card, so importing `@studio/media` stays light.
 */
import type * as EndCard from './end-card.ts';

export type { EndCardColors, EndCardInput, EndCardLayout, EndCardResult } from './end-card.ts';

/** How long a finished ad's end card stays. */
export const END_CARD_S = 2.5;

export const renderEndCard: typeof EndCard.renderEndCard = async (input) => (await import('./end-card.ts')).renderEndCard(input);
