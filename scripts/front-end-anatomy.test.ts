/**
 * One anatomy for every remote (issue 23, bulletproof-react): server calls live in a feature's
 * `api.ts` (fetchers, query hooks and actions together); components never call `apiFetch`. A
 * remote's standalone runner (`src/bootstrap.tsx`, which signs a developer in) is the one exception.
 * Query keys come from the app's one keys object, never written inline; the data several apps read
 * (the user's assets, products) only through `@studio/session/query`'s hooks, under one key each.
 * Each app is listed once it follows the template.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['shell', 'mfe-account', 'mfe-gallery', 'mfe-image-studio', 'mfe-video-editor', 'mfe-voices'];
const ALLOWED = new Set(['bootstrap.tsx']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe.each(APPS)('%s follows the one anatomy', (app) => {
  const src = path.join(ROOT, app, 'src');

  it('calls the server only from features/<name>/api.ts', () => {
    const offenders = sources(src)
      .filter((file) => path.basename(file) !== 'api.ts' && !ALLOWED.has(path.relative(src, file)))
      .filter((file) => /\bapiFetch\s*[<(]/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });

  it('writes no query key inline: keys come from the app’s keys object or @studio/session/query', () => {
    const offenders = sources(src)
      .filter((file) => /queryKey:\s*\[/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });

  it('reads the user’s assets and products only through the shared hooks (one key each, refreshed everywhere)', () => {
    const offenders = sources(src)
      .filter((file) => /ApiRoutes\.userAssets\b|ProductRoutes\.list\b/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });

  it('keeps no old lib/api.ts or features/data.ts home', () => {
    const files = sources(src).map((file) => path.relative(src, file));
    expect(files).not.toContain(path.join('lib', 'api.ts'));
    expect(files).not.toContain(path.join('features', 'data.ts'));
  });
});
