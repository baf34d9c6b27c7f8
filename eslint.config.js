// Lint for the whole tree: typescript-eslint's type-aware rules, React hooks and accessibility
// for the apps, and the import boundaries of STYLE.md ("Boundaries") as rules.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export const APPS = ['shell', 'mfe-account', 'mfe-gallery', 'mfe-video-editor', 'mfe-image-studio', 'mfe-voices'];
const REACT_CODE = [...APPS.map((app) => `${app}/**/*.{ts,tsx}`), 'packages/ui/**/*.{ts,tsx}', 'packages/session/**/*.{ts,tsx}'];

/** Messages of the boundary rules; the lint test looks for them. */
export const BOUNDARY = {
  contracts: 'packages/contracts may import only zod: it is shared by every app and the bff.',
  apps: "Apps never import each other's code: load it through Module Federation, or share it in packages/.",
  bffReact: 'The bff never imports React, react-dom or jotai.',
  workflows: 'Workflow code is replayed deterministically: no Node built-ins or I/O libraries (use activities).',
  bffWiring: 'Wiring goes one way: routes and services take AppDeps from deps.ts, never from app.ts or start.ts.',
  bffRoutesData: 'Routes never reach the database: no store, knex or db module; call one method of a service from deps.services.',
  bffServiceDeps: 'A service never imports deps.ts: it declares the narrow dependencies it uses, and services/index.ts builds it.',
};

/** `no-restricted-imports` by patterns (gitignore-style) or a regular expression over the import string. */
const restrict = (groups, message) => ['error', { patterns: [{ group: groups, message }] }];
const restrictRegex = (regex, message) => ['error', { patterns: [{ regex, message }] }];
const BFF_NO_REACT = ['react', 'react/*', 'react-dom', 'react-dom/*', 'jotai', 'jotai/*'];
const BFF_WIRING = { regex: '(^|/)(app|start)(\\.ts)?$', message: BOUNDARY.bffWiring };
/** Stores (knex queries and row mappers) and the database module: a service's business, never a route's. */
const BFF_DATA = ['**/store.ts', '**/store', 'knex', 'knex/*', '**/db/index.ts', '**/db/index'];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'playwright-report/**', 'test-results/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts', 'scripts/*.mjs', 'scripts/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // An unawaited promise in a handler is a lost error.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Tests and the HTTP client read untyped JSON bodies on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
      // Route modules hand out objects of handler functions (\`password.signup\`); none uses \`this\`.
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: REACT_CODE,
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // A region that scrolls (a wide table on a phone) takes the keyboard focus so it can be scrolled
      // without a mouse (WAI's scrollable-region pattern; axe's scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  // Boundaries (STYLE.md).
  {
    files: ['packages/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': restrictRegex('^(?!zod(/|$)|\\.)', BOUNDARY.contracts) },
  },
  ...APPS.map((app) => ({
    files: [`${app}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'no-restricted-imports': restrict(
        APPS.filter((other) => other !== app).flatMap((other) => [other, `${other}/*`, `**/${other}`, `**/${other}/*`]),
        BOUNDARY.apps,
      ),
    },
  })),
  {
    files: ['bff/**/*.{ts,js,mjs}'],
    rules: { 'no-restricted-imports': restrict(BFF_NO_REACT, BOUNDARY.bffReact) },
  },
  {
    // A later block replaces the rule for its files, so it repeats the bff's React ban.
    files: ['bff/src/routes/**/*.ts'],
    // Tests may start the whole studio and read its database.
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: BFF_NO_REACT, message: BOUNDARY.bffReact }, BFF_WIRING, { group: BFF_DATA, message: BOUNDARY.bffRoutesData }],
        },
      ],
    },
  },
  {
    files: ['bff/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: BFF_NO_REACT, message: BOUNDARY.bffReact },
            BFF_WIRING,
            { regex: '(^|/)deps(\\.ts)?$', message: BOUNDARY.bffServiceDeps },
          ],
        },
      ],
    },
  },
  {
    files: ['workflows/src/workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [...builtinModules.flatMap((m) => [m, `node:${m}`]), 'pg', 'knex', 'fs-extra', 'sharp', 'axios', 'node-fetch', '@studio/media'],
        BOUNDARY.workflows,
      ),
    },
  },
  prettier,
);
