/**
 * Peak memory of captioning one section with the longest script a section may hold (20 blocks of
 * 5,000 characters, one-letter words: about 8,300 six-word cues before any bound), on a 12 s
 * 720×1280 clip — the whole process tree: this process plus every ffmpeg it starts (VmHWM read from
 * /proc while they run). Target ≤ 500 MB (1,000 cues once took ffmpeg to 2 GB).
 * Run alone: npx tsx packages/media/bench/captions.bench.ts (the engine bench runs it too).
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { LIPSYNC_MAX_S, SCRIPT_BLOCK_MAX_CHARS, VIDEO_RENDER_SIZES } from '@studio/contracts';
import { localBurnCaptions } from '../src/local/video/captions.ts';
import { localAnimate } from '../src/local/video/motion.ts';

// BENCH_SMOKE=1 (npm test): one short block on a 2 s clip at a quarter of the size, to prove the bench runs.
const SMOKE = process.env.BENCH_SMOKE === '1';
const BLOCKS_PER_SECTION = SMOKE ? 1 : 20;
const TARGET_MB = 500;

/** Peak resident memory (kB) of each child process seen, by pid. */
/** This process's command line: a child that still has it has not started its own program yet. */
const self = fs.readFileSync('/proc/self/cmdline');

function childPeaks(into: Map<number, number>) {
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const task of tasks) {
    let children = '';
    try {
      children = fs.readFileSync(`/proc/self/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const pid of children.split(/\s+/).filter(Boolean).map(Number)) {
      try {
        // A child forked and not yet exec'd is still this process (its pages shared with it, counted
        // again): it is sampled once it runs its own program.
        if (fs.readFileSync(`/proc/${pid}/cmdline`).equals(self)) continue;
        const hwm = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (hwm) into.set(pid, Math.max(into.get(pid) ?? 0, Number(hwm[1])));
      } catch {
        // It ended between the listing and the read: its last sample stands.
      }
    }
  }
}

/** Runs `work` and answers its wall time and the peak of this process's RSS plus the largest child's. */
export async function measureTree(work: () => Promise<unknown>): Promise<{ ms: number; nodeMb: number; childMb: number; totalMb: number }> {
  const children = new Map<number, number>();
  let node = process.memoryUsage().rss;
  const sample = () => {
    node = Math.max(node, process.memoryUsage().rss);
    childPeaks(children);
  };
  const timer = setInterval(sample, 10);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  sample();
  const ms = Math.round(performance.now() - started);
  const nodeMb = Math.round(node / 1024 / 1024);
  // ffmpeg runs one at a time here: the largest child is the tree's extra at its peak.
  const childMb = Math.round(Math.max(0, ...children.values()) / 1024);
  return { ms, nodeMb, childMb, totalMb: nodeMb + childMb };
}

/** The measure: prints one line and answers the numbers. */
export async function benchCaptions(render = localBurnCaptions) {
  const full = VIDEO_RENDER_SIZES['9:16']!;
  const [width, height] = SMOKE ? [full.width / 4, full.height / 4] : [full.width, full.height];
  const durationS = SMOKE ? 2 : LIPSYNC_MAX_S;
  const still = await sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
  const clip = await localAnimate({ image: { data: still, mime: 'image/jpeg', width, height }, width, height, durationS });
  const block = 'a '.repeat(SMOKE ? 50 : SCRIPT_BLOCK_MAX_CHARS / 2).trim();
  const script = Array.from({ length: BLOCKS_PER_SECTION }, () => block).join(' ');
  const cues = Math.ceil(script.split(' ').length / 6);
  const result = await measureTree(() => render({ video: clip.video, script, width, height, durationS }));
  console.log(
    `captions, one ${durationS} s ${width}×${height} section with the longest script (${script.length} characters, ${cues} cues unbounded): ${result.ms} ms, peak RSS ${result.totalMb} MB (node ${result.nodeMb} + ffmpeg ${result.childMb}; target ≤ ${TARGET_MB} MB, ratio ${(result.totalMb / TARGET_MB).toFixed(2)})`,
  );
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchCaptions();
