import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'scoresheet',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
