/** Every TanStack Query key of mfe-video-editor, in one place; the credits and the gallery are `sessionQueryKeys`. */
export const videoEditorKeys = {
  all: ['video-editor'] as const,
  recentProjects: () => [...videoEditorKeys.all, 'recent-projects'] as const,
  recentProjectsOf: (kind: string) => [...videoEditorKeys.recentProjects(), kind] as const,
  project: (id: string) => [...videoEditorKeys.all, 'project', id] as const,
  musicTracks: ['video-editor', 'music-tracks'] as const,
  musicCompose: ['video-editor', 'music-compose'] as const,
};
