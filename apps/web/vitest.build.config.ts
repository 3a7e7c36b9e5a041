import { defineProject } from 'vitest/config';

// The web app's build scripts (build/): Node code run by Vite at build time, tested in Node, not
// in jsdom (the service worker's bundler, rolldown, loads a native binding that refuses to run
// inside the web project's VM contexts).
export default defineProject({
  test: {
    name: 'web-build',
    environment: 'node',
    include: ['build/**/*.test.ts'],
    setupFiles: ['build/strict-setup.ts'],
    testTimeout: 45_000,
  },
});
