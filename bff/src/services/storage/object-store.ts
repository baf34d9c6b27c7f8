import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

/**
 * Where generated files live (DESIGN decision 8): a folder under DATA_DIR, or an S3-compatible
 * bucket by configuration; the bff serves them either way. Keys are ours only
 * (`assets/<user>/<asset>.<ext>`, `temp/<user>-<random>.<ext>`); they never come from a caller.
 */
export interface ObjectStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  read(key: string): Promise<Buffer | null>;
  /** The object for reading, with its size and when it was last written; null when there is none. */
  open(key: string): Promise<{ stream: Readable; size: number; modified: Date } | null>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Removes every object under `prefix` last written before `before`; answers how many. */
  sweep(prefix: string, before: Date): Promise<number>;
}

const KEY = /^[a-z]+\/[\w./-]+$/;

/** Removes every object whose key starts with `prefix` (an asset's thumbnails, a user's avatars). */
export const removeUnder = (objects: ObjectStore, prefix: string) => objects.sweep(prefix, new Date(8.64e15));

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
      return { stream: createReadStream(file), size: stat.size, modified: stat.mtime };
    },
    async exists(key) {
      return (await fs.stat(fileOf(key)).catch(() => null))?.isFile() ?? false;
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async sweep(prefix, before) {
      const dir = path.dirname(fileOf(`${prefix}x`));
      // Keys nest (`models/<user>/<model>/<i>.jpg`, `jobs/<job>/<section>/…`): a prefix holds every file below it, as in a bucket.
      const names = await fs.readdir(dir, { recursive: true }).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const file = path.join(dir, name);
        const stat = await fs.stat(file).catch(() => null);
        if (stat?.isFile() && stat.mtime < before && path.relative(root, file).startsWith(prefix)) {
          await fs.rm(file, { force: true });
          removed += 1;
        }
      }
      // Folders a prefix emptied go too (deepest first), so nothing named after what was removed is left; a folder still holding files stays.
      if (removed > 0)
        for (const name of names.sort((a, b) => b.length - a.length)) {
          const folder = path.join(dir, name);
          if (path.relative(root, folder).startsWith(prefix)) await fs.rmdir(folder).catch(() => undefined);
        }
      if (removed > 0 && prefix.endsWith('/')) await fs.rmdir(dir).catch(() => undefined);
      return removed;
    },
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, R2, …); unset for AWS. */
  endpoint: string | undefined;
  /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible services need. */
  forcePathStyle: boolean;
  /** Unset → the SDK's default credential chain (environment, instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const notFound = (error: unknown) =>
  error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/** The same store on an S3-compatible bucket (`S3_BUCKET` and friends). */
export function createS3ObjectStore(settings: S3Settings): ObjectStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
  });
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`not an object key: ${key}`);
    return key;
  };
  const get = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  };
  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: data, ContentLength: data.length }));
    },
    async read(key) {
      const object = await get(key);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    },
    async open(key) {
      const object = await get(key);
      if (!object?.Body) return null;
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0, modified: object.LastModified ?? new Date(0) };
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async sweep(prefix, before) {
      let removed = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: checked(`${prefix}x`).slice(0, -1), ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && object.LastModified < before) {
            await client.send(new DeleteObjectCommand({ Bucket, Key: object.Key }));
            removed += 1;
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return removed;
    },
  };
}
