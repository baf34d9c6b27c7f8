/**
 * `/remotes.json` from configuration: `REMOTES` is either `name=url,name=url` or a
 * path to a JSON file shaped like `RemotesManifest`; unset means every locally built remote.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_FOLDERS, REMOTE_NAMES, RemotesManifest } from '@studio/contracts';

/** Thrown for a `REMOTES` value we cannot use; the message names the variable. */
export class RemotesConfigError extends Error {
  override name = 'RemotesConfigError';
}

/** Parses the `name=url,…` form. Names must be known remotes; URLs absolute or root-relative. */
export function parseRemotesList(value: string): RemotesManifest {
  const remotes: RemotesManifest['remotes'] = [];
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new RemotesConfigError(`REMOTES: "${part}" is not name=url`);
    const name = part.slice(0, eq).trim();
    const entry = part.slice(eq + 1).trim();
    if (!(REMOTE_NAMES as readonly string[]).includes(name)) {
      throw new RemotesConfigError(`REMOTES: unknown remote "${name}" (known: ${REMOTE_NAMES.join(', ')})`);
    }
    if (!isEntryUrl(entry)) throw new RemotesConfigError(`REMOTES: entry of ${name} must be an http(s) URL or start with /`);
    if (remotes.some((r) => r.name === name)) throw new RemotesConfigError(`REMOTES: ${name} is listed twice`);
    remotes.push({ name: name as RemotesManifest['remotes'][number]['name'], entry });
  }
  return { remotes };
}

function isEntryUrl(entry: string): boolean {
  if (entry.startsWith('/') && !entry.startsWith('//')) return true;
  try {
    const url = new URL(entry);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A `REMOTES` value is a file when it does not look like `name=url`. */
export function looksLikeFile(value: string): boolean {
  return !value.includes('=');
}

/** Validates a JSON file configuration's content (`raw` null: the file could not be read). */
export function parseRemotesFile(file: string, raw: string | null): RemotesManifest {
  if (raw === null) throw new RemotesConfigError(`REMOTES: cannot read ${file}`);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new RemotesConfigError(`REMOTES: ${file} is not valid JSON`);
  }
  const parsed = RemotesManifest.safeParse(json);
  if (!parsed.success) throw new RemotesConfigError(`REMOTES: ${file} does not match { remotes: [{ name, entry }] }`);
  for (const r of parsed.data.remotes) {
    if (!isEntryUrl(r.entry)) throw new RemotesConfigError(`REMOTES: entry of ${r.name} must be an http(s) URL or start with /`);
  }
  return parsed.data;
}

/** Reads and validates a JSON file configuration (re-read on each request: remotes move without a restart). */
export async function readRemotesFile(file: string): Promise<RemotesManifest> {
  return parseRemotesFile(file, await readFile(file, 'utf8').catch(() => null));
}

/** Default: each remote whose production build exists under `<rootDir>/<folder>/dist`. */
export async function discoverLocalRemotes(rootDir: string): Promise<RemotesManifest> {
  const remotes: RemotesManifest['remotes'] = [];
  for (const name of REMOTE_NAMES) {
    const folder = REMOTE_FOLDERS[name];
    const manifest = path.join(rootDir, folder, 'dist', 'mf-manifest.json');
    if (await isFile(manifest)) remotes.push({ name, entry: `/mfe/${folder}/mf-manifest.json` });
  }
  return { remotes };
}

/** Resolves the configuration to the manifest the browser receives. */
export async function resolveRemotes(remotes: string | undefined, rootDir: string): Promise<RemotesManifest> {
  const value = remotes?.trim();
  if (!value) return discoverLocalRemotes(rootDir);
  if (looksLikeFile(value)) return readRemotesFile(path.resolve(rootDir, value));
  return parseRemotesList(value);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
