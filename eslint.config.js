import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/artifacts/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          // From this file's folder, not the working directory: ESLint run from elsewhere (the
          // layering test runs in apps/server) resolves '@/…' in the web the same way.
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json', 'e2e/tsconfig.json'].map(
            (project) => `${import.meta.dirname}/${project}`,
          ),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Accessibility (WCAG 2.2 AA): the plugin's recommended rules on every component.
    ...jsxA11y.flatConfigs.recommended,
    files: ['apps/web/**/*.tsx'],
  },
  {
    // Apps never import each other; the rules package imports nothing of ours.
    files: ['apps/web/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/server/**', '@speedway/server'] }],
    },
  },
  {
    files: ['apps/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/web/**', '@speedway/web'] }],
    },
  },
  {
    // The server's layers (ARCHITECTURE.md, "apps/server/src"). Tests may reach any module to set
    // up and inspect state; apps/server/test/layering.test.ts proves these zones.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: { 'import-x/no-restricted-paths': ['error', serverLayers()] },
  },
  {
    // The web's layers (ARCHITECTURE.md, "apps/web/src"), as the server's: tests may use another
    // feature's testing/ helpers; apps/server/test/layering.test.ts proves these zones.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'import-x/no-restricted-paths': ['error', webLayers()] },
  },
  {
    // Promises in the server are awaited, returned or voided on purpose, and never handed to a
    // caller that ignores them (a listener, a timer).
    files: ['apps/server/**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'apps/server/vitest.config.ts',
            'apps/server/vitest.system.config.ts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The scoresheet renders the engine's model: pure text out, nothing but the rules in.
    files: ['packages/scoresheet/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@speedway/contracts', '**/apps/**', 'node:*'] },
      ],
    },
  },
  {
    files: ['packages/rules/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@speedway/*', 'node:*'] }] },
  },
);

/**
 * The server's features, each after the ones it uses: a feature imports only features listed
 * before it, and only their `index.ts`, so features never import each other in a cycle. A new
 * folder under apps/server/src/features goes here, after the features it needs.
 */
function serverFeatures() {
  const order = [
    'health',
    'announcement',
    'tutorials',
    'ads',
    'push',
    'auth',
    'notifications',
    'official',
    'protocol',
    'teams',
    'statistics',
    'scoresheet',
    'live',
    'account',
  ];
  const folders = readdirSync(`${import.meta.dirname}/apps/server/src/features`, {
    withFileTypes: true,
  }).filter((entry) => entry.isDirectory());
  const unlisted = folders.filter((entry) => !order.includes(entry.name));
  if (unlisted.length > 0) {
    throw new Error(`eslint.config.js: put ${unlisted.map((e) => e.name)} in serverFeatures()`);
  }
  return order;
}

/** import-x/no-restricted-paths zones for apps/server/src. */
function serverLayers() {
  const src = 'apps/server/src';
  const features = serverFeatures();
  const dir = (feature) => `${src}/features/${feature}`;
  const zones = features.flatMap((feature, i) => {
    const below = features.slice(0, i);
    const above = features.slice(i + 1);
    return [
      below.length > 0 && {
        target: dir(feature),
        from: below.map(dir),
        except: ['./index.ts'],
        message: 'Another feature is used only through its index.ts.',
      },
      above.length > 0 && {
        target: dir(feature),
        from: above.map(dir),
        message: 'A feature imports only the features before it in serverFeatures().',
      },
    ].filter(Boolean);
  });
  return {
    basePath: import.meta.dirname,
    zones: [
      ...zones,
      {
        target: ['lib', 'plugins', 'db', 'mail', 'openapi'].map((d) => `${src}/${d}`),
        from: `${src}/features`,
        message: 'Shared layers import no feature.',
      },
      {
        target: [`${src}/jobs`, `${src}/cli`],
        from: features.map(dir),
        except: ['./index.ts'],
        message: 'A feature is used only through its index.ts.',
      },
      {
        target: `${src}/features/**/!(*.routes).ts`,
        from: [`${src}/plugins/**`, `${src}/features/**/*.routes.ts`],
        message: 'Only *.routes.ts files use the HTTP layer (plugins/, routes).',
      },
    ],
  };
}

/** import-x/no-restricted-paths zones for apps/web/src. */
function webLayers() {
  const src = 'apps/web/src';
  const features = readdirSync(`${import.meta.dirname}/${src}/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const dir = (feature) => `${src}/features/${feature}`;
  return {
    basePath: import.meta.dirname,
    zones: [
      ...features.map((feature) => ({
        target: dir(feature),
        from: features.filter((other) => other !== feature).map(dir),
        except: ['./index.ts'],
        message: 'Another feature is used only through its index.ts.',
      })),
      {
        target: `${src}/features`,
        from: `${src}/app`,
        message: 'A feature does not import the app (routes, layouts): the app composes features.',
      },
      {
        target: ['lib', 'components', 'sw'].map((d) => `${src}/${d}`),
        from: [`${src}/features`, `${src}/app`],
        message:
          'Shared layers (lib, components, the service worker) import no feature and no app.',
      },
    ],
  };
}
