import Koa from 'koa';
import { ApiRoutes, PaymentRoutes } from '@studio/contracts';
import { REPO_ROOT } from './config.ts';
import type { AppDeps } from './deps.ts';
import { loadSession } from './middlewares/auth.ts';
import { parseJsonBodies, refuseEncodedBodies } from './middlewares/body.ts';
import { errorHandler } from './middlewares/errors.ts';
import { requestContext } from './middlewares/request-context.ts';
import { traceRequests } from './tracing.ts';
import { csrfProtection, hostCheck, loopbackClientsOnly, securityHeaders } from './middlewares/security.ts';
import { createFrontendMiddleware } from './routes/frontend/index.ts';
import { createApiRouter } from './routes/index.ts';

const JSON_LIMIT = '1mb';

/** Builds the Koa app (no listen): middleware chain, then the API, then the front end. */
export function createApp(deps: AppDeps): Koa {
  const { config, db, logger } = deps;
  const app = new Koa();
  app.silent = true;
  // Behind proxies, the client IP is read from X-Forwarded-For, counting only the trusted hops.
  app.proxy = config.trustedProxies > 0;
  app.maxIpsCount = config.trustedProxies;
  app.use(traceRequests);
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
