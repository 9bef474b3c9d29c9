import { chromium, defineConfig, devices } from '@playwright/test';
import { BrowserNotFoundError, defaultInstallers, ensureBrowser } from './support/browser.ts';
import { ADMIN, BASE_URL, PORT } from './support/env.ts';

const root = new URL('..', import.meta.url).pathname;

/** CHROMIUM_PATH, Playwright's download, or Chromium on PATH; installed when missing. */
function browserPath(): string {
  let playwrightChromium: string | undefined;
  try {
    playwrightChromium = chromium.executablePath();
  } catch {
    // No Playwright build for this platform: look elsewhere.
  }
  try {
    return ensureBrowser({
      env: process.env,
      playwrightChromium,
      installers: defaultInstallers(new URL('.', import.meta.url).pathname),
      log: (line) => console.error(line),
    }).path;
  } catch (error) {
    if (!(error instanceof BrowserNotFoundError)) throw error;
    // One clear line, not a stack trace from loading this file.
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * Drives the built web app, served by the real API server on a fresh temporary database,
 * in Chromium (support/browser.ts finds or installs it). E2E_BASE_URL points the tests at
 * an already running server instead.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  // In CI a test that fails once is run again and reported as flaky, not passed: on a
  // 2-core machine shared by two browsers, a server and the database, timing varies.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // Screenshot baselines (screens-look.spec.ts) beside their spec, without Playwright's
  // platform suffix: they are drawn by the Debian Chromium this suite runs in, on Linux only.
  snapshotPathTemplate: '{testDir}/{testFileName}-snapshots/{arg}{ext}',
  // A missing baseline fails on CI instead of being written there (where the default would
  // write it, and fail only the run that wrote it); locally it is written and its test fails.
  ...(process.env.CI ? { updateSnapshots: 'none' as const } : {}),
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: browserPath(),
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
          `ADMIN_PASSWORD=${ADMIN.password} RATE_LIMITS=off POW_DIFFICULTY=off LOG_LEVEL=warn`,
          // Tests stand for several people by X-Forwarded-For (support/api.ts, createReport).
          'TRUST_PROXY=loopback',
          // The push test's push service is a stub on http://127.0.0.1.
          'PUSH_ALLOW_INSECURE=true',
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
