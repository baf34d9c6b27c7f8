import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { BOUNDARY } from '../eslint.config.js';

const root = path.resolve(import.meta.dirname, '..');
// The boundary rules need no types: lint snippets without the type-aware program.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked, { languageOptions: { parserOptions: { projectService: false } } }],
});

async function boundaryMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries (STYLE.md) as lint rules', () => {
  it('contracts import only zod and each other', async () => {
    expect(
      await boundaryMessages('packages/contracts/src/x.ts', "import { z } from 'zod';\nimport { Messages } from './errors.ts';\n"),
    ).toEqual([]);
    const found = await boundaryMessages('packages/contracts/src/x.ts', "import Koa from 'koa';\nimport { a } from '@studio/session';\n");
    expect(found).toHaveLength(2);
    for (const message of found) expect(message).toContain(BOUNDARY.contracts);
  });

  it("apps never import another app's code, bare or relative", async () => {
    expect(
      await boundaryMessages('shell/src/x.tsx', "import { Messages } from '@studio/contracts';\nimport { a } from './y.ts';\n"),
    ).toEqual([]);
    const found = await boundaryMessages(
      'shell/src/features/x.tsx',
      "import A from 'mfe-account/src/exposed/A';\nimport B from '../../../mfe-gallery/src/exposed/ImagesPage.tsx';\n",
    );
    expect(found).toHaveLength(2);
    for (const message of found) expect(message).toContain(BOUNDARY.apps);
    expect(await boundaryMessages('mfe-gallery/src/x.tsx', "import S from '../../shell/src/app/App.tsx';\n")).toEqual([
      expect.stringContaining(BOUNDARY.apps),
    ]);
  });

  it('the bff never imports React or jotai', async () => {
    const found = await boundaryMessages(
      'bff/src/x.ts',
      "import React from 'react';\nimport { createRoot } from 'react-dom/client';\nimport { atom } from 'jotai';\n",
    );
    expect(found).toHaveLength(3);
    for (const message of found) expect(message).toContain(BOUNDARY.bffReact);
  });

  it('routes and services take their deps from deps.ts, never from app.ts or start.ts', async () => {
    expect(await boundaryMessages('bff/src/routes/x/index.ts', "import type { AppDeps } from '../../deps.ts';\n")).toEqual([]);
    const found = await boundaryMessages(
      'bff/src/services/x/y.ts',
      "import type { AppDeps } from '../../app.ts';\nimport { startStudio } from '../../start.ts';\nimport React from 'react';\n",
    );
    expect(found).toEqual([
      expect.stringContaining(BOUNDARY.bffWiring),
      expect.stringContaining(BOUNDARY.bffWiring),
      expect.stringContaining(BOUNDARY.bffReact),
    ]);
  });

  it('routes reach no store, knex or database module: they call a service', async () => {
    expect(
      await boundaryMessages(
        'bff/src/routes/x/index.ts',
        "import { uploadOf } from '../../services/uploads/gate.ts';\nimport { CHANNELS } from '../../db/notifications.ts';\n",
      ),
    ).toEqual([]);
    const found = await boundaryMessages(
      'bff/src/routes/x/index.ts',
      [
        "import { listSavedVoices } from '../../services/voices/store.ts';",
        "import { getAsset } from '../../services/assets/store';",
        "import type { Db } from '../../db/index.ts';",
        "import knex from 'knex';",
      ].join('\n'),
    );
    expect(found).toHaveLength(4);
    for (const message of found) expect(message).toContain(BOUNDARY.bffRoutesData);
    // Tests read the database to check what a request left there.
    expect(await boundaryMessages('bff/src/routes/x/index.test.ts', "import type { Db } from '../../db/index.ts';\n")).toEqual([]);
  });

  it('services declare their own dependencies, never importing deps.ts', async () => {
    expect(await boundaryMessages('bff/src/services/x/service.ts', "import type { Db } from '../../db/index.ts';\n")).toEqual([]);
    const found = await boundaryMessages(
      'bff/src/services/x/service.ts',
      "import type { AppDeps } from '../../deps.ts';\nimport { createDeps } from '../../deps';\n",
    );
    expect(found).toEqual([expect.stringContaining(BOUNDARY.bffServiceDeps), expect.stringContaining(BOUNDARY.bffServiceDeps)]);
  });

  it('no route handler touches the database handle', () => {
    const routes = path.join(root, 'bff/src/routes');
    const sources = readdirSync(routes, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(sources.length).toBeGreaterThan(10);
    const offending = sources.filter((file) => {
      // Import paths name the db folder; the code after them must not name the handle.
      const code = readFileSync(path.join(routes, file), 'utf8').replace(/^import[^;]*;$/gm, '');
      return /\bdb\b/.test(code);
    });
    expect(offending).toEqual([]);
  });

  it('workflow code imports no Node built-ins or I/O libraries', async () => {
    const found = await boundaryMessages(
      'workflows/src/workflows/video.ts',
      "import fs from 'node:fs';\nimport path from 'path';\nimport knex from 'knex';\n",
    );
    expect(found).toHaveLength(3);
    for (const message of found) expect(message).toContain(BOUNDARY.workflows);
    expect(await boundaryMessages('workflows/src/workflows/video.ts', "import { proxyActivities } from '@temporalio/workflow';\n")).toEqual(
      [],
    );
  });
});
