/**
 * Serves the front end from the bff: `/remotes.json` from configuration, each remote's
 * build under `/mfe/<folder>/` (CORS-open so a remote hosted elsewhere works the same), and the
 * shell with `index.html` for every other non-API GET path (client routing).
 *
 * Mounted after the API routes: `app.use(createFrontendMiddleware({ remotes: config.REMOTES, rootDir }))`.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type Koa from 'koa';
import { REMOTE_FOLDERS, type RemotesManifest } from '@studio/contracts';
import { contentSecurityPolicy } from '../../middlewares/security.ts';
import { RemotesConfigError, looksLikeFile, parseRemotesFile, parseRemotesList, resolveRemotes } from './remotes-config.ts';

export { RemotesConfigError } from './remotes-config.ts';

export interface FrontendOptions {
  /** `REMOTES`: `name=url,…`, a JSON file path (relative to rootDir), or unset for local builds. */
  remotes: string | undefined;
  /** Repository root: holds `shell/dist` and `<remote-folder>/dist`. */
  rootDir: string;
  /** Further origins pages may show images from (the store import's allowed origins). */
  imageOrigins?: readonly string[];
  /** NODE_ENV=production: build details (source maps, mf-stats.json) are not served. */
  production?: boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
/** Build output names carry a content hash (`main.3f9a1c2b7d.js`): safe to cache for a year. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const REVALIDATE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const REMOTE_FOLDER_SET = new Set(Object.values(REMOTE_FOLDERS));

const gzip = promisify(gzipCallback);
/**
 * The front end's files compressed once per version (path, size and modification time), not once
 * per request: a page load asks for about 2.4 MB of scripts, and gzip at level 6 cost the studio
 * ~60 ms of CPU for each. The build is a few MB compressed; the cap only bounds a misconfiguration.
 */
const GZIP_CACHE_BYTES = 64 * 1024 * 1024;
const gzipped = new Map<string, { body: Promise<Buffer>; bytes: number }>();
let gzippedBytes = 0;

function gzippedFile(file: string, etag: string): Promise<Buffer> {
  const key = `${file}\0${etag}`;
  const cached = gzipped.get(key);
  if (cached) return cached.body;
  const entry = { body: readFile(file).then((raw) => gzip(raw, { level: 6 })), bytes: 0 };
  gzipped.set(key, entry);
  entry.body.then(
    (body) => {
      if (gzipped.get(key) !== entry) return;
      entry.bytes = body.length;
      gzippedBytes += body.length;
      // Oldest first (a Map keeps insertion order): an older version of a file is the first to go.
      for (const [old, { bytes }] of gzipped) {
        if (gzippedBytes <= GZIP_CACHE_BYTES) break;
        if (old === key || bytes === 0) continue;
        gzipped.delete(old);
        gzippedBytes -= bytes;
      }
    },
    () => gzipped.delete(key),
  );
  return entry.body;
}

/**
 * Source maps hand out the source, mf-stats.json every module's path and version: a developer's
 * tools, not the product's. mf-manifest.json stays: the shell loads
 * remotes by it. A build with SOURCE_MAPS=true still writes maps, for an error tracker to take.
 */
const isBuildDetail = (pathname: string) => {
  const name = pathname.toLowerCase();
  return name.endsWith('.map') || name.endsWith('/mf-stats.json');
};

