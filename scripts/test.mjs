#!/usr/bin/env node
// `npm test`: every test of the studio, in the order that keeps a 2-core machine busy.
//   1. the build (every app, production): the front-end bench and the end-to-end tests need it;
//   2. vitest (unit and HTTP tests, and the bff and media benches' smoke runs), with the front-end
//      bench's smoke run beside it (it mostly waits for its studio to start, while vitest's files wait
//      on PostgreSQL and sockets much of the time); its output is printed once vitest is done;
//   3. the end-to-end tests (Playwright in Chromium).
// With TEST_LINT=1 (.ci/run), lint runs beside steps 2 and 3 at the lowest priority, on the CPU they
// leave idle: in a clean run it ends within vitest, which it slows by about half a minute (beside the
// end-to-end tests at an equal priority, it slowed them by a minute).
// A failure anywhere fails the run; each step's time is printed at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const times = [];

/** The machine's busy and total CPU time so far (all cores, ms): a step's share tells whether it waited or worked. */
function cpuTimes() {
  let busy = 0;
  let total = 0;
  for (const { times: t } of os.cpus()) {
    const all = t.user + t.nice + t.sys + t.idle + t.irq;
    busy += all - t.idle;
    total += all;
  }
  return { busy, total };
}

/** The steps running at the lowest priority, each in a session of its own. */
const idleChildren = new Set();

/**
 * Runs an npm script; resolves with its exit code (and its output when `quiet`, printed later).
 * `idle`: at the lowest priority. On Linux that takes a session of its own with its scheduling group
 * niced: with the kernel's autogroups, a nice value counts only against processes of the same
 * session, and Playwright starts its studios and browsers in sessions of their own.
 */
function npm(script, { quiet = false, idle = false } = {}) {
  const started = performance.now();
  const cpu = cpuTimes();
  const child = spawn('npm', ['run', '--silent', script], {
    cwd: root,
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
    detached: idle,
  });
  if (idle) {
    idleChildren.add(child);
    child.on('close', () => idleChildren.delete(child));
    os.setPriority(child.pid, 19);
    try {
      fs.writeFileSync(`/proc/${child.pid}/autogroup`, '19');
    } catch {
      // No autogroups here (another OS, or turned off): the nice value alone does it.
    }
  }
  let output = '';
  if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const now = cpuTimes();
      times.push([script, (performance.now() - started) / 1000, (now.busy - cpu.busy) / (now.total - cpu.total)]);
      resolve({ code: code ?? 1, output });
    });
  });
}

function finish(code) {
  // A step still running in a session of its own would outlive this process.
  for (const child of idleChildren) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  console.log('\n== npm test, step by step');
  for (const [script, seconds, busy] of times) {
    console.log(`  ${script.padEnd(28)} ${seconds.toFixed(0).padStart(5)} s   CPUs ${(busy * 100).toFixed(0).padStart(3)} % busy`);
  }
  process.exit(code);
}

const build = await npm('build');
if (build.code !== 0) finish(build.code);

const lint = process.env.TEST_LINT === '1' ? npm('lint', { quiet: true, idle: true }) : null;
const bench = npm('bench:smoke:frontend', { quiet: true });
const unit = await npm('test:unit');
const smoke = await bench;
console.log('\n== front-end bench, smoke run (ran beside vitest)');
process.stdout.write(smoke.output);
if (unit.code !== 0) finish(unit.code);
if (smoke.code !== 0) finish(smoke.code);

const e2e = await npm('test:e2e');
if (lint) {
  const linted = await lint;
  console.log('\n== npm run lint (ran beside the tests, at the lowest priority)');
  process.stdout.write(linted.output);
  if (linted.code !== 0) finish(linted.code);
}
finish(e2e.code);
