import { createReadStream, type ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where generated files live (DESIGN decision 8): a folder under DATA_DIR. Keys are ours only
 * (`assets/<user>/<asset>.<ext>`, `temp/<user>-<random>.<ext>`); they never come from a caller.
 */
export interface ObjectStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  read(key: string): Promise<Buffer | null>;
  open(key: string): Promise<{ stream: ReadStream; size: number } | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z]+\/[\w./-]+$/;

export function createLocalObjectStore(dataDir: string): ObjectStore {
  const root = path.join(dataDir, 'objects');
  const fileOf = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`not an object key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, file);
    },
    async read(key) {
      return fs.readFile(fileOf(key)).catch(() => null);
    },
    async open(key) {
      const file = fileOf(key);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { stream: createReadStream(file), size: stat.size };
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