/** Builds the middleware. A bad `REMOTES` value throws `RemotesConfigError` here, at start. */
export function createFrontendMiddleware(options: FrontendOptions): Koa.Middleware {
  const rootDir = path.resolve(options.rootDir);
  const shellDist = path.join(rootDir, 'shell', 'dist');
  validateAtStart(options.remotes, rootDir);

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.method !== 'OPTIONS') return next();
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return next();

    let pathname: string;
    try {
      pathname = decodeURIComponent(ctx.path);
    } catch {
      ctx.status = 400;
      return;
    }
    if (pathname.includes('\0')) {
      ctx.status = 400;
      return;
    }

    if (options.production && isBuildDetail(pathname)) return notFound(ctx);

    if (pathname.startsWith('/mfe/')) {
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.set('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      if (ctx.method === 'OPTIONS') {
        ctx.set('Access-Control-Allow-Headers', ctx.get('Access-Control-Request-Headers') || '*');
        ctx.set('Access-Control-Max-Age', '86400');
        ctx.status = 204;
        return;
      }
      const [, , folder = '', ...rest] = pathname.split('/');
      if (!REMOTE_FOLDER_SET.has(folder)) return notFound(ctx);
      const file = safeJoin(path.join(rootDir, folder, 'dist'), rest.join('/'));
      if (!file || !(await sendFile(ctx, file))) return notFound(ctx);
      return;
    }

    if (ctx.method === 'OPTIONS') return next();

    if (pathname === '/remotes.json') {
      try {
        const manifest: RemotesManifest = await resolveRemotes(options.remotes, rootDir);
        ctx.set('Cache-Control', REVALIDATE);
        ctx.type = 'application/json';
        ctx.body = manifest;
      } catch (error) {
        // The file form is re-read on every request so a remote can be moved without a restart;
        // a broken file must not take the whole studio down, only its remotes.
        ctx.status = 500;
        ctx.body = {
          error: { code: 'internal', message: error instanceof RemotesConfigError ? error.message : 'REMOTES could not be read' },
        };
      }
      return;
    }

    const file = safeJoin(shellDist, pathname.slice(1));
    if (pathname.endsWith('.html') || !path.extname(pathname)) await allowRemoteOrigins(ctx, options, rootDir);
    if (file && pathname !== '/' && (await sendFile(ctx, file))) return;

    // Client routing: any other path gets the shell, unless it names a missing file
    // (a missing /assets/x.js must 404, not answer HTML that the browser would run as script).
    if (path.extname(pathname) && !pathname.endsWith('.html')) return notFound(ctx);
    const index = path.join(shellDist, 'index.html');
    if (!(await sendFile(ctx, index))) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The studio front end is not built yet. Run `npm run build`.';
    }
  };
}

/** The shell's pages may load remotes from the origins `REMOTES` names (a CDN, another host). */
async function allowRemoteOrigins(ctx: Koa.Context, options: FrontendOptions, rootDir: string): Promise<void> {
  const manifest = await resolveRemotes(options.remotes, rootDir).catch(() => null);
  const origins = new Set<string>();
  for (const { entry } of manifest?.remotes ?? []) {
    if (URL.canParse(entry)) origins.add(new URL(entry).origin);
  }
  ctx.set('Content-Security-Policy', contentSecurityPolicy([...origins], options.imageOrigins));
}

function validateAtStart(remotes: string | undefined, rootDir: string): void {
  const value = remotes?.trim();
  if (!value) return;
  if (!looksLikeFile(value)) {
    parseRemotesList(value);
    return;
  }
  const file = path.resolve(rootDir, value);
  let raw: string | null = null;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    // reported by parseRemotesFile
  }
  parseRemotesFile(file, raw);
}

/** Joins a request path under `base`, or null when it would leave `base` (path traversal). */
export function safeJoin(base: string, relative: string): string | null {
  const root = path.resolve(base);
  const target = path.resolve(root, `.${path.sep}${relative}`);
  if (target !== root && !target.startsWith(root + path.sep)) return null;
  return target;
}

async function sendFile(ctx: Koa.Context, file: string): Promise<boolean> {
  let info;
  try {
    info = await stat(file);
  } catch {
    return false;
  }
  if (!info.isFile()) return false;

  const ext = path.extname(file).toLowerCase();
  const base = path.basename(file);
  const revalidate =
    ext === '.html' || base === 'mf-manifest.json' || base === 'mf-stats.json' || base === 'remoteEntry.js' || !HASHED.test(base);
  ctx.set('Cache-Control', revalidate ? REVALIDATE : IMMUTABLE);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = CONTENT_TYPES[ext] ?? 'application/octet-stream';
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  ctx.set('ETag', etag);
  ctx.set('Last-Modified', info.mtime.toUTCString());
  ctx.status = 200;
  if (ctx.get('If-None-Match') === etag) {
    ctx.status = 304;
    return true;
  }
  if (ctx.method === 'HEAD') {
    ctx.length = info.size;
    return true;
  }
  const compress = COMPRESSIBLE.has(ext) && info.size > 1024 && /\bgzip\b/.test(ctx.get('Accept-Encoding'));
  if (compress) {
    ctx.vary('Accept-Encoding');
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = await gzippedFile(file, etag);
  } else {
    ctx.length = info.size;
    ctx.body = createReadStream(file);
  }
  return true;
}

function notFound(ctx: Koa.Context): void {
  ctx.status = 404;
  ctx.type = 'text/plain';
  ctx.body = 'Not found';
}
