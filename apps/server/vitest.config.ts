import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fail-on-console-error.ts'],
    // One module graph per worker, not per file (ADR 020): every file builds its own app on its own
    // database, and no server test mocks a module or changes the environment, so nothing a file
    // leaves in a module reaches the next. The server's files took 40 % less CPU so.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
