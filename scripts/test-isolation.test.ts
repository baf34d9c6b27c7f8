import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED } from '../vitest.config.ts';

const root = path.resolve(import.meta.dirname, '..');
/** What starts a durable job in a test: its workflows are registered once per process (DBOS keeps them in a module). */
const STARTS_A_JOB = /ApiRoutes\.generate(Video|Animation)|TrainingRoutes\.models|launchDbosEngine/;

// A glob of ISOLATED as a pattern: a double star and slash stand for any folders, a star for any name.
function globPattern(glob: string): RegExp {
  const name = (part: string) =>
    part
      .split('*')
      .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*');
  return new RegExp(`^${glob.split('**/').map(name).join('(?:.*/)?')}$`);
}

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('test files that share a worker', () => {
  it('leave every file that starts a durable job to a process of its own', () => {
    const starting = ['bff', 'workflows']
      .flatMap(testFiles)
      .filter((file) => STARTS_A_JOB.test(readFileSync(path.join(root, file), 'utf8')));
    expect(starting.length).toBeGreaterThan(5);
    const shared = starting.filter((file) => !ISOLATED.some((glob) => globPattern(glob).test(file)));
    expect(shared).toEqual([]);
  });
});
