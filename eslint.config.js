import js from '@eslint/js';
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
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json', 'e2e/tsconfig.json'],
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
    // Accessibility (issue 15): the plugin's recommended rules on every component.
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
    files: ['packages/speedway/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@speedway/*', 'node:*'] }] },
  },
);
