/**
 * A remote's contract with the studio, as its own test (`npm test -w <remote>` runs it): the modules
 * its Module Federation config exposes are exactly those `@studio/contracts` lists for it — the names
 * the shell and the other remotes load — and each is a file of the remote.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REMOTE_EXPOSES, REMOTE_FOLDERS } from '@studio/contracts';

const ROOT = path.resolve(import.meta.dirname, '..');

export function remoteContractSuite(name: keyof typeof REMOTE_EXPOSES): void {
  describe(`${String(name)}: its contract with the studio`, () => {
    it('exposes exactly the modules contracts lists for it, each a file of the remote', async () => {
      const folder = path.join(ROOT, REMOTE_FOLDERS[name]);
      const config = (await import(pathToFileURL(path.join(folder, 'rspack.config.mjs')).href)) as { exposes: Record<string, string> };
      expect(Object.keys(config.exposes).sort()).toEqual([...REMOTE_EXPOSES[name]].sort());
      for (const [exposed, file] of Object.entries(config.exposes))
        expect(existsSync(path.join(folder, file)), `${exposed} → ${file}`).toBe(true);
    });
  });
}
