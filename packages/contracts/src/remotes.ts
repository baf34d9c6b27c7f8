import { z } from 'zod';

/** The remotes the shell composes (served at /remotes.json from configuration). */
export const REMOTE_NAMES = ['mfe_account', 'mfe_gallery', 'mfe_video_editor', 'mfe_image_studio', 'mfe_voices'] as const;
export const RemoteName = z.enum(REMOTE_NAMES);
export type RemoteName = z.infer<typeof RemoteName>;

export const RemotesManifest = z.object({
  remotes: z.array(z.object({ name: RemoteName, entry: z.string() })),
});
export type RemotesManifest = z.infer<typeof RemotesManifest>;
