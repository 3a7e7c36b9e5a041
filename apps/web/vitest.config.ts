import { defineProject } from 'vitest/config';
import path from 'node:path';

export default defineProject({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Each test file in a VM context of its own inside a reused worker thread, not a process per
    // file: the web suite took 68–73 s here against 427 s (jsdom and the app's modules set up in
    // a new process for each of 120 files). A file's globals and modules stay its own; what Node
    // shares across contexts (BroadcastChannel) is scoped per file in testing/broadcast-scope.ts.
    // The build scripts' tests run in Node, in their own project (vitest.build.config.ts).
    pool: 'vmThreads',
    setupFiles: ['src/testing/setup.ts'],
    passWithNoTests: true,
    // Whole user flows in jsdom (a dialog walked through with user-event) take seconds on a busy
    // 2-core CI machine with coverage on; the tests assert behaviour, not speed.
    testTimeout: 45_000,
    // A file's beforeAll loads the lazily split screens it walks (the admin area's chunks,
    // transformed on first import): over 10 s once with three files beside it on a loaded machine.
    hookTimeout: 60_000,
  },
});
