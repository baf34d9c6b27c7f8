/**
 * Reads `/remotes.json` (contracts' `RemotesManifest`) into absolute entry URLs. Entries may be
 * root-relative (`/mfe/mfe-account/mf-manifest.json`) or absolute (a CDN, another origin).
 */
import { REMOTE_NAMES, type RemoteName } from '@studio/contracts';

export interface RemoteEntry {
  name: RemoteName;
  entry: string;
}

export interface ParsedRemotes {
  remotes: RemoteEntry[];
  /** Entries skipped and why; logged, never fatal: one bad remote must not break the rest. */
  problems: string[];
}

export function parseRemotesManifest(json: unknown, baseUrl: string): ParsedRemotes {
  const problems: string[] = [];
  const remotes: RemoteEntry[] = [];
  const list = typeof json === 'object' && json !== null ? (json as { remotes?: unknown }).remotes : undefined;
  if (!Array.isArray(list)) return { remotes, problems: ['remotes.json has no "remotes" list'] };
  for (const item of list) {
    const { name, entry } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !(REMOTE_NAMES as readonly string[]).includes(name)) {
      problems.push(`unknown remote ${JSON.stringify(name)}`);
      continue;
    }
    if (typeof entry !== 'string' || entry.length === 0) {
      problems.push(`${name}: missing entry`);
      continue;
    }
    let url: URL;
    try {
      url = new URL(entry, baseUrl);
    } catch {
      problems.push(`${name}: entry is not a URL`);
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      problems.push(`${name}: entry must be http(s)`);
      continue;
    }
    if (remotes.some((r) => r.name === name)) {
      problems.push(`${name}: listed twice, first kept`);
      continue;
    }
    remotes.push({ name: name as RemoteName, entry: url.href });
  }
  return { remotes, problems };
}
