/**
 * The browser lookup of `npm test` on a machine without Chromium: a PATH stripped to
 * temporary directories, with fake executables where a test wants a browser.
 */
import { writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BrowserNotFoundError,
  ensureBrowser,
  findBrowser,
  type Installer,
  MISSING_BROWSER,
} from './browser.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'browser-lookup-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A file at `dir/name` that may be executable. */
async function fake(dir: string, name: string, executable = true) {
  await mkdir(path.join(root, dir), { recursive: true });
  const file = path.join(root, dir, name);
  await writeFile(file, '#!/bin/sh\nexit 0\n');
  await chmod(file, executable ? 0o755 : 0o644);
  return file;
}

const pathOf = (...dirs: string[]) => dirs.map((d) => path.join(root, d)).join(path.delimiter);

describe('findBrowser', () => {
  it('finds nothing on a PATH without Chromium and no Playwright download', async () => {
    await fake('bin', 'node');
    await fake('bin', 'firefox');
    expect(findBrowser({ PATH: pathOf('bin') }, path.join(root, 'ms-playwright/chrome'))).toBe(
      undefined,
    );
    expect(findBrowser({}, undefined)).toBe(undefined);
  });

  it('takes CHROMIUM_PATH first, then Playwright’s Chromium, then PATH', async () => {
    const configured = await fake('custom', 'my-chrome');
    const playwright = await fake('ms-playwright', 'chrome');
    const onPath = await fake('bin', 'chromium');
    const env = { PATH: pathOf('bin'), CHROMIUM_PATH: configured };
    expect(findBrowser(env, playwright)).toEqual({ path: configured, source: 'CHROMIUM_PATH' });
    expect(findBrowser({ PATH: env.PATH }, playwright)).toEqual({
      path: playwright,
      source: 'playwright',
    });
    expect(findBrowser({ PATH: env.PATH }, path.join(root, 'ms-playwright/missing'))).toEqual({
      path: onPath,
      source: 'PATH',
    });
  });

  it('looks on PATH for chromium, then chromium-browser, then google-chrome', async () => {
    const chrome = await fake('a', 'google-chrome');
    const browser = await fake('b', 'chromium-browser');
    const PATH = pathOf('a', 'b', 'c');
    expect(findBrowser({ PATH }, undefined)?.path).toBe(browser);
    const chromium = await fake('c', 'chromium');
    expect(findBrowser({ PATH }, undefined)?.path).toBe(chromium);
    await rm(chromium);
    await rm(browser);
    expect(findBrowser({ PATH }, undefined)?.path).toBe(chrome);
  });

  it('skips what is not an executable file, and relative PATH entries', async () => {
    await fake('a', 'chromium', false);
    await mkdir(path.join(root, 'b', 'chromium'), { recursive: true });
    const good = await fake('c', 'chromium-browser');
    const PATH = ['bin', pathOf('a', 'b', 'c')].join(path.delimiter);
    expect(findBrowser({ PATH }, undefined)?.path).toBe(good);
  });

  it('refuses a CHROMIUM_PATH that is not an executable file, naming it', async () => {
    const notExecutable = await fake('custom', 'chrome', false);
    await fake('bin', 'chromium');
    for (const CHROMIUM_PATH of [notExecutable, path.join(root, 'nowhere')]) {
      expect(() => findBrowser({ CHROMIUM_PATH, PATH: pathOf('bin') }, undefined)).toThrow(
        new BrowserNotFoundError(
          `CHROMIUM_PATH is ${CHROMIUM_PATH}, which is not an executable file: fix it, or unset it to look elsewhere.`,
        ),
      );
    }
  });
});

describe('ensureBrowser', () => {
  it('uses what it finds without installing anything', async () => {
    const onPath = await fake('bin', 'chromium');
    const ran: string[] = [];
    const installers: Installer[] = [{ name: 'never', run: () => ran.push('never') > 0 }];
    const found = ensureBrowser({
      env: { PATH: pathOf('bin') },
      playwrightChromium: undefined,
      installers,
    });
    expect(found.path).toBe(onPath);
    expect(ran).toEqual([]);
  });

  it('tries each installer in turn until a browser is there', async () => {
    const bin = path.join(root, 'bin');
    await mkdir(bin);
    const installed = path.join(bin, 'chromium');
    const ran: string[] = [];
    const log: string[] = [];
    const installers: Installer[] = [
      { name: 'download (offline)', run: () => ran.push('download') < 0 },
      { name: 'claims success, installs nothing', run: () => ran.push('nothing') > 0 },
      {
        name: 'package manager',
        run: () => {
          ran.push('package');
          // Chromium is on PATH by the time the package manager exits.
          writeFileSync(installed, '#!/bin/sh\n', { mode: 0o755 });
          return true;
        },
      },
      { name: 'never reached', run: () => ran.push('never') > 0 },
    ];
    const found = ensureBrowser({
      env: { PATH: bin },
      playwrightChromium: path.join(root, 'ms-playwright', 'chrome'),
      installers,
      log: (line) => log.push(line),
    });
    expect(found).toEqual({ path: installed, source: 'PATH' });
    expect(ran).toEqual(['download', 'nothing', 'package']);
    expect(log).toEqual([
      'No Chromium found for the browser tests; trying: download (offline)',
      'No Chromium found for the browser tests; trying: claims success, installs nothing',
      'No Chromium found for the browser tests; trying: package manager',
    ]);
  });

  it('fails with one line saying what to install when nothing works', () => {
    const installers: Installer[] = [{ name: 'offline', run: () => false }];
    expect(() =>
      ensureBrowser({ env: { PATH: root }, playwrightChromium: undefined, installers }),
    ).toThrow(new BrowserNotFoundError(MISSING_BROWSER));
    expect(MISSING_BROWSER).not.toContain('\n');
  });
});
