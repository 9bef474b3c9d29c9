/**
 * Starts the topology once, in test mode (no proof-of-work, no rate limits, an admin),
 * in a directory of its own: a topology someone started with `npm run topology` runs on.
 */
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTopology, stopTopology } from '../../scripts/topology/index.ts';
import { buildWebAppIfStale } from '../../scripts/web-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    topologyDir: string;
  }
}

export default async function setup(project: TestProject) {
  // A topology already started with `npm run topology -- --test --dir DIR`: used, and left
  // running (to look at its logs after a failure).
  const running = process.env.TOPOLOGY_DIR;
  if (running) {
    project.provide('topologyDir', path.resolve(running));
    return;
  }
  buildWebAppIfStale();
  const dir = await mkdtemp(path.join(tmpdir(), 'topology-test-'));
  // PostgreSQL and PgBouncer run as `postgres`, who must reach their files in it.
  await chmod(dir, 0o755);
  const started = Date.now();
  await startTopology({
    dir,
    testMode: true,
    port: 0,
    log: (line) => console.log(`[topology]${line}`),
  });
  console.log(`[topology] started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('topologyDir', dir);
  return async () => {
    // TOPOLOGY_KEEP=1: left running, to look at its logs (stop: npm run topology -- stop --dir DIR).
    if (process.env.TOPOLOGY_KEEP) console.log(`[topology] left running in ${dir}`);
    else await stopTopology(dir);
  };
}
