import { ApiRoutes } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../test/harness.ts';
import { createApiRouter } from './index.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

describe('GET /api/openapi.json', () => {
  it('describes every route the API serves', async () => {
    const { status, body } = await studio.client().get(ApiRoutes.openapi);
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    const served = createApiRouter(studio.deps)
      .stack.filter((layer) => layer.methods.length > 0)
      .flatMap((layer) =>
        layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m.toLowerCase()} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`),
      );
    expect(served).toEqual(expect.arrayContaining(['post /api/auth/signup', 'get /api/credits', 'post /api/profile/avatar']));
    const described = Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    const undocumented = [...new Set(served)].filter((route) => !described.includes(route) && !route.includes('/oidc'));
    expect(undocumented).toEqual([]);
  });

  it('documents the headers and multipart text fields route() parses', async () => {
    const { body } = await studio.client().get(ApiRoutes.openapi);
    expect(body.paths['/api/admin/users/{id}/credits'].post.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'idempotency-key', in: 'header', required: true })]),
    );
    const clone = body.paths[ApiRoutes.cloneVoice].post.requestBody.content['multipart/form-data'].schema;
    expect(clone.properties).toMatchObject({ voiceName: { type: 'string' }, audioFile: { type: 'string', format: 'binary' } });
  });
});
