import { defineConfig } from 'vitest/config';

// One test run for the whole workspace; each package is a project with its own environment.
export default defineConfig({
  test: {
    projects: [
      'packages/speedway/vitest.config.ts',
      'packages/contracts/vitest.config.ts',
      'packages/scoresheet/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
    coverage: {
      provider: 'v8',
      // The rules engine is held to full coverage; the report is printed by every test run.
      include: ['packages/speedway/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/test-support/**'],
      reporter: ['text-summary', 'text'],
      thresholds: { branches: 100, functions: 100, lines: 100, statements: 100 },
    },
  },
});
