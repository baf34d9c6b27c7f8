import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Media files kept under `DATA_DIR/<folder>/` and served by the bff at `/media/<folder>/<file>`
 * (DESIGN decision 8: a local folder by default, URLs the bff controls).
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

export function createAvatarStore(dataDir: string) {
  const dir = path.join(dataDir, 'avatars');
  return {
    /** Writes a new file for the user; a fresh random name, so no one can overwrite another's avatar. */
    async save(userId: string, jpeg: Buffer): Promise<string> {
      await fs.mkdir(dir, { recursive: true });
      const fileName = `${userId}-${randomBytes(12).toString('base64url')}.jpg`;
      await fs.writeFile(path.join(dir, fileName), jpeg, { flag: 'wx' });
      return fileName;
    },
    async remove(fileName: string): Promise<void> {
      if (!isAvatarFileName(fileName)) return;
      await fs.rm(path.join(dir, fileName), { force: true });
    },
    async exists(fileName: string): Promise<boolean> {
      if (!isAvatarFileName(fileName)) return false;
      return fs.stat(path.join(dir, fileName)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    /** Opens a stored avatar for reading, or null when the name is not ours or the file is gone. */
    async open(fileName: string): Promise<{ stream: ReadStream; size: number; modified: Date } | null> {
      if (!isAvatarFileName(fileName)) return null;
      const file = path.join(dir, fileName);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { stream: createReadStream(file), size: stat.size, modified: stat.mtime };
    },
  };
}
export type AvatarStore = ReturnType<typeof createAvatarStore>;
