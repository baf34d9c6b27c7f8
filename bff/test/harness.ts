import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ApiRoutes, isJobFinished, type JobView, type SubscriptionTierName, type UserAsset } from '@studio/contracts';
import { createFastMediaEngine } from '@studio/media/testing';
import pg from 'pg';
import sharp from 'sharp';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/index.ts';
import { findFreePort } from '../src/db/embedded-postgres.ts';
import { CHANNELS } from '../src/db/notifications.ts';
import { createLogger } from '../src/logger.ts';
import { saveImageAsset } from '../src/services/assets/files.ts';
import { hashPassword } from '../src/services/passwords.ts';
import { hashToken, newToken, SESSION_COOKIE, sessionLifetimeMs } from '../src/services/sessions.ts';
import { startStudio, type RunningStudio } from '../src/start.ts';
import { TEST_DATABASE_VARIABLE } from './global-setup.ts';

export interface TestStudio extends RunningStudio {
  /** A browser-like client with its own cookie jar; requests carry the app's Origin. */
  client(): TestClient;
  /**
   * Stops this studio and starts it again on the same port, database and DATA_DIR, as a redeploy
   * does; use the studio it answers from then on (this one is stopped).
   */
  restart(): Promise<TestStudio>;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class TestClient {
  private readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly origin: string,
  ) {}

  /** Sets a cookie as if the server had sent it (e.g. a session created directly in the database). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value.join('=') === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
  }

  /**
   * Sends a request; `body` as an object is JSON, as FormData is multipart, as URLSearchParams
   * is a urlencoded form. Redirects are not followed. A header given as '' is left out.
   */
  async request<T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const isForm = body instanceof FormData || body instanceof URLSearchParams;
    const allHeaders: Record<string, string> = {
      origin: this.origin,
      ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
      ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      ...headers,
    };
    // An empty value leaves the header out (e.g. `origin: ''` for a request without Origin).
    for (const [name, value] of Object.entries(allHeaders)) if (value === '') delete allHeaders[name];
    const response = await fetch(new URL(url, this.baseUrl), {
      method,
      redirect: 'manual',
      headers: allHeaders,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    this.remember(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, undefined, headers);
  }
  post<T = any>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, body ?? {}, headers);
  }
  patch<T = any>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', url, body ?? {}, headers);
  }
  delete<T = any>(url: string, body?: unknown) {
    return this.request<T>('DELETE', url, body);
  }
}

// A random start: another test run on this machine (another checkout) uses the same ranges.
let portCounter = Math.floor(Math.random() * 1_000);

/**
 * A free port for a test studio, from a range of its own per test worker and below Linux's
 * ephemeral range: a port found free and released, then bound, cannot be taken meanwhile by a
 * file running in the other worker (or by an ephemeral socket).
 */
async function testPort(): Promise<number> {
  const base = 20_000 + Number(process.env.VITEST_POOL_ID ?? 0) * 1_000;
  for (let tries = 0; tries < 1_000; tries++) {
    const port = base + (portCounter++ % 1_000);
    if (await isFree(port)) return port;
  }
  return findFreePort();
}

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A database of its own for one studio, copied from the run's migrated template. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Copies the shared test PostgreSQL's template (bff/test/global-setup.ts) into a new database:
 * milliseconds, against an initdb and migrations per file. Null outside the test runner (the
 * benches), where each studio starts its own embedded PostgreSQL.
 */
