/**
 * One anatomy for every app (STYLE "One way for each thing", bulletproof-react): server calls live in
 * a feature's `api.ts` (fetchers, query hooks and mutations together); components never call
 * `apiFetch`. A remote's standalone runner (`src/bootstrap.tsx`, which signs a developer in) is the
 * one exception. Every write is a `useMutation` declared beside its fetcher with its invalidations,
 * so no component keeps its own busy or error state around a server call. Query keys come from the
 * app's one keys object, never written inline; the data several apps read (the user's assets,
 * products, characters, trained models) only through `@studio/session/query`'s hooks, under one key
 * each. Features import `shared/`, never each other; client paths come from contracts' `AppPaths`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['shell', 'mfe-account', 'mfe-gallery', 'mfe-image-studio', 'mfe-video-editor', 'mfe-voices'];
const ALLOWED = new Set(['bootstrap.tsx']);

/** A file's text without its comments (a comment may name a path or a call it does not make). */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The text of every `name(…)` call in `text`, parentheses matched. */
function calls(text: string, name: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(new RegExp(`\\b${name}\\s*(<[^>]*>)?\\(`, 'g'))) {
    let depth = 0;
    for (let i = match.index + match[0].length - 1; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) {
        found.push(text.slice(match.index, i + 1));
        break;
      }
    }
  }
  return found;
}

/** The name of the top-level declaration (`const x =`, `function x(`) a position of `text` lies in. */
function declarationAt(text: string, at: number): string | null {
  let name: string | null = null;
  for (const match of text.matchAll(/^(?:export\s+)?(?:async\s+)?(?:const|function)\s+(\w+)/gm)) {
    if (match.index > at) break;
    name = match[1]!;
  }
  return name;
}

/** Busy and error flags a component would keep around a server call instead of the mutation's `isPending`/`error`. */
const BUSY_STATE =
  /const\s*\[\s*(busy|loading|saving|submitting|uploading|pending|working|sending|error|\w+(?:Busy|Loading|Saving|Pending|Error))\s*,\s*set\w+\s*\]\s*=\s*useState\b/;

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

  it('wraps every write of an api.ts in a useMutation declared in that file (its invalidations beside it)', () => {
    const offenders = sources(src)
      .filter((file) => path.basename(file) === 'api.ts')
      .flatMap((file) => {
        const text = code(file);
        const mutations = calls(text, 'useMutation');
        // A read the server takes by POST (a secret or a draft in the body) is a query, not a write.
        const queries = calls(text, 'useQuery');
        return [...text.matchAll(/method:\s*'(POST|PUT|PATCH|DELETE)'/g)]
          .filter((write) => {
            const inside = (blocks: string[]) =>
              blocks.some((b) => text.indexOf(b) < write.index && write.index < text.indexOf(b) + b.length);
            if (inside(mutations) || inside(queries)) return false;
            const name = declarationAt(text, write.index);
            return !name || ![...mutations, ...queries].some((block) => new RegExp(`\\b${name}\\b`).test(block));
          })
          .map((write) => `${path.relative(src, file)}: ${declarationAt(text, write.index) ?? write[0]}`);
      });
    expect(offenders).toEqual([]);
  });

  it('keeps no busy or error useState beside an awaited server call in a component (mutations say isPending and error)', () => {
    const offenders = sources(src)
      .filter((file) => path.basename(file) !== 'api.ts' && !ALLOWED.has(path.relative(src, file)))
      .filter((file) => {
        const text = code(file);
        if (!BUSY_STATE.test(text)) return false;
        const fetchers = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(?:[./]+\/api\.ts|@studio\/session\/query)'/g)]
          .flatMap((m) => m[1]!.split(','))
          .map((name) =>
            name
              .replace(/^\s*type\s+/, '')
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
          )
          .filter((name) => name && !/^use[A-Z]/.test(name) && !/^[A-Z]/.test(name));
        return (
          (/\.mutateAsync\(/.test(text) && /\bset(Busy|Saving|Submitting|Uploading|Pending|Working|Sending)\(true\)/.test(text)) ||
          fetchers.some((name) => new RegExp(`await\\s+${name}\\(|\\b${name}\\([^;]*?\\)\\s*\\.then\\(`).test(text))
        );
      })
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });

  it('keeps features apart: a feature imports shared/, never another feature (composition happens in route files)', () => {
    const features = path.join(src, 'features');
    const offenders = sources(src)
      .filter((file) => file.startsWith(features + path.sep))
      .flatMap((file) => {
        const own = path.relative(features, file).split(path.sep)[0];
        return [...code(file).matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)]
          .map((m) => path.resolve(path.dirname(file), m[1]))
          .filter((target) => target.startsWith(features + path.sep) && path.relative(features, target).split(path.sep)[0] !== own)
          .map((target) => `${path.relative(src, file)} → ${path.relative(src, target)}`);
      });
    expect(offenders).toEqual([]);
  });

  it('writes no /app/… path: client paths come from contracts’ AppPaths', () => {
    const offenders = sources(src)
      .filter((file) => /['"`]\/app\//.test(code(file)))
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });
});
