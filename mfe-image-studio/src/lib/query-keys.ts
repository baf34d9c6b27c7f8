/**
 * Every TanStack Query key of mfe-image-studio, in one place (DESIGN decision 11). The user's images,
 * products, characters and trained models are not here: other apps read them too, so they use `sessionQueryKeys`.
 */
export const imageStudioKeys = {
  all: ['image-studio'] as const,
  quote: (taskType: string, quantity: number) => [...imageStudioKeys.all, 'quote', taskType, quantity] as const,
  prices: () => [...imageStudioKeys.all, 'prices'] as const,
};
