import { defineConfig } from 'vitest/config';

/**
 * `npm run test:topology`: the site on the whole topology (scripts/topology), started once
 * for every file (global-setup.ts). Not part of `npm run test:unit`: it starts PostgreSQL
 * twice, PgBouncer, Redis, three servers and HAProxy. The files run one after another, since
 * some of them kill parts of the one topology they share (and restart them).
 */
export default defineConfig({
  test: {
    name: 'topology',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
