import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const require = createRequire(import.meta.url);
const routerBuild = (file: string) =>
  path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production', file);

// Where `npm run dev` (and `vite preview`) send /api: the API server, port 8000 by default.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8000';

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: {
    // Runtime values only: see src/lib/contract-runtime.ts.
    alias: [
      {
        find: /^@dating\/contract$/,
        replacement: fileURLToPath(new URL('./src/lib/contract-runtime.ts', import.meta.url)),
      },
      // react-router's package exports point at its development build even in production.
      ...(mode === 'production'
        ? [
            { find: /^react-router$/, replacement: routerBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // scripts/check-bundle-budget.ts reads it to weigh the home route's first JavaScript.
    manifest: true,
  },
}));
