import type { MediaEngine } from '@studio/media';
import type { ObjectStore } from './services/object-store.ts';
import Koa from 'koa';
import { ApiRoutes, PaymentRoutes } from '@studio/contracts';
import { REPO_ROOT, type Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { Logger } from './logger.ts';
import { loadSession } from './middlewares/auth.ts';
import { parseJsonBodies, refuseEncodedBodies } from './middlewares/body.ts';
import { errorHandler } from './middlewares/errors.ts';
import type { RateLimitStore } from './middlewares/rate-limit.ts';
import { requestContext } from './middlewares/request-context.ts';
import { csrfProtection, hostCheck, loopbackClientsOnly, securityHeaders } from './middlewares/security.ts';
import { createFrontendMiddleware } from './routes/frontend/index.ts';
import { createApiRouter } from './routes/index.ts';
import type { DevOidcIssuer } from './services/dev-oidc-issuer.ts';
import type { DevOutbox, Mailer } from './services/mail.ts';
import type { OidcClient } from './services/oidc.ts';
import type { JobEngine } from './services/videos/engine.ts';
import type { Notifications } from './db/notifications.ts';
import type { Payments } from './services/payments/stripe.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  /** The dev outbox when no SMTP_URL is set (its route is not mounted in production). */
  outbox: DevOutbox | null;
  /** Google-type sign-in (OpenID Connect relying party); null when off (production without OIDC_*). */
  oidc: OidcClient | null;
  /** The local issuer when no OIDC_ISSUER_URL is set, served under /oidc. */
  devOidcIssuer: DevOidcIssuer | null;
  /** Attempt counters of the rate limits. */
  rateLimitStore: RateLimitStore;
  /** The image capabilities: local and offline, or fal.ai with FAL_KEY. */
  media: MediaEngine;
  /** Generated files (gallery assets, temporary uploads). */
  objects: ObjectStore;
  /** The durable engine that runs video jobs (DBOS here, or Temporal). */
  jobs: JobEngine;
  /** Database notifications (job changes, ledger writes), heard by this process. */
  notifications: Notifications;
  /** Stripe (or the local emulator); null when payments are unavailable. */
  payments: Payments | null;
}

const JSON_LIMIT = '1mb';

/** Builds the Koa app (no listen): middleware chain, then the API, then the front end. */
export function createApp(deps: AppDeps): Koa {
  const { config, db, logger } = deps;
  const app = new Koa();
  app.silent = true;
  // Behind proxies, the client IP is read from X-Forwarded-For, counting only the trusted hops.
  app.proxy = config.trustedProxies > 0;
  app.maxIpsCount = config.trustedProxies;
  app.use(requestContext(logger));
  app.use(securityHeaders({ secure: config.secureCookies }));
  app.use(errorHandler);
  app.use(hostCheck(config.appUrl));
  // The dev stand-ins answer this machine only: anyone else reaching the port would read any
  // user's links (outbox) or sign in as any e-mail, an admin's included (issuer).
  const devStandIn = (path: string) =>
    (deps.outbox !== null && path === ApiRoutes.devOutbox) || (deps.devOidcIssuer?.serves(path) ?? false);
  app.use(loopbackClientsOnly(devStandIn));
  // Server-to-server posts carry no browser origin: the payment webhook (signed by the provider) and the dev issuer's token calls.
  const serverToServer = (path: string) => path === PaymentRoutes.webhook || (deps.devOidcIssuer?.isServerToServer(path) ?? false);
  app.use(csrfProtection(new URL(config.appUrl).origin, serverToServer));
  // The dev issuer parses its own bodies, so it comes before the JSON parser.
  if (deps.devOidcIssuer) app.use(deps.devOidcIssuer.middleware);
  app.use(refuseEncodedBodies);
  app.use(parseJsonBodies({ limit: JSON_LIMIT }));
  app.use(loadSession(db, config));
  const api = createApiRouter(deps);
  app.use(api.routes());
  app.use(api.allowedMethods());
  app.use(
    createFrontendMiddleware({
      remotes: config.remotes,
      rootDir: REPO_ROOT,
      imageOrigins: config.storeImportAllowedOrigins,
      production: config.nodeEnv === 'production',
    }),
  );
  return app;
}
