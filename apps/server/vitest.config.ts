import { defineProject } from 'vitest/config';

/**
 * Tests that take a whole machine's resources rather than one app's: the install from scratch,
 * signals through npm, kill -9 of a server, PostgreSQL as root in a closed folder, the data folder
 * each entry point finds. They are the project `server-system` (vitest.system.config.ts).
 */
export const SYSTEM_TESTS = [
  'test/install-quiet.test.ts',
  'test/npm-signals.test.ts',
  'test/crash-recovery.test.ts',
  'test/heat-save-crash.test.ts',
  'test/embedded-as-root.test.ts',
  'test/data-dir.test.ts',
];

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: SYSTEM_TESTS,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fail-on-console-error.ts', 'test/real-clock.ts'],
    // One module graph per worker, not per file (ADR 020): every file builds its own app on its own
    // database, and no server test mocks a module or changes the environment, so nothing a file
    // leaves in a module reaches the next. The server's files took 40 % less CPU so.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
