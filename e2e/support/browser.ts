/**
 * The Chromium the browser tests drive, so that `npm ci && npm test` works on a fresh
 * machine. Looked up in this order:
 *
 * 1. the executable in CHROMIUM_PATH (set but not executable: an error, not a fallback);
 * 2. Playwright's own Chromium, if it has been downloaded;
 * 3. `chromium`, `chromium-browser` or `google-chrome` on PATH.
 *
 * When none is found, one is installed: `npx playwright install chromium` where it can
 * download, else Debian's package (`apt-get install -y chromium`) when running as root on
 * Debian. When nothing works, the run fails with one line saying what to install.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** Names looked up on PATH, in this order. */
export const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome'] as const;

export const MISSING_BROWSER =
  'No Chromium for the browser tests: run `npx playwright install chromium` (needs internet), or as root on Debian `apt-get install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome executable.';

export class BrowserNotFoundError extends Error {}

export interface FoundBrowser {
  path: string;
  source: 'CHROMIUM_PATH' | 'playwright' | 'PATH';
}

export interface BrowserEnv {
  CHROMIUM_PATH?: string;
  PATH?: string;
}

export function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser to use, or undefined when there is none. `playwrightChromium` is where
 * Playwright keeps its own download (`chromium.executablePath()`), present or not.
 */
export function findBrowser(
  env: BrowserEnv,
  playwrightChromium: string | undefined,
): FoundBrowser | undefined {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (!isExecutableFile(configured)) {
      throw new BrowserNotFoundError(
        `CHROMIUM_PATH is ${configured}, which is not an executable file: fix it, or unset it to look elsewhere.`,
      );
    }
    return { path: configured, source: 'CHROMIUM_PATH' };
  }
  if (playwrightChromium !== undefined && isExecutableFile(playwrightChromium)) {
    return { path: playwrightChromium, source: 'playwright' };
  }
  const dirs = (env.PATH ?? '').split(path.delimiter).filter((dir) => path.isAbsolute(dir));
  for (const name of PATH_NAMES) {
    for (const dir of dirs) {
      const file = path.join(dir, name);
      if (isExecutableFile(file)) return { path: file, source: 'PATH' };
    }
  }
  return undefined;
}

/** A way to install a browser; true when it says it succeeded. */
export interface Installer {
  name: string;
  run(): boolean;
}

/** Playwright's download, then (as root on Debian) the distribution's package. */
export function defaultInstallers(cwd: string): Installer[] {
  const installers: Installer[] = [
    {
      name: 'npx playwright install chromium',
      run: () =>
        spawnSync('npx', ['--no-install', 'playwright', 'install', 'chromium'], {
          cwd,
          stdio: 'inherit',
          timeout: 600_000,
        }).status === 0,
    },
  ];
  if (existsSync('/etc/debian_version') && process.getuid?.() === 0) {
    installers.push({
      name: 'apt-get install -y chromium',
      run: () =>
        spawnSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq chromium'], {
          stdio: 'inherit',
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
          timeout: 900_000,
        }).status === 0,
    });
  }
  return installers;
}

/** Finds a browser, installing one when there is none; throws MISSING_BROWSER otherwise. */
export function ensureBrowser(options: {
  env: BrowserEnv;
  playwrightChromium: string | undefined;
  installers: Installer[];
  log?: (line: string) => void;
}): FoundBrowser {
  const look = () => findBrowser(options.env, options.playwrightChromium);
  const found = look();
  if (found) return found;
  for (const installer of options.installers) {
    options.log?.(`No Chromium found for the browser tests; trying: ${installer.name}`);
    if (installer.run()) {
      const installed = look();
      if (installed) return installed;
    }
  }
  throw new BrowserNotFoundError(MISSING_BROWSER);
}
