import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One test run for the whole workspace; each package is a project with its own environment.
export default defineConfig({
  test: {
    // One test file more than the machine has cores: a server file spends much of its time waiting
    // on PostgreSQL. Measured on this 2-core machine: the server project 6m51s with one worker,
    // 4m48s with two. All projects but the rules engine's, in CI's fresh clone: 573 s with two
    // (vmstat: the cores half idle), 555 s with three.
    maxWorkers: availableParallelism() + 1,
    projects: [
      'packages/speedway/vitest.config.ts',
      'packages/contracts/vitest.config.ts',
      'packages/scoresheet/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
    coverage: {
      provider: 'v8',
      // The rules engine is held to full coverage by its own tests: `npm run test:unit` runs them
      // with coverage first, then the other projects without (V8's coverage slowed the web
      // project's 224 s by 13 %). A --project filter leaves the report empty; a path filter works.
      include: ['packages/speedway/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/test-support/**'],
      reporter: ['text-summary', 'text'],
      thresholds: { branches: 100, functions: 100, lines: 100, statements: 100 },
    },
  },
});
