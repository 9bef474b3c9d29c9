import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'testing/**/*.test.ts'],
    setupFiles: ['test/fail-on-console-error.ts'],
    // Each file starts its own databases; PGlite takes a second or two to boot.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
  },
});
