import type { AppDeps } from '../deps.ts';
import { removeUnder } from './storage/object-store.ts';

/**
 * Deletes a user and everything of theirs: their rows go with the user's (every table referencing
 * users cascades), then their files — gallery assets and their thumbnails, temporary uploads, video
 * jobs' inputs and clips, avatars and their own voices' previews. A file is removed only after its
 * row, so nothing is left showing broken.
 */
export async function deleteAccount({ db, objects }: Pick<AppDeps, 'db' | 'objects'>, userId: string): Promise<void> {
  const [assets, jobs] = await Promise.all([
    db('user_assets').where({ user_id: userId }).pluck<string[]>('id'),
    db('generated_videos').where({ user_id: userId }).pluck<string[]>('id'),
  ]);
  await db('users').where({ id: userId }).delete();
  const prefixes = [
    `assets/${userId}/`,
    `temp/${userId}-`,
    `avatars/${userId}-`,
    `previews/${userId}-`,
    ...assets.map((id) => `thumbs/${id}-`),
    ...jobs.map((id) => `jobs/${id}/`),
  ];
  for (const prefix of prefixes) await removeUnder(objects, prefix);
}
