import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { SCREEN_FILES_PATH, type ScreenFiles } from '@dating/contract/runtime';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { type BuiltChunk, lazyFiles } from './build/lazy-files.ts';
import { linguiCatalogues } from './build/lingui-catalogues.ts';

const require = createRequire(import.meta.url);
const routerBuild = (file: string) =>
  path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production', file);

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Brotli and gzip copies of the built text files (.br, .gz beside each), which the server
 * sends as they are (@fastify/static's preCompressed): the smallest transfer, at no cost
 * per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && /\.(js|css|html|svg|txt)$/.test(e.name))
        .map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          // Down to a few hundred bytes a copy still saves a third or more, and the first
          // load asks for a dozen such small chunks (issue 35 counts their bytes as sent).
          if (body.length < 256) return;
          await writeFile(
            `${file}.br`,
            await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${file}.gz`, await gz(body, { level: 9 }));
        }),
      );
    },
  };
}

/** The bundle's chunks, as lazy-files.ts reads them. */
function builtChunks(bundle: Rollup.OutputBundle): BuiltChunk[] {
  return Object.values(bundle).flatMap((item) =>
    item.type === 'chunk'
      ? [
          {
            fileName: item.fileName,
            isEntry: item.isEntry,
            imports: item.imports,
            facadeModuleId: item.facadeModuleId,
            css: [...(item.viteMetadata?.importedCss ?? [])],
          },
        ]
      : [],
  );
}

/**
 * Lists, in `<meta name="prefetch-on-idle">`, the built files of the given lazy modules that
 * the first load does not already fetch (their chunks, shared chunks and CSS). The app
 * prefetches them into the HTTP cache when the browser is idle (src/app/idle-prefetch.ts).
 */
function prefetchOnIdle(modules: string[]): Plugin {
  let base = '/';
  return {
    name: 'prefetch-on-idle',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const files = lazyFiles(builtChunks(bundle), modules);
        return [
          {
            tag: 'meta',
            attrs: { name: 'prefetch-on-idle', content: files.map((f) => base + f).join(' ') },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Writes, at SCREEN_FILES_PATH in the build, the files each lazily loaded screen needs
 * beyond the first load's, and each language's catalogue (every one is a lazy chunk): the server reads them
 * to have a page ask for them at once, rather than after the app has run and asked for them.
 */
function screenFiles(screens: { question: string }): Plugin {
  return {
    name: 'screen-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = builtChunks(bundle);
      const files: ScreenFiles = {
        question: lazyFiles(chunks, [screens.question]),
        locales: {
          en: lazyFiles(chunks, ['src/locales/en.ts']),
          es: lazyFiles(chunks, ['src/locales/es.ts']),
          ar: lazyFiles(chunks, ['src/locales/ar.ts']),
        },
      };
      this.emitFile({
        type: 'asset',
        fileName: SCREEN_FILES_PATH,
        source: `${JSON.stringify(files, null, 2)}\n`,
      });
    },
  };
}

/**
 * The first load's stylesheets, written into index.html as `<style>`: the first screen
 * (drawn on the server) paints as soon as the HTML arrives, rather than after more requests
 * that queue behind the scripts on a slow connection. Each keeps a `disabled` link to its
 * file, which the browser does not fetch: a lazily loaded screen that needs the same
 * stylesheet finds it there and does not add it again, later in the cascade.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
          (link, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') return link;
            const css = String(asset.source).replaceAll('</style', '<\\/style');
            return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
          },
        );
      },
    },
  };
}

/**
 * Runs the app only once the browser has painted the page the server drew. A module script
 * runs as soon as the HTML is parsed, before the first paint: the app's entry (React DOM with
 * it) would hold the drawn page back for its evaluation, about half a second of a phone's main
 * thread. The entry is instead preloaded (fetched and compiled at once, as before) and
 * imported by a small script of its own after the next frame, or at once when nothing is
 * drawn to show or the page is hidden (no frame comes then). The CSP allows no inline script,
 * hence a file; its name carries a hash of its content, as every asset's does.
 */
function startAfterPaint(): Plugin {
  return {
    name: 'start-after-paint',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        const entry = Object.values(bundle).find(
          (item): item is Rollup.OutputChunk => item.type === 'chunk' && item.isEntry,
        );
        if (page?.type !== 'asset' || !entry)
          throw new Error('start-after-paint: no page or entry');
        const tag = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
        const html = String(page.source);
        if (!html.includes(tag)) throw new Error(`start-after-paint: ${tag} is not in index.html`);
        const source = [
          `const start = () => import(${JSON.stringify(`/${entry.fileName}`)});`,
          "if (document.visibilityState === 'hidden' || !document.getElementById('root')?.firstElementChild) start();",
          'else requestAnimationFrame(() => setTimeout(start, 0));',
          '',
        ].join('\n');
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = `assets/start-${hash.replace(/[-_]/g, 'x')}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        page.source = html.replace(
          tag,
          `<link rel="modulepreload" crossorigin href="/${entry.fileName}">` +
            `<script type="module" crossorigin src="/${fileName}"></script>`,
        );
      },
    },
  };
}

// Where `npm run dev` (and `vite preview`) send /api: the API server, port 8000 by default.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8000';

export default defineConfig(({ mode, isSsrBuild }) => ({
  // React's automatic JSX runtime (react/jsx-runtime), compiled by Vite's own transform.
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [
    // The message catalogues, compiled (src/locales/), in every build.
    linguiCatalogues(),
    // The server's build of the first screen (src/entry-server.tsx) is not sent to browsers.
    ...(isSsrBuild
      ? []
      : [
          prefetchOnIdle([
            'src/features/questions/components/ask-question-form.tsx',
            // The dialog it opens in (src/components/ui/modal-on-demand.tsx).
            'src/components/ui/modal.tsx',
          ]),
          screenFiles({ question: 'src/app/routes/question.tsx' }),
          inlineEntryCss(),
          startAfterPaint(),
          precompress(),
        ]),
  ],
  publicDir: isSsrBuild ? false : 'public',
  // The server's build carries its own production React (and every other package), so the
  // server neither needs NODE_ENV set nor resolves the web app's packages.
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': '"production"' } }
    : {}),
  resolve: {
    alias: [
      // The server's drawing of the first screen has no DOM, so no DOMParser to read HTML
      // (src/lib/html-text.server.ts, html-tree.server.ts).
      ...(isSsrBuild
        ? ['html-text', 'html-tree'].map((name) => ({
            find: new RegExp(`^(\\.\\./)*(\\./)?(lib/)?${name}\\.ts$`),
            replacement: fileURLToPath(new URL(`./src/lib/${name}.server.ts`, import.meta.url)),
          }))
        : []),
      // The contract's index builds every TypeBox schema when imported, which the browser
      // never uses and cannot tree-shake: the app's imports of it take its runtime half, and
      // only its types come from the index (packages/contract/src/runtime.ts).
      { find: /^@dating\/contract$/, replacement: '@dating/contract/runtime' },
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
  // The proof-of-work solver's worker is an ES module (src/lib/proof-of-work).
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // What every page runs before anything else (the entry and all it imports statically)
        // in one chunk: otherwise Rolldown splits off a shared chunk for each module a lazy
        // screen imports too, a dozen small files on every first load, each with its own
        // imports, exports and compression overhead (about 5 KB of Brotli in all).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
      onwarn(warning, warn) {
        // TanStack Query's "use client": a marker for React Server Components, which we have not.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
}));
