/**
 * The API while media renders, wherever it renders (the load bench: one process; the scale bench:
 * an API process and a worker): two cheap signed-in polls from other processes —
 * `GET /api/plan-status` and `GET /api/job-status/:id`, `rate` requests a second each, evenly paced
 * after a warm-up — first with nothing rendering, then while rounds of image generations and video
 * sections render without pause, each asked of the API as a creator would.
 */
import { randomUUID } from 'node:crypto';
import { ApiRoutes, isJobFinished } from '@studio/contracts';
import sharp from 'sharp';
import type { Db } from '../src/db/index.ts';
import { SESSION_COOKIE } from '../src/services/sessions.ts';
import { getJob } from '../src/services/videos/store.ts';
import { newSession, TestClient } from '../test/harness.ts';
import { loadFromAnotherProcess, type LoadResult } from './load.ts';
import { seedOwnersWithJobs } from './owners.ts';
import { SMOKE, sized } from './smoke.ts';

/** The API as its users reach it: its address, the origin its pages are served from, and its database. */
export interface Api {
  url: string;
  origin: string;
  db: Db;
}

/** A new confirmed user with `credits`, and a client signed in as them (by a session row, as sign-in writes it). */
export async function creator(api: Api, credits = 1_000): Promise<{ id: string; client: TestClient }> {
  const email = `creator-${randomUUID()}@example.com`;
  const [row] = await api
    .db('users')
    .insert({ email, password_hash: 'x', email_confirmed_at: new Date() })
    .returning<{ id: string }[]>('id');
  await api.db.raw('SELECT ensure_profile(?, ?, ?)', [row!.id, email, credits]);
  const client = new TestClient(api.url, api.origin);
  client.setCookie(SESSION_COOKIE, await newSession(api.db, row!.id));
  return { id: row!.id, client };
}

export async function generateImage(client: TestClient): Promise<void> {
  const form = new FormData();
  form.set('prompt', 'a glass bottle of serum on a marble shelf');
  form.set('aspectRatio', '1:1');
  const res = await client.post(ApiRoutes.generateImage, form);
  if (res.status !== 200) throw new Error(`an image generation answered ${res.status}`);
}

let portrait: Promise<Buffer> | undefined;
/** A section's image: a plain 720×1280 picture. */
const sectionImage = () =>
  (portrait ??= sharp({ create: { width: 720, height: 1280, channels: 3, background: '#6a7a8a' } })
    .png()
    .toBuffer());

/** Starts a job of `sections` silent 3 s sections; answers its id. */
export async function startVideo(client: TestClient, sections = 1): Promise<string> {
  const form = new FormData();
  const ids = Array.from({ length: sections }, (_, i) => `s${i}`);
  form.set('sections', JSON.stringify(ids.map((id) => ({ id, name: id, scriptEnabled: false, videoDuration: 3 }))));
  const image = await sectionImage();
  ids.forEach((_, i) => form.set(`image_${i}`, new Blob([new Uint8Array(image)], { type: 'image/png' }), 'a.png'));
  const res = await client.post(ApiRoutes.generateVideo, form);
  if (res.status !== 200) throw new Error(`a video start answered ${res.status}`);
  return res.body.jobId as string;
}

/** Waits until a job has ended. */
export async function finished(db: Db, jobId: string): Promise<void> {
  for (;;) {
    const job = await getJob(db, jobId);
    if (!job || isJobFinished(job.status)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface RenderingLoad {
  /** Each route's answers with nothing rendering, then while rendering: plan-status first, job-status second. */
  alone: LoadResult[];
  loaded: LoadResult[];
  /** Rounds rendered while the loaded measurement ran. */
  rendered: number;
}

/**
 * Measures the API's answers alone, then while rounds of `images` image generations and `sections`
 * one-section videos render (each for a creator of its own: one would meet the upload rate limit).
 * A full run renders one round first (models load, ffmpeg starts); a smoke run's numbers mean
 * nothing, the round below runs the same work.
 */
export async function measureWhileRendering(
  api: Api,
  options: {
    rate: number;
    seconds: number;
    images: number;
    sections: number;
    /** Called as the loaded measurement starts, and what it answers once it ends (e.g. to watch this process's event loop meanwhile). */
    whileLoaded?: () => () => void;
  },
): Promise<RenderingLoad> {
  const reader = await creator(api, 100_000);
  // Owners of finished jobs, each polling their own (a finished job's status is read as often as a running one's).
  const owners = await seedOwnersWithJobs(api.db, 20, 1);
  const read = () =>
    Promise.all(
      [
        [{ path: ApiRoutes.planStatus, headers: { cookie: reader.client.cookieHeader } }],
        owners.map((o) => ({ path: `${ApiRoutes.jobStatus}/${o.jobId}`, headers: { cookie: `${SESSION_COOKIE}=${o.token}` } })),
      ].map((requests) =>
        loadFromAnotherProcess({
          url: api.url,
          requests,
          rate: options.rate,
          durationS: options.seconds,
          warmupS: sized(3, 0),
          connections: 10,
        }),
      ),
    );
  const round = async () => {
    const clients = await Promise.all(Array.from({ length: Math.max(options.images, options.sections) }, () => creator(api)));
    await Promise.all([
      ...Array.from({ length: options.images }, (_, i) => generateImage(clients[i]!.client)),
      ...Array.from({ length: options.sections }, async (_, i) => finished(api.db, await startVideo(clients[i]!.client))),
    ]);
  };
  if (!SMOKE) await round();

  const alone = await read();
  let rendering = true;
  let rendered = 0;
  const media = (async () => {
    while (rendering) {
      await round();
      rendered++;
    }
  })();
  const ended = options.whileLoaded?.();
  const loaded = await read();
  ended?.();
  rendering = false;
  await media;
  return { alone, loaded, rendered };
}

/** A measurement's line: its label, count, median, p99, max and errors. */
export const loadLine = (label: string, r: LoadResult) =>
  `${label.padEnd(60)} ${r.requests} requests, median ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(0)} ms, errors ${r.errors + r.non2xx}`;

/** Prints each route's lines: alone, then loaded against `targetMs`. */
export function printRenderingLoad(
  result: RenderingLoad,
  options: { rate: number; images: number; sections: number; targetMs: number },
): void {
  for (const [i, route] of ['plan-status', 'job-status'].entries()) {
    console.log(loadLine(`${route} at ${options.rate}/s, nothing rendering`, result.alone[i]!));
    console.log(
      `${loadLine(`${route} at ${options.rate}/s, ${options.images} images + ${options.sections} video sections`, result.loaded[i]!)}  target p99 ${options.targetMs} ms  ` +
        `ratio ${(result.loaded[i]!.p99 / options.targetMs).toFixed(2)}  (${result.rendered} rounds rendered meanwhile)`,
    );
  }
}
