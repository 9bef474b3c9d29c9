import { defineConfig, devices } from '@playwright/test';
import { ADMIN, BASE_URL, PORT } from './support/env.ts';

const root = new URL('..', import.meta.url).pathname;

/**
 * Drives the built web app, served by the real API server on a fresh temporary database,
 * in Debian's Chromium. E2E_BASE_URL points the tests at an already running server instead.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: [
          'npm run build -w @dating/web &&',
          `PORT=${PORT} DATA_DIR="$(mktemp -d)" ADMIN_USERNAME=${ADMIN.username}`,
          `ADMIN_PASSWORD=${ADMIN.password} RATE_LIMITS=off LOG_LEVEL=warn`,
          'node --import tsx apps/server/src/server.ts',
        ].join(' '),
        cwd: root,
        url: `${BASE_URL}/api/health/ready/`,
        timeout: 120_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
