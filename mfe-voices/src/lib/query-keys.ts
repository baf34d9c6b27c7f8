/** Every TanStack Query key of mfe-voices, in one place (DESIGN decision 11); the characters are `sessionQueryKeys.characters`. */
export const voiceKeys = {
  all: ['voices'] as const,
  library: () => [...voiceKeys.all, 'library'] as const,
  info: (voiceId: string) => [...voiceKeys.all, 'info', voiceId] as const,
  profiles: (userId: string) => [...voiceKeys.all, 'profiles', userId] as const,
  saved: (userId: string) => [...voiceKeys.all, 'saved', userId] as const,
};
