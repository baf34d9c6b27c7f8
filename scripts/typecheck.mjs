#!/usr/bin/env node
// Type-checks every workspace that has a tsconfig.json (strict, from tsconfig.base.json).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const projects = [...workspaces, 'e2e'].filter((w) => fs.existsSync(path.join(root, w, 'tsconfig.json')));
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
let failed = 0;
for (const project of projects) {
  const result = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: root, stdio: 'inherit' });
  console.log(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${project}`);
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
