import { defineProject } from 'vitest/config';
import { linguiCatalogues } from './build/lingui-catalogues.ts';

export default defineProject({
  // React's automatic JSX runtime, as in the app's build (vite.config.ts).
  oxc: { jsx: { runtime: 'automatic' } },
  // The message catalogues compiled, as in the build.
  plugins: [linguiCatalogues()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
  },
});