export async function copyTemplateDatabase(): Promise<TestDatabase | null> {
  const serverUrl = process.env[TEST_DATABASE_VARIABLE];
  if (!serverUrl) return null;
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl.replace(/\/studio$/, '/postgres') });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name} TEMPLATE studio`);
  return { url: serverUrl.replace(/\/studio$/, `/${name}`), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Starts the real studio in-process on an ephemeral port, against a real PostgreSQL database of its
 * own (a copy of the run's migrated template) and a fresh temporary folder. Call `stop()` in afterAll.
 * `media: 'real'` runs the real local engine instead of the fast test engine.
 */
export async function startTestStudio(env: Record<string, string> = {}, options: { media?: 'fast' | 'real' } = {}): Promise<TestStudio> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-test-'));
  // The database runs as the "postgres" user, which must be able to enter this folder.
  await fs.chmod(dataDir, 0o755);
  const database = env.DATABASE_URL ? null : await copyTemplateDatabase();
  // Links in mails and redirects use APP_URL, so the port is chosen before the start.
  const port = String(await testPort());
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: port,
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Many tests share one studio, some with a render that never ends (to cancel or time it out):
    // slots enough that those never starve the next test's renders, as on a worker of many cores.
    RENDER_CONCURRENCY: '16',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  // HTTP tests use the fast engine (real files, no models); a file that looks at what the engine
  // makes, or talks to a hosted double, asks for the real one.
  const hosted = Boolean(config.falKey ?? config.elevenLabs);
  const media = () => (options.media === 'real' || hosted ? undefined : createFastMediaEngine());
  const cleanUp = async () => {
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  const launch = async (): Promise<TestStudio> => {
    const studio = await startStudio(config, createLogger(config.logLevel), { fastDatabase: true, lazyJobs: true, media: media() }).catch(
      async (error: unknown) => {
        await cleanUp();
        throw error;
      },
    );
    return {
      ...studio,
      client: () => new TestClient(studio.url, new URL(studio.deps.config.appUrl).origin),
      async restart() {
        await studio.stop();
        return launch();
      },
      async stop() {
        await studio.stop();
        await cleanUp();
      },
    };
  };
  return launch();
}

/**
 * One request on a connection of its own, with headers fetch will not send as given (`Host`).
 * `onConnection` sees the server's side of that connection before the request is read.
 */
export async function rawRequest(
  studio: RunningStudio,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  const url = new URL(options.path, studio.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const json = (res.headers['content-type'] ?? '').includes('json') && text;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: json ? JSON.parse(text) : text });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Runs `action` while every new connection to the studio reports `address` as its peer, as a
 * client on another machine would (the tests can only connect over loopback).
 */
export async function asRemoteClient<T>(studio: RunningStudio, address: string, action: () => Promise<T>): Promise<T> {
  const disguise = (socket: import('node:net').Socket) => Object.defineProperty(socket, 'remoteAddress', { value: address });
  studio.server.prependListener('connection', disguise);
  try {
    return await action();
  } finally {
    studio.server.off('connection', disguise);
  }
}

let userCounter = 0;
/** Factory users are hashed cheaply (the app's own sign-ups keep full-strength scrypt). */
const CHEAP_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

/** A confirmed user with a password, created directly in the database. */
export async function createUser(
  studio: RunningStudio,
  options: { email?: string; password?: string; confirmed?: boolean } = {},
): Promise<{ id: string; email: string; password: string }> {
  const email = options.email ?? `user${++userCounter}-${Date.now()}@example.com`;
  const password = options.password ?? 'correct horse battery';
  const [row] = await studio.deps
    .db('users')
    .insert({
      email: email.toLowerCase(),
      password_hash: await hashPassword(password, CHEAP_SCRYPT),
      email_confirmed_at: options.confirmed === false ? null : new Date(),
    })
    .returning('id');
  return { id: row.id, email: email.toLowerCase(), password };
}

/** Creates the user's profile with the trial grant, as the first profile read does. */
export async function ensureProfile(studio: RunningStudio, user: { id: string; email: string }, trialCredits = 20): Promise<void> {
  await studio.deps.db.raw('SELECT ensure_profile(?, ?, ?)', [user.id, user.email, trialCredits]);
}

/** An animation job's row, as the animate route stores one (`status` and deadline as given). */
const animationRow = (userId: string, job: { status: 'IN_PROGRESS' | 'COMPLETED'; deadlineAt?: Date }) => ({
  id: randomUUID(),
  user_id: userId,
  kind: 'animation',
  status: job.status,
  model: 'animation',
  aspect_ratio: '9:16',
  width: 720,
  height: 1280,
  settings: '{}',
  engine: 'dbos',
  deadline_at: job.deadlineAt ?? new Date(),
});

/** An animation job of the user's, stored as the animate route stores one; answers its id. */
export async function insertAnimation(studio: RunningStudio, userId: string, job: Parameters<typeof animationRow>[1]): Promise<string> {
  const row = animationRow(userId, job);
  await studio.deps.db('generated_videos').insert(row);
  return row.id;
}

/** `count` finished animations the user made this month: what the plan's videos a month counts. */
export async function videosMadeThisMonth(studio: RunningStudio, userId: string, count: number): Promise<void> {
  await studio.deps.db('generated_videos').insert(Array.from({ length: count }, () => animationRow(userId, { status: 'COMPLETED' })));
}

/** A signed-in user with a profile: `credits` to spend (20 by default) and, if given, a plan tier. */
export async function member(studio: TestStudio, options: { credits?: number; tier?: SubscriptionTierName } = {}) {
  const signed = await signedInUser(studio);
  await ensureProfile(studio, signed.user, options.credits ?? 20);
  if (options.tier) await studio.deps.db('profiles').where({ id: signed.user.id }).update({ subscription_tier: options.tier });
  return signed;
}

/**
 * Resolves when this studio hears the database's notice that `userId`'s plan status may have changed
 * (the balance crossed zero, the tier changed; migration 018): a test waits for it (with a deadline)
 * instead of sleeping. Call it before the write it waits for.
 */
export function planStatusNotice(studio: RunningStudio, userId: string, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no plan-status notice for ${userId} within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = studio.deps.notifications.on(CHANNELS.planStatus, (payload) => {
      if (payload !== userId) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/** The caller's credit balance, as the app reads it. */
export const balanceOf = async (client: TestClient) => (await client.get(ApiRoutes.credits)).body.credits as number;

/**
 * Signs `client` in as `user` without the sign-in route: inserts a session row (as the route
 * would) and hands the client its cookie.
 */
export async function signIn(studio: RunningStudio, client: TestClient, user: { id: string }): Promise<TestClient> {
  client.setCookie(SESSION_COOKIE, await newSession(studio.deps.db, user.id));
  return client;
}

/** Inserts a live session row for `userId`, as sign-in writes it; answers its token (the cookie's value). */
export async function newSession(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await db('sessions').insert({
    id_hash: hashToken(token),
    user_id: userId,
    kind: 'user',
    expires_at: new Date(Date.now() + sessionLifetimeMs('user')),
  });
  return token;
}

/** Polls a job as its owner until `until` holds (by default: the job ended); fails past `timeoutMs`. */
export async function waitForJob(
  client: TestClient,
  jobId: string,
  until = (job: JobView) => isJobFinished(job.status),
  timeoutMs = 90_000,
): Promise<JobView> {
  const started = Date.now();
  for (;;) {
    const res = await client.get(`${ApiRoutes.jobStatus}/${jobId}`);
    if (res.status !== 200) throw new Error(`job-status answered ${res.status} for ${jobId}`);
    if (until(res.body.job)) return res.body.job as JobView;
    if (Date.now() - started > timeoutMs) throw new Error(`job ${jobId} still ${JSON.stringify(res.body.job)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts a 3 s animation of one of the owner's images (2 credits): a one-section job. Answers its id. */
export async function startAnimation(studio: RunningStudio, owner: { user: { id: string }; client: TestClient }): Promise<string> {
  const image = await createImageAsset(studio, owner.user.id, { width: 320, height: 320 });
  const form = new FormData();
  form.set('imageUrl', image.public_url);
  form.set('duration', '3');
  const res = await owner.client.post(ApiRoutes.generateAnimation, form);
  if (res.status !== 200) throw new Error(`the animation did not start: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.jobId as string;
}

/** A new confirmed user and a client signed in as them. */
export async function signedInUser(
  studio: TestStudio,
  options: { email?: string } = {},
): Promise<{ user: { id: string; email: string; password: string }; client: TestClient }> {
  const user = await createUser(studio, options);
  const client = await signIn(studio, studio.client(), user);
  return { user, client };
}

/** An image in the user's gallery, stored as the generation route stores one (a real PNG). */
export async function createImageAsset(
  studio: RunningStudio,
  userId: string,
  options: { prompt?: string; width?: number; height?: number; colour?: string } = {},
): Promise<UserAsset> {
  const width = options.width ?? 64;
  const height = options.height ?? 96;
  const data = await sharp({ create: { width, height, channels: 3, background: options.colour ?? '#4477aa' } })
    .png()
    .toBuffer();
  return saveImageAsset(studio.deps.db, studio.deps.objects, {
    userId,
    image: { data, mime: 'image/png', width, height },
    metadata: {
      prompt: options.prompt ?? 'a test image',
      mode: 'generate',
      model: 'local/test',
      selectedLoRAModels: ['flux_krea'],
      provider: 'local',
    },
  });
}
