/**
 * The emulator's state on disk, so customers, subscriptions and invoices outlive a restart as the
 * studio's database does (a customer id kept on a profile must still be known after it). One JSON
 * file, replaced whole: written to a temporary file, flushed, then renamed over the old one, so a
 * crash leaves either the previous state or the new one, never half of one.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Store, StoreSnapshot } from './store.ts';

/** The snapshot kept at `file`, or null when there is none yet. A file that is not one fails loudly: starting empty would lose it. */
export async function readStateFile(file: string): Promise<StoreSnapshot | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const snapshot = JSON.parse(text) as StoreSnapshot;
    if (snapshot.version !== 1 || !Array.isArray(snapshot.objects)) throw new Error(`unknown version ${String(snapshot.version)}`);
    return snapshot;
  } catch (error) {
    throw new Error(
      `The Stripe emulator's state in ${file} could not be read (${(error as Error).message}); move it away to start with an empty one.`,
    );
  }
}

/**
 * Saves a store to `file`. `save()` resolves once every change made before the call is on disk;
 * calls made while a write is under way share the next one, so a burst of requests costs two
 * writes, not one each.
 */
export class StateFile {
  private requested = 0;
  private written = 0;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly file: string,
    private readonly store: Store,
    private readonly url: () => string,
  ) {}

  async save(): Promise<void> {
    const wanted = ++this.requested;
    while (this.written < wanted) {
      if (!this.writing) {
        // The snapshot is taken now, synchronously: it holds every change requested so far.
        const generation = this.requested;
        const text = JSON.stringify(this.store.snapshot(this.url()));
        this.writing = this.write(text)
          .then(() => {
            this.written = Math.max(this.written, generation);
          })
          .finally(() => {
            this.writing = null;
          });
      }
      await this.writing;
    }
  }

  private async write(text: string): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      const handle = await fs.open(temporary, 'w', 0o600);
      try {
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, this.file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }
}
