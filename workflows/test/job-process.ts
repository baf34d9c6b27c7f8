/**
 * A studio process running video jobs on DBOS, for the crash test: `crash` starts a 3-section job
 * whose section b never finishes (the test kills this process there); `resume` launches again,
 * lets DBOS resume the job, and writes its outcome; `bystander` is another process on the same
 * database that launches, waits, and says so. Every activity call is appended to a log.
 *   node --import tsx workflows/test/job-process.ts <crash|resume|bystander> <systemDatabaseUrl> <logFile> <jobId> [executorId]
 */
import fs from 'node:fs';
import { launchDbosEngine } from '../src/engines/dbos.ts';
import type { SectionSpec, VideoActivities } from '../src/workflows/job.ts';

const [mode, systemDatabaseUrl, logFile, jobId, executorId] = process.argv.slice(2) as [string, string, string, string, string?];
const log = (line: string) => fs.appendFileSync(logFile, `${line}\n`);
const hang = () => new Promise<never>(() => undefined);

const activities: VideoActivities = {
  speak: async (_j, s: SectionSpec) => (log(`speak:${s.id}`), `audio-${s.id}`),
  animate: async (_j, s) => {
    log(`animate-start:${s.id}`);
    if (mode === 'crash' && s.id === 'b') await hang();
    log(`animate:${s.id}`);
    return `clip-${s.id}`;
  },
  lipSync: async (_j, s) => (log(`lipsync:${s.id}`), `synced-${s.id}`),
  productShot: async (_j, s) => (log(`product:${s.id}`), `shot-${s.id}`),
  caption: async (_j, s, v) => v,
  concat: async (_j, videos) => (log(`concat:${videos.join(',')}`), { video: 'final.mp4', poster: 'poster.jpg' }),
  store: async () => (log('store'), 'asset-1'),
  finishAd: async () => (log('finishAd'), [{ aspectRatio: '9:16', video: 'ad.mp4', poster: 'ad.jpg', assetId: 'asset-1' }]),
  refundFormats: async () => undefined,
  refund: async (_j, _u, id) => log(`refund:${id}`),
  progress: async (_j, u) => log(`progress:${u.sectionId}:${u.done}/${u.total}`),
  finish: async (_j, outcome) => log(`finish:${outcome.status}`),
};

// One section at a time, as the job asks (its sections go through the render queue, whose limits decide
// that): section a is done and recorded before b starts, where the test kills the process.
const engine = await launchDbosEngine({ systemDatabaseUrl, activities, executorId, renderConcurrency: 1, userRenderLimit: 1 });
if (mode === 'crash') {
  const section = (id: string): SectionSpec => ({
    id,
    name: id,
    image: `img-${id}`,
    script: `line ${id}`,
    audio: null,
    videoPrompt: '',
    captions: false,
  });
  await engine.start({ jobId, userId: 'user-1', sections: [section('a'), section('b'), section('c')], parallelism: 1 });
  log('started');
  await hang();
} else if (mode === 'bystander') {
  // Launching has already recovered whatever this executor left pending; a moment more for stragglers.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  log('bystander-ready');
  await hang();
} else {
  const outcome = await engine.result(jobId);
  log(`result:${JSON.stringify(outcome)}`);
  // Leaving at once, as a deploy would: nothing in flight needs a clean shutdown.
  process.exit(0);
}
