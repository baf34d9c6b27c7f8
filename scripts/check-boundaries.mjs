#!/usr/bin/env node
// Lint: the import boundaries of STYLE.md ("Boundaries"), checked over every source file.
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const APPS = ['shell', 'mfe-account', 'mfe-gallery', 'mfe-video-editor', 'mfe-image-studio', 'mfe-voices'];
const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

function* walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

function importsOf(file) {
  // Comments may quote imports; drop them first (block comments, and `//` after a line start or a space).
  const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]).filter(Boolean);
}

const problems = [];
const rel = (f) => path.relative(root, f);
const bare = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

// packages/contracts imports only zod.
for (const file of walk(path.join(root, 'packages/contracts/src'))) {
  for (const spec of importsOf(file)) {
    if (!spec.startsWith('.') && bare(spec) !== 'zod') problems.push(`${rel(file)}: contracts may import only zod, not "${spec}"`);
  }
}

// Apps never import each other's code; they meet through Module Federation and contracts.
for (const app of APPS) {
  for (const file of walk(path.join(root, app))) {
    for (const spec of importsOf(file)) {
      const resolved = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : null;
      const other = APPS.find((a) => a !== app && (bare(spec) === a || (resolved && resolved.startsWith(path.join(root, a) + path.sep))));
      if (other) problems.push(`${rel(file)}: imports ${other}'s code ("${spec}"); load it through Module Federation instead`);
    }
  }
}

// The bff never imports React.
for (const file of walk(path.join(root, 'bff'))) {
  for (const spec of importsOf(file)) {
    if (/^(react|react-dom|jotai)(\/|$)/.test(spec)) problems.push(`${rel(file)}: the bff must not import "${spec}"`);
  }
}

// Workflow code never imports Node built-ins or I/O (Temporal replays it deterministically).
for (const file of walk(path.join(root, 'workflows/src/workflows'))) {
  for (const spec of importsOf(file)) {
    if (builtins.has(spec) || /^(pg|knex|fs-extra|sharp|axios|node-fetch)$/.test(bare(spec))) {
      problems.push(`${rel(file)}: workflow code must not import "${spec}"`);
    }
  }
}

if (problems.length) {
  console.error(`Boundary check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Boundary check passed.');
