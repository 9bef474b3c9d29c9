/**
 * A second server for the proof-of-work specs: the default e2e server runs with
 * POW_DIFFICULTY=off, so that every other spec writes without solving challenges. This one
 * asks for proof-of-work (a low difficulty, so solving takes milliseconds) on its own port
 * and its own temporary database, serving the web app that playwright.config.ts built.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, PORT } from './env.ts';

export const POW_PORT = Number(process.env.E2E_POW_PORT ?? PORT + 10);
export const POW_BASE_URL = `http://localhost:${POW_PORT}`;

const root = new URL('../..', import.meta.url).pathname;

async function waitUntilReady(url: string, server: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

/** Starts the server with proof-of-work on; resolves to its stop function. */
export async function startPowServer(difficulty = 5): Promise<() => Promise<void>> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(POW_PORT),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'e2e-pow-')),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMITS: 'off',
      POW_DIFFICULTY: String(difficulty),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilReady(`${POW_BASE_URL}/api/health/ready/`, server, 120_000);
  return async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };
}
