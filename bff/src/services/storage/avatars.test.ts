import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { adoptEarlierFiles, createAvatarStore } from './avatars.ts';
import { createLocalObjectStore } from './object-store.ts';

const USER = '0b6f3c1e-2a4d-4c8b-9e7f-1a2b3c4d5e6f';
let dataDir = '';
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('files kept by earlier versions', () => {
  it('moves avatars from DATA_DIR/avatars into the object store (same URLs) and drops the old caches', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-adopt-'));
    const name = `${USER}-abcdefghijklmnop.jpg`;
    await fs.mkdir(path.join(dataDir, 'avatars'));
    await fs.writeFile(path.join(dataDir, 'avatars', name), 'jpeg bytes');
    await fs.mkdir(path.join(dataDir, 'thumbs'));
    await fs.writeFile(path.join(dataDir, 'thumbs', 'x.webp'), 'cache');

    await adoptEarlierFiles(dataDir);

    const avatars = createAvatarStore(createLocalObjectStore(dataDir));
    expect(await avatars.exists(name)).toBe(true);
    await expect(fs.stat(path.join(dataDir, 'avatars'))).rejects.toThrow();
    await expect(fs.stat(path.join(dataDir, 'thumbs'))).rejects.toThrow();
  });
});
