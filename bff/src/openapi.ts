import { ErrorBody } from '@studio/contracts';
import { z } from 'zod';

export interface RouteDoc {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  summary: string;
  /** Who may call it; `route()` enforces it. A recovery session may only read the session and set a password. */
  auth?: 'user' | 'admin' | 'user-or-recovery' | 'none';
  /** `route()` parses the query, path params, headers and JSON body with these before the route's handlers run. */
  query?: z.ZodObject;
  params?: z.ZodObject;
  /** by lower-case name, as Node gives them */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** multipart file fields, by name, for upload routes */
  multipart?: Record<string, string>;
  /** multipart text fields; `route()` parses them once the route's upload gate has accepted the request */
  fields?: z.ZodObject;
  responses: Record<number, z.ZodType | string>;
}

const routes = new Map<string, RouteDoc>();

/** Records a route for `GET /api/openapi.json`; routes describe themselves with the schemas they validate with. */
export function describeRoute(doc: RouteDoc): void {
  routes.set(`${doc.method} ${doc.path}`, doc);
}

const toSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

/** The OpenAPI 3 document built from every described route. */
export function buildOpenApiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of [...routes.values()].sort((a, b) => a.path.localeCompare(b.path))) {
    const openApiPath = doc.path.replace(/:(\w+)/g, '{$1}');
    const parameters = [
      ...[...openApiPath.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
        const schema = doc.params?.shape[name!] as z.ZodType | undefined;
        return { name, in: 'path', required: true, schema: schema ? toSchema(schema, 'input') : { type: 'string' } };
      }),
      ...(['query', 'header'] as const).flatMap((where) =>
        Object.entries((where === 'query' ? doc.query : doc.headers)?.shape ?? {}).map(([name, schema]) => ({
          name,
          in: where,
          required: !(schema as z.ZodType).safeParse(undefined).success,
          schema: toSchema(schema as z.ZodType, 'input'),
        })),
      ),
    ];
    const responses = Object.fromEntries(
      Object.entries(doc.responses).map(([status, schema]) => [
        status,
        typeof schema === 'string'
          ? { description: schema }
          : { description: 'OK', content: { 'application/json': { schema: toSchema(schema, 'output') } } },
      ]),
    );
    responses.default = { description: 'Error', content: { 'application/json': { schema: toSchema(ErrorBody, 'output') } } };
    (paths[openApiPath] ??= {})[doc.method] = {
      summary: doc.summary,
      ...(doc.auth && doc.auth !== 'none' ? { security: [{ session: [] }] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(doc.body
        ? {
            requestBody: {
              required: !doc.body.safeParse({}).success,
              content: { 'application/json': { schema: toSchema(doc.body, 'input') } },
            },
          }
        : {}),
      ...(doc.multipart
        ? {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    properties: {
                      ...(doc.fields ? (toSchema(doc.fields, 'input').properties as Record<string, unknown>) : {}),
                      ...Object.fromEntries(
                        Object.entries(doc.multipart).map(([k, d]) => [k, { type: 'string', format: 'binary', description: d }]),
                      ),
                    },
                  },
                },
              },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Studio API', version: '1.0.0', description: 'The backend-for-frontend of Studio.' },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'studio_session' } } },
    paths,
  };
}
