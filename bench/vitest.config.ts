import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bench',
    include: ['src/**/*.test.ts'],
  },
});
