import { createRequire } from 'node:module';
import path from 'node:path';
import { defineProject } from 'vitest/config';
import { preactAliases, reactJsx } from './build/preact.ts';

const require = createRequire(import.meta.url);
const routerDir = path.dirname(require.resolve('react-router/package.json'));

export default defineProject({
  // The components run on Preact here too, as in the browser (build/preact.ts).
  oxc: reactJsx,
  resolve: {
    alias: [
      ...preactAliases,
      // The ES builds, which import React's modules where the aliases can reach them (Node's
      // resolution would pick their CommonJS builds, which require React itself).
      { find: /^react-router$/, replacement: path.join(routerDir, 'dist/development/index.mjs') },
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
    ],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Bundled through the aliases, so that the libraries built on React use Preact as well.
    server: {
      deps: {
        inline: ['@testing-library/react', '@tanstack/react-query', 'react-router', /@tiptap\//],
      },
    },
  },
});
