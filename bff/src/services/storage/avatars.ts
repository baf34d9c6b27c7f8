import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStore } from './object-store.ts';

/**
 * Files the bff serves at `/media/<folder>/<file>` (DESIGN decision 8: URLs the bff controls), kept in
 * the object store.
 */
export const MEDIA_URL_PREFIX = '/media';

/** Avatar file names: `<user id>-<random>.jpg`. Nothing else is ever served from the folder. */
const AVATAR_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9_-]{16,64}\.jpg$/;

export function isAvatarFileName(name: string): boolean {
  return AVATAR_FILE.test(name);
}

/** The user an avatar file belongs to, read from its name (null when the name is not one of ours). */
export function avatarOwner(fileName: string): string | null {
  return isAvatarFileName(fileName) ? fileName.slice(0, 36) : null;
}

export function avatarUrl(fileName: string): string {
  return `${MEDIA_URL_PREFIX}/avatars/${fileName}`;
}

/** The file name behind one of our avatar URLs, or null for any other value. */
export function avatarFileFromUrl(url: string): string | null {
  const prefix = `${MEDIA_URL_PREFIX}/avatars/`;
  if (!url.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  return isAvatarFileName(name) ? name : null;
}

/** Avatars in the object store under `avatars/<file name>`. */
export function createAvatarStore(objects: ObjectStore) {
  const keyOf = (fileName: string) => `avatars/${fileName}`;
  return {
    /** Writes a new file for the user; a fresh random name, so no one can overwrite another's avatar. */
    async save(userId: string, jpeg: Buffer): Promise<string> {
      const fileName = `${userId}-${randomBytes(12).toString('base64url')}.jpg`;
      await objects.put(keyOf(fileName), jpeg);
      return fileName;
    },
    async remove(fileName: string): Promise<void> {
      if (isAvatarFileName(fileName)) await objects.remove(keyOf(fileName));
    },
    async exists(fileName: string): Promise<boolean> {
      return isAvatarFileName(fileName) && objects.exists(keyOf(fileName));
    },
    /** Opens a stored avatar for reading, or null when the name is not ours or the file is gone. */
    async open(fileName: string) {
      return isAvatarFileName(fileName) ? objects.open(keyOf(fileName)) : null;
    },
  };
}
export type AvatarStore = ReturnType<typeof createAvatarStore>;

/**
 * Avatars kept by earlier versions in `DATA_DIR/avatars` move into the local object store once, so
 * no one's picture is lost (their URLs stay the same); the caches kept beside them (thumbnails, voice
 * previews) are made again in the store when next asked for.
 */
export async function adoptEarlierFiles(dataDir: string): Promise<void> {
  for (const cache of ['thumbs', 'voice-previews']) await fs.rm(path.join(dataDir, cache), { recursive: true, force: true });
  const earlier = path.join(dataDir, 'avatars');
  const names = await fs.readdir(earlier).catch(() => null);
  if (!names) return;
  const target = path.join(dataDir, 'objects', 'avatars');
  await fs.mkdir(target, { recursive: true });
  for (const name of names.filter(isAvatarFileName)) await fs.rename(path.join(earlier, name), path.join(target, name));
  await fs.rm(earlier, { recursive: true, force: true });
}
