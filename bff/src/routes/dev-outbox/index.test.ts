import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { DevOutbox } from '../../services/mail.ts';
import { devOutboxRoutes } from './index.ts';

const outbox = new DevOutbox(createLogger('silent'));
const routesWith = (env: Record<string, string>, withOutbox = true) =>
  devOutboxRoutes({ config: loadConfig(env), outbox: withOutbox ? outbox : null } as AppDeps).stack.map((layer) => layer.path);

// The HTTP behaviour (listing by recipient, 404 with SMTP) is covered in routes/auth tests.
describe('dev outbox route', () => {
  it('is mounted in development and test', () => {
    expect(routesWith({ NODE_ENV: 'development' })).toEqual(['/api/dev/outbox']);
    expect(routesWith({ NODE_ENV: 'test' })).toEqual(['/api/dev/outbox']);
  });

  it('is not mounted in production, nor when mail goes over SMTP', () => {
    expect(routesWith({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' })).toEqual([]);
    expect(routesWith({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' }, false)).toEqual([]);
  });
});
