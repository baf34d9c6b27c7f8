import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import { requireAdmin, requireUser, requireUserOrRecovery } from '../middlewares/auth.ts';
import { describeRoute, type RouteDoc } from '../openapi.ts';
import { uploadOf } from '../services/uploads/gate.ts';

const GUARDS: Record<NonNullable<RouteDoc['auth']>, Middleware[]> = {
  none: [],
  user: [requireUser],
  admin: [requireAdmin],
  'user-or-recovery': [requireUserOrRecovery],
};

type Parsed<D, K extends 'body' | 'query' | 'params' | 'headers' | 'fields'> = D extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** What a route's handler receives: each part of the request its doc declares a schema for, parsed by that schema. */
export interface RouteInput<D extends RouteDoc> {
  body: Parsed<D, 'body'>;
  query: Parsed<D, 'query'>;
  params: Parsed<D, 'params'>;
  headers: Parsed<D, 'headers'>;
  /** multipart text fields, parsed once the upload gate has accepted the request */
  fields: Parsed<D, 'fields'>;
}

/** A route's last handler: it answers the request from its parsed input. */
export type RouteHandler<D extends RouteDoc> = (ctx: Context, input: RouteInput<D>) => unknown;

const INPUT = Symbol('route input');
type InputState = { [INPUT]?: Partial<Record<keyof RouteInput<RouteDoc>, unknown>> };

/**
 * Parses what the doc declares; a `ZodError` reaches `errorHandler`, which answers the one
 * 400 `invalid_request` with the first issue's message and field.
 */
function parseRequest(doc: RouteDoc): Middleware {
  return async (ctx, next) => {
    (ctx.state as InputState)[INPUT] = {
      // A body-less request (a DELETE, `null`) validates as an empty object: the schema names what is missing.
      body: doc.body?.parse(ctx.request.body ?? {}),
      query: doc.query?.parse(ctx.query),
      params: doc.params?.parse(ctx.params),
      headers: doc.headers?.parse(ctx.headers),
    };
    return next();
  };
}

/**
 * Declares a route once: it is described in the OpenAPI document and registered behind the guard
 * its `auth` names, so what the document says about access is what the server enforces. Likewise
 * for input: the body, query, path params and headers it declares are parsed right after the
 * guard, before its other handlers (a limiter or an upload gate never spends work on input the
 * schema refuses), its multipart `fields` once its upload gate has accepted the files. The last
 * handler receives the parsed values, typed by the doc's schemas: `async (ctx, { body }) => …`.
 */
export function route<D extends RouteDoc>(router: Router, doc: D, ...handlers: [...Middleware[], RouteHandler<D>]): void {
  describeRoute(doc);
  const middlewares = handlers.slice(0, -1) as Middleware[];
  const handler = handlers.at(-1) as RouteHandler<D>;
  const answer: Middleware = async (ctx) => {
    const input = (ctx.state as InputState)[INPUT] ?? {};
    if (doc.fields) input.fields = doc.fields.parse(uploadOf(ctx).fields);
    await handler(ctx, input as RouteInput<D>);
  };
  router.register(doc.path, [doc.method], [...GUARDS[doc.auth ?? 'none'], parseRequest(doc), ...middlewares, answer]);
}
