import { defineProject } from 'vitest/config';
import { SYSTEM_TESTS } from './vitest.config.ts';

// The server's tests of the whole machine (see SYSTEM_TESTS): processes, signals, the install.
// Each file in its own worker (isolated), with the server project's set-up.
export default defineProject({
  test: {
    name: 'server-system',
    environment: 'node',
    include: SYSTEM_TESTS,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fail-on-console-error.ts', 'test/real-clock.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
