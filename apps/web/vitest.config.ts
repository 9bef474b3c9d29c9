import { defineProject } from 'vitest/config';

export default defineProject({
  // React's automatic JSX runtime, as in the app's build (vite.config.ts).
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
  },
});
