/**
 * Each remote's contract with the studio (`npm test -w <remote>` runs it for that remote alone, with
 * the remote's own tests; `npm test` for all): the modules its Module Federation config exposes are
 * exactly those `@studio/contracts` lists for it — the names the shell and the other remotes load —
 * and each is a file of the remote.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REMOTE_EXPOSES, REMOTE_FOLDERS } from '@studio/contracts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ALL = Object.keys(REMOTE_EXPOSES) as (keyof typeof REMOTE_EXPOSES)[];
/** `REMOTE=mfe_voices` narrows the run to one remote (its workspace's `test` script sets it). */
const remotes = ALL.filter((name) => !process.env.REMOTE || name === process.env.REMOTE);

describe.each(remotes)('%s: its contract with the studio', (name) => {
  it('exposes exactly the modules contracts lists for it, each a file of the remote', async () => {
    const folder = path.join(ROOT, REMOTE_FOLDERS[name]);
    const config = (await import(pathToFileURL(path.join(folder, 'rspack.config.mjs')).href)) as { exposes: Record<string, string> };
    expect(Object.keys(config.exposes).sort()).toEqual([...REMOTE_EXPOSES[name]].sort());
    for (const [exposed, file] of Object.entries(config.exposes))
      expect(existsSync(path.join(folder, file)), `${exposed} → ${file}`).toBe(true);
  });
});
