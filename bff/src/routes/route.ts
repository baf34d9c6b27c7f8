import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { requireAdmin, requireUser, requireUserOrRecovery } from '../middlewares/auth.ts';
import { describeRoute, type RouteDoc } from '../openapi.ts';

const GUARDS: Record<NonNullable<RouteDoc['auth']>, Middleware[]> = {
  none: [],
  user: [requireUser],
  admin: [requireAdmin],
  'user-or-recovery': [requireUserOrRecovery],
};

/**
 * Declares a route once: it is described in the OpenAPI document and registered behind the guard
 * its `auth` names, so what the document says about access is what the server enforces.
 */
export function route(router: Router, doc: RouteDoc, ...handlers: Middleware[]): void {
  describeRoute(doc);
  router.register(doc.path, [doc.method], [...GUARDS[doc.auth ?? 'none'], ...handlers]);
}
