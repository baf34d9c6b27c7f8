import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isLoopback } from './loopback.ts';
import type { S3Settings } from './services/storage/object-store.ts';

/** Where the repository lives: the bff serves the built apps from it and keeps DATA_DIR relative to it. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

const DEFAULT_ADMIN_EMAILS = 'admin@studio.local,owner@studio.local';

/** Which language model writes a drafted ad's scripts. */
export type LanguageModelSettings =
  | { provider: 'openai'; baseUrl: string; apiKey: string; model: string }
  | { provider: 'fal'; falKey: string; falBaseUrl: string | undefined; model: string };

/** The model a drafted ad's scripts are asked of when LLM_MODEL names none. */
export const DEFAULT_LLM_MODELS = { openai: 'gpt-4o-mini', fal: 'google/gemini-flash-1.5' } as const;

const optionalUrl = z.url({ error: 'must be a URL' }).optional();

const wholeNumber = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535, { error: 'must be a port number' }).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** This process's name among the bff processes sharing one database: DBOS resumes only its own unfinished jobs. */
  EXECUTOR_ID: z
    .string()
    .regex(/^[\w.:@-]{1,100}$/, { error: 'must be 1–100 letters, digits or . : @ _ -' })
    .optional(),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Studio <no-reply@studio.local>'),
  OIDC_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  ADMIN_EMAILS: z.string().optional(),
  REMOTES: z.string().optional(),
  FAL_KEY: z.string().min(1).optional(),
  /** Where fal requests go instead of https://(queue.)fal.run (a proxy, or a test double). */
  FAL_BASE_URL: optionalUrl,
  ELEVENLABS_API_KEY: z.string().min(1).optional(),
  ELEVENLABS_BASE_URL: optionalUrl,
  /** An OpenAI-compatible chat endpoint (its base URL, ending before `/chat/completions`) that writes drafted ads' scripts. */
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().min(1).optional(),
  /** The model asked, at that endpoint or at fal's any-llm. */
  LLM_MODEL: z.string().min(1).max(200).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'must be a Stripe secret key (sk_… or rk_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: 'must be a Stripe webhook signing secret (whsec_…)' })
    .optional(),
  TEMPORAL_ADDRESS: z
    .string()
    .regex(/^[\w.-]+:\d+$/, { error: 'must be host:port of the Temporal frontend' })
    .optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_UI_URL: optionalUrl,
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  STORE_IMPORT_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .refine((origins) => origins.every((origin) => URL.canParse(origin) && new URL(origin).origin === origin), {
      error: 'must be comma-separated origins such as http://127.0.0.1:8299',
    }),
  VIDEO_PARALLELISM: z.coerce
    .number({ error: 'must be a whole number from 1 to 8' })
    .int()
    .min(1)
    .max(8, { error: 'must be a whole number from 1 to 8' })
    .default(2),
  TRUST_PROXY: z.coerce
    .number({ error: 'must be the number of proxies in front of the bff (0 for none)' })
    .int()
    .min(0, { error: 'must be the number of proxies in front of the bff (0 for none)' })
    .default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** What this process does (DESIGN decision 18): answer HTTP and render (`all`), only answer and enqueue (`api`), or only render (`worker`). */
  STUDIO_ROLE: z.enum(['all', 'api', 'worker'], { error: 'must be all, api or worker' }).default('all'),
  RENDER_CONCURRENCY: wholeNumber(1, 64).optional(),
  USER_RENDER_LIMIT: wholeNumber(1, 64).default(2),
  WORKER_HEARTBEAT_MS: wholeNumber(100, 600_000).default(5000),
  WORKER_DEAD_AFTER_MS: wholeNumber(1000, 86_400_000).default(60_000),
  /** Where the media engine runs: `child`, a process of its own below this one's priority (DESIGN decision 18), or `inline`, in this process. */
  MEDIA_HOST: z.enum(['child', 'inline'], { error: 'must be child or inline' }).default('child'),
  MEDIA_HOST_CONCURRENCY: wholeNumber(1, 64).optional(),
  /** An API process's media call no worker has taken after this long is answered busy (503). */
  MEDIA_PICKUP_MS: wholeNumber(100, 600_000).default(60_000),
  /** Tests only: `fast` makes a spawned process render with the instant test engine. */
  MEDIA_ENGINE: z.enum(['configured', 'fast'], { error: 'must be configured or fast' }).default('configured'),
  METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535, { error: 'must be a port number' }).optional(),
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  /**
   * Where `/metrics` is served: on a port of its own (`METRICS_PORT`, on HOST; for a
   * scraper inside the network), and/or on the app's port to a bearer `METRICS_TOKEN`. Neither: not served.
   */
  metrics: { port: number | undefined; token: string | undefined };
  port: number;
  /** The durable engine's executor id: `EXECUTOR_ID`, else `<host name>:<port>` (stable across restarts, unique per process). */
  executorId: string;
  host: string;
  appUrl: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | undefined;
  adminEmails: ReadonlySet<string>;
  remotes: string | undefined;
  /**
   * How many proxies in front of the bff append to X-Forwarded-For. 0 (the default) trusts no
   * header: the client IP (rate limits count by it) is the socket's peer.
   */
  trustedProxies: number;
  /** fal.ai key: hosted models for every image capability; unset → the local, offline engine. */
  falKey: string | undefined;
  falBaseUrl: string | undefined;
  /** ElevenLabs: speech, the voice library and cloning; unset → the local espeak-ng voices. */
  elevenLabs: { apiKey: string; baseUrl: string | undefined } | undefined;
  /**
   * Who writes a drafted ad's scripts: an OpenAI-compatible endpoint (LLM_BASE_URL + LLM_API_KEY),
   * else fal's any-llm with FAL_KEY; unset → templates filled in with the product's words.
   */
  languageModel: LanguageModelSettings | undefined;
  /** Where generated files are kept: an S3-compatible bucket, or (unset) a folder under DATA_DIR. */
  s3: S3Settings | undefined;
  /** Stripe's keys; unset → the local Stripe emulator (not in production: payments are then unavailable). */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** Temporal runs video jobs when set (its worker: `npm run worker`); unset → DBOS inside the bff. */
  /** With `uiUrl` (TEMPORAL_UI_URL), the jobs console links each job to its workflow in the Temporal UI. */
  temporal: { address: string; namespace: string; uiUrl: string | undefined } | undefined;
  /** How many sections of one video render at once (when a job renders its own sections: Temporal, jobs from before queues). */
  videoParallelism: number;
  /** `STUDIO_ROLE`: `all` answers HTTP and renders (`npm start`), `api` answers and enqueues, `worker` renders (`npm run worker`). */
  role: 'all' | 'api' | 'worker';
  /** Sections (and trainings) a rendering process runs at once (`RENDER_CONCURRENCY`, default: its cores). */
  renderConcurrency: number;
  /** Sections (and trainings) one user has rendering at once across every worker (`USER_RENDER_LIMIT`). */
  userRenderLimit: number;
  /** How often a rendering process says it is alive (`WORKER_HEARTBEAT_MS`). */
  workerHeartbeatMs: number;
  /** A worker not heard from this long is gone: a live one recovers its jobs (`WORKER_DEAD_AFTER_MS`). */
  workerDeadAfterMs: number;
  /**
   * `MEDIA_HOST`: `child` runs the media engine in a child process of its own at a lower OS priority, so that
   * its main-thread work (painting, pixel loops, WASM glue) never holds this process's answers; `inline` runs it here.
   */
  mediaHost: 'child' | 'inline';
  /** Engine calls running in the media host at once, the others waiting in order (`MEDIA_HOST_CONCURRENCY`, default: the cores). */
  mediaHostConcurrency: number;
  /** How long an API process's media call waits for a worker to take it before it is answered busy (`MEDIA_PICKUP_MS`). */
  mediaPickupMs: number;
  /** Tests only (`MEDIA_ENGINE=fast` with NODE_ENV=test): a spawned process renders with the instant test engine. */
  fastMedia: boolean;
  /** Where traces go over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT); unset → no traces. */
  otlpEndpoint: string | undefined;
  /** Store import: origins reached without the public-address check (a local store double); none by default. */
  storeImportAllowedOrigins: readonly string[];
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === '' ? undefined : value]));
  const parsed = Env.safeParse(blankToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const oidcVars = [e.OIDC_ISSUER_URL, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcVars.some(Boolean) && !oidcVars.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three, or none for the dev issuer',
    );
  }
  if (e.MEDIA_ENGINE === 'fast' && e.NODE_ENV !== 'test')
    throw new ConfigError('Invalid configuration:\n  MEDIA_ENGINE: fast is the test engine, only with NODE_ENV=test');
  if (e.WORKER_HEARTBEAT_MS * 2 > e.WORKER_DEAD_AFTER_MS)
    throw new ConfigError(
      'Invalid configuration:\n  WORKER_DEAD_AFTER_MS: must be at least twice WORKER_HEARTBEAT_MS (a live worker would be taken for dead)',
    );
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    // The dev outbox keeps mail in memory for a developer to read: in production it would be a
    // silent black hole for confirmation and reset links (DESIGN decision 10).
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: required in production (smtp://user:pass@host:port); the dev outbox only runs in development and test',
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both, or neither for the local Stripe emulator',
    );
  }
  if (Boolean(e.LLM_BASE_URL) !== Boolean(e.LLM_API_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  LLM_BASE_URL and LLM_API_KEY: set both for an OpenAI-compatible language model, or neither (templates, or fal with FAL_KEY)',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither for the default credentials',
    );
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when other S3_ variables are set');
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  // The built-in admins are for a studio only its own machine reaches: off loopback anyone could
  // sign up as admin@studio.local and read the link in the dev outbox.
  let adminList = e.ADMIN_EMAILS;
  if (adminList === undefined && isLoopback(e.HOST)) adminList = DEFAULT_ADMIN_EMAILS;
  if (adminList === undefined && e.NODE_ENV !== 'production') {
    throw new ConfigError(
      `Invalid configuration:\n  ADMIN_EMAILS: required when HOST is not a loopback address (HOST=${e.HOST}); name the admins' e-mail addresses, comma-separated`,
    );
  }
  const adminEmails = new Set(
    (adminList ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
  for (const email of adminEmails) {
    if (!z.email().safeParse(email).success)
      throw new ConfigError(`Invalid configuration:\n  ADMIN_EMAILS: "${email}" is not an e-mail address`);
  }
  return {
    nodeEnv: e.NODE_ENV,
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN },
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    port: e.PORT,
    executorId: e.EXECUTOR_ID ?? `${os.hostname()}:${e.PORT}`,
    host: e.HOST,
    appUrl,
    secureCookies: appUrl.startsWith('https://'),
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oidc: e.OIDC_ISSUER_URL
      ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID!, clientSecret: e.OIDC_CLIENT_SECRET! }
      : undefined,
    adminEmails,
    remotes: e.REMOTES,
    trustedProxies: e.TRUST_PROXY,
    falKey: e.FAL_KEY,
    falBaseUrl: e.FAL_BASE_URL,
    languageModel:
      e.LLM_BASE_URL && e.LLM_API_KEY
        ? { provider: 'openai', baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL ?? DEFAULT_LLM_MODELS.openai }
        : e.FAL_KEY
          ? { provider: 'fal', falKey: e.FAL_KEY, falBaseUrl: e.FAL_BASE_URL, model: e.LLM_MODEL ?? DEFAULT_LLM_MODELS.fal }
          : undefined,
    elevenLabs: e.ELEVENLABS_API_KEY ? { apiKey: e.ELEVENLABS_API_KEY, baseUrl: e.ELEVENLABS_BASE_URL } : undefined,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
          credentials: e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! } : undefined,
        }
      : undefined,
    stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET! } : undefined,
    temporal: e.TEMPORAL_ADDRESS ? { address: e.TEMPORAL_ADDRESS, namespace: e.TEMPORAL_NAMESPACE, uiUrl: e.TEMPORAL_UI_URL } : undefined,
    videoParallelism: e.VIDEO_PARALLELISM,
    role: e.STUDIO_ROLE,
    renderConcurrency: e.RENDER_CONCURRENCY ?? Math.min(64, os.availableParallelism()),
    userRenderLimit: e.USER_RENDER_LIMIT,
    workerHeartbeatMs: e.WORKER_HEARTBEAT_MS,
    workerDeadAfterMs: e.WORKER_DEAD_AFTER_MS,
    mediaHost: e.MEDIA_HOST,
    mediaHostConcurrency: e.MEDIA_HOST_CONCURRENCY ?? Math.min(64, os.availableParallelism()),
    mediaPickupMs: e.MEDIA_PICKUP_MS,
    fastMedia: e.MEDIA_ENGINE === 'fast',
    storeImportAllowedOrigins: e.STORE_IMPORT_ALLOWED_ORIGINS,
    logLevel: e.LOG_LEVEL,
  };
}
