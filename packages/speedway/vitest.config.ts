import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'speedway',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
