/** The web app's build, made again when it is missing or older than its sources. */
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

/** Builds the web app when its build is stale; exits with npm's code when the build fails. */
export function buildWebAppIfStale(): void {
  const builtAt = Math.min(
    ...builds.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
  );
  if (builtAt >= Math.max(...sources.map(newestChange))) return;
  console.log('Building the web app...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@dating/web'], {
    cwd: root,
    stdio: 'inherit',
    // A production build whatever the caller runs in: under Vitest (NODE_ENV=test), Vite
    // would build the first screen's code with React's development JSX runtime, which the
    // server, in production, does not have (`jsxDEV is not a function` at start-up).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
