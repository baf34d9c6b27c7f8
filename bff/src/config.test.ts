import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';

/** The message of the ConfigError `env` raises. */
function problemWith(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives a working local studio with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 8080,
      host: '127.0.0.1',
      appUrl: 'http://localhost:8080',
      secureCookies: false,
      dataDir: path.resolve(REPO_ROOT, '.data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      oidc: undefined,
      logLevel: 'info',
      trustedProxies: 0,
      falKey: undefined,
    });
    expect([...config.adminEmails]).toEqual(['admin@studio.local', 'owner@studio.local']);
  });

  it('derives APP_URL from PORT, trims its trailing slash, and turns on Secure cookies for https', () => {
    expect(loadConfig({ PORT: '3000' }).appUrl).toBe('http://localhost:3000');
    const config = loadConfig({ APP_URL: 'https://studio.example.com/' });
    expect(config.appUrl).toBe('https://studio.example.com');
    expect(config.secureCookies).toBe(true);
  });

  it('names each process for the durable engine: host and port by default (stable across restarts), or EXECUTOR_ID', () => {
    expect(loadConfig({ PORT: '3000' }).executorId).toBe(`${os.hostname()}:3000`);
    expect(loadConfig({ PORT: '3001' }).executorId).not.toBe(loadConfig({ PORT: '3000' }).executorId);
    expect(loadConfig({ EXECUTOR_ID: 'bff-2.eu-west' }).executorId).toBe('bff-2.eu-west');
    expect(problemWith({ EXECUTOR_ID: 'two words' })).toMatch(/EXECUTOR_ID/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '', OIDC_ISSUER_URL: '' })).toMatchObject({ port: 8080, smtpUrl: undefined, oidc: undefined });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/studio',
      DATABASE_URL: 'postgres://u:p@db:5432/studio',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      OIDC_ISSUER_URL: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'client',
      OIDC_CLIENT_SECRET: 'secret',
      ADMIN_EMAILS: ' Boss@Example.com , ops@example.com,',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '2',
      FAL_KEY: 'key-id:key-secret',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/studio',
      databaseUrl: 'postgres://u:p@db:5432/studio',
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      oidc: { issuerUrl: 'https://accounts.google.com', clientId: 'client', clientSecret: 'secret' },
      logLevel: 'warn',
      trustedProxies: 2,
      falKey: 'key-id:key-secret',
    });
    expect([...config.adminEmails]).toEqual(['boss@example.com', 'ops@example.com']);
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '80.5' }],
    ['APP_URL', { APP_URL: 'not a url' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/studio' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.com' }],
    ['ADMIN_EMAILS', { ADMIN_EMAILS: 'admin@example.com,not-an-address' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['TRUST_PROXY', { TRUST_PROXY: '-1' }],
    ['OIDC_ISSUER_URL', { OIDC_ISSUER_URL: 'nope', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' }],
  ])('stops on a bad %s, naming it', (variable, env) => {
    expect(problemWith(env)).toContain(variable);
  });

  it('gives the built-in admins only to a studio listening on loopback', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) {
      expect([...loadConfig({ HOST }).adminEmails], HOST).toEqual(['admin@studio.local', 'owner@studio.local']);
    }
    // Anyone reaching a public port could sign up as admin@studio.local and read its link in the dev outbox.
    for (const HOST of ['0.0.0.0', '::', '192.0.2.10', 'studio.example.com']) {
      for (const NODE_ENV of ['development', 'test']) {
        expect(problemWith({ HOST, NODE_ENV }), `${HOST} ${NODE_ENV}`).toContain(
          'ADMIN_EMAILS: required when HOST is not a loopback address',
        );
      }
    }
    expect([...loadConfig({ HOST: '0.0.0.0', ADMIN_EMAILS: 'boss@example.com' }).adminEmails]).toEqual(['boss@example.com']);
    // In production nobody is an admin by default: there is no dev outbox, and an operator names them.
    expect(loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' }).adminEmails.size).toBe(0);
  });

  it('refuses the dev outbox in production, naming what to configure', () => {
    expect(problemWith({ NODE_ENV: 'production' })).toContain('SMTP_URL: required in production');
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' }).smtpUrl).toBe('smtp://mail.example.com:587');
  });

  it.each([
    [{ OIDC_ISSUER_URL: 'https://accounts.google.com' }],
    [{ OIDC_CLIENT_ID: 'id' }],
    [{ OIDC_ISSUER_URL: 'https://accounts.google.com', OIDC_CLIENT_ID: 'id' }],
    [{ OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' }],
  ])('stops on a partial OIDC configuration (%o), naming the variables', (env) => {
    const message = problemWith(env);
    for (const variable of ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']) expect(message).toContain(variable);
  });

  it('keeps files in a folder by default, and in an S3-compatible bucket when S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).s3,
    ).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ S3_BUCKET: 'media', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      region: 'eu-west-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(problemWith({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' })).toContain('S3_SECRET_ACCESS_KEY');
    expect(problemWith({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toContain('S3_BUCKET: required');
  });

  it('runs as one process by default; STUDIO_ROLE, the render limits and the worker timings are checked and named', () => {
    expect(loadConfig({})).toMatchObject({
      role: 'all',
      renderConcurrency: Math.min(64, os.availableParallelism()),
      userRenderLimit: 2,
      workerHeartbeatMs: 5000,
      workerDeadAfterMs: 60_000,
      mediaPickupMs: 60_000,
      fastMedia: false,
    });
    expect(
      loadConfig({
        STUDIO_ROLE: 'api',
        RENDER_CONCURRENCY: '6',
        USER_RENDER_LIMIT: '3',
        WORKER_HEARTBEAT_MS: '1000',
        WORKER_DEAD_AFTER_MS: '30000',
      }),
    ).toMatchObject({ role: 'api', renderConcurrency: 6, userRenderLimit: 3, workerHeartbeatMs: 1000, workerDeadAfterMs: 30_000 });
    expect(loadConfig({ STUDIO_ROLE: 'worker' }).role).toBe('worker');
    expect(problemWith({ STUDIO_ROLE: 'renderer' })).toMatch(/STUDIO_ROLE: must be all, api or worker/);
    expect(problemWith({ RENDER_CONCURRENCY: '0' })).toMatch(/RENDER_CONCURRENCY: must be a whole number from 1 to 64/);
    expect(problemWith({ USER_RENDER_LIMIT: 'two' })).toMatch(/USER_RENDER_LIMIT: must be a whole number from 1 to 64/);
    expect(problemWith({ WORKER_DEAD_AFTER_MS: '500' })).toMatch(/WORKER_DEAD_AFTER_MS: must be a whole number/);
    expect(loadConfig({ MEDIA_PICKUP_MS: '5000' }).mediaPickupMs).toBe(5000);
    expect(problemWith({ MEDIA_PICKUP_MS: '50' })).toMatch(/MEDIA_PICKUP_MS: must be a whole number from 100 to 600000/);
    expect(problemWith({ WORKER_HEARTBEAT_MS: '40000', WORKER_DEAD_AFTER_MS: '60000' })).toMatch(
      /WORKER_DEAD_AFTER_MS: must be at least twice WORKER_HEARTBEAT_MS/,
    );
  });

  it('takes the instant test engine (MEDIA_ENGINE=fast) only under NODE_ENV=test', () => {
    expect(loadConfig({ NODE_ENV: 'test', MEDIA_ENGINE: 'fast' }).fastMedia).toBe(true);
    expect(problemWith({ MEDIA_ENGINE: 'fast' })).toMatch(/MEDIA_ENGINE: fast is the test engine, only with NODE_ENV=test/);
    expect(problemWith({ NODE_ENV: 'test', MEDIA_ENGINE: 'quick' })).toMatch(/MEDIA_ENGINE: must be configured or fast/);
  });
});
