/**
 * `npm start`: builds the web app when its build is missing or older than its sources,
 * then becomes the server, which serves the app and the API on one port.
 *
 * The server runs in this very process (npm's script `exec`s node, so no shell sits in
 * between either): SIGTERM and SIGINT, from npm or a supervisor, reach the server itself,
 * which shuts down gracefully, and the process exits with the server's code. A second
 * process would be orphaned, still serving, when whatever sits above it dies first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The browser's build and the server's build of the first screen (`npm run build` makes both).
const builds = ['apps/web/dist/index.html', 'apps/web/dist-server/entry-server.js'].map((p) =>
  path.join(root, p),
);
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'packages/contract/src',
].map((p) => path.join(root, p));

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestChange(path.join(target, entry))),
    stat.mtimeMs,
  );
}

const builtAt = Math.min(...builds.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
// WEB_DIST_DIR names a web app built elsewhere: this checkout's build is not served.
if (!process.env.WEB_DIST_DIR && builtAt < Math.max(...sources.map(newestChange))) {
  console.log('Building the web app...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@dating/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(new URL('../apps/server/src/server.ts', import.meta.url).href);
