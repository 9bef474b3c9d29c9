/**
 * `npm run bench:web`: how soon a person sees the site, in Debian's Chromium driven over
 * CDP. Starts the built web app (`npm run build` first) with its server on a seeded PGlite
 * database (POW_DIFFICULTY=off), then prints the medians of cold loads of the home page (a
 * new browser context each, so an empty cache) on four profiles: unthrottled desktop,
 * desktop at 4x CPU (Emulation.setCPUThrottlingRate), a phone (375x812, 4x CPU, 1.6 Mbps and
 * 150 ms latency with Network.emulateNetworkConditions) and a slow phone (the same at 400
 * kbps and 400 ms): the first card's paint, the first paint, when the app has taken the page
 * over (hydrated), the layout shift and the JavaScript loaded before the load event. On the
 * slow phone it also opens the Ask a Question dialog once the page has settled (as a reader
 * would, after the idle prefetch had its chance) and times the editor's appearance. Then as
 * many cold loads of a question's page, timing its text's appearance.
 *
 *   npm run bench:web -- [--loads 15] [--questions 10000] [--root DIR] [--chromium PATH]
 *                        [--profiles "unthrottled,CPU 4x,phone,slow phone"]
 *
 * --root runs another checkout's server and build (say, main's, to compare).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { APP_READY_MARK } from '@dating/contract';
import { SERVER_ENTRY } from '@dating/server/testing';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from '@playwright/test';
import { REPO_ROOT, startServer, stopProcess } from './servers.ts';
import { preparePglite } from './targets.ts';

const { values: args } = parseArgs({
  options: {
    loads: { type: 'string', default: '15' },
    questions: { type: 'string', default: '10000' },
    root: { type: 'string', default: REPO_ROOT },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    /** Only these profiles, by name, comma-separated (say, "slow phone"). */
    profiles: { type: 'string' },
  },
});
const LOADS = Number(args.loads);
const ROOT = path.resolve(args.root);
const DIST = path.join(ROOT, 'apps/web/dist');

interface Profile {
  name: string;
  context: BrowserContextOptions;
  cpuRate: number;
  /** Network.emulateNetworkConditions, or none. */
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

const PHONE_SCREEN: BrowserContextOptions = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
const SLOW_PHONE: Profile = {
  name: 'slow phone',
  context: PHONE_SCREEN,
  cpuRate: 4,
  // 400 kbit/s each way, in bytes per second.
  network: { latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 },
};
const PROFILES: Profile[] = [
  { name: 'unthrottled', context: { viewport: { width: 1280, height: 900 } }, cpuRate: 1 },
  { name: 'CPU 4x', context: { viewport: { width: 1280, height: 900 } }, cpuRate: 4 },
  {
    name: 'phone',
    context: PHONE_SCREEN,
    cpuRate: 4,
    // 1.6 Mbit/s each way and 150 ms: a usual phone on a fair connection.
    network: { latency: 150, downloadThroughput: 200_000, uploadThroughput: 200_000 },
  },
  SLOW_PHONE,
];

/**
 * Runs in the page before its own scripts: notes when the first question card reaches the
 * screen (the paint time the browser reports for the cards' `elementtiming` mark), when the
 * editor does (just after the frame that paints it), the first click, and the layout shift
 * (CLS) so far. Plain JavaScript text: tsx would wrap a function's inner functions in a
 * helper the page does not have.
 */
const PROBE = `(() => {
  const marks = { card: -1, click: -1, editor: -1, question: -1, cls: 0, shifts: [] };
  window.__bench = marks;
  const describe = (node) => !node ? '?' : node.nodeType === 1
    ? node.tagName.toLowerCase() + (node.className ? '.' + String(node.className).split(' ')[0] : '')
    : '#text in ' + describe(node.parentElement);
  const rect = (r) => Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      marks.cls += entry.value;
      for (const source of entry.sources) {
        marks.shifts.push(Math.round(entry.startTime) + ' ms ' + describe(source.node) + ' ' + rect(source.previousRect) + ' -> ' + rect(source.currentRect));
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (marks.card < 0 && entry.identifier === 'question-card') marks.card = entry.renderTime;
    }
  }).observe({ type: 'element', buffered: true });
  // The task after the next animation frame runs once that frame is painted.
  const painted = (key) => requestAnimationFrame(() => setTimeout(() => {
    if (marks[key] < 0) marks[key] = performance.now();
  }));
  new MutationObserver(() => {
    if (marks.click >= 0 && marks.editor < 0 && document.querySelector('[contenteditable="true"]')) painted('editor');
    if (marks.question < 0 && document.querySelector('[data-testid="question-text"]')) painted('question');
  }).observe(document, { subtree: true, childList: true });
  document.addEventListener('click', () => {
    if (marks.click < 0) marks.click = performance.now();
  }, true);
})();`;

interface Load {
  card: number;
  fcp: number;
  /** When the app had taken the page over (its APP_READY_MARK), if it makes the mark. */
  ready?: number;
  cls: number;
  /** Each shifted element, when it moved and from where to where (Layout Instability API). */
  shifts: string[];
  editor?: number;
  /** The bytes of JavaScript it asked for before its load event, as sent. */
  scriptBytes: number;
}

/**
 * The bytes of JavaScript the page asked for before its load event, as sent (the build's
 * Brotli copies): the budget's measure (e2e/tests/budget.spec.ts). Asked for, not arrived: the
 * app's entry is preloaded with the page but run after its first paint, and may arrive late.
 */
async function scriptBytesBeforeLoad(page: Page): Promise<number> {
  // What was asked for before the load event may arrive after it; it has all arrived once
  // the app is ready (resource timing lists a file only once it has come).
  await page
    .waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, APP_READY_MARK, {
      timeout: 60_000,
    })
    .catch(() => {});
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    const loadAt = navigation?.loadEventStart ?? Number.POSITIVE_INFINITY;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .filter((entry) => entry.startTime <= loadAt)
      .reduce((sum, entry) => sum + entry.encodedBodySize, 0);
  });
}

/** A page in a new context (an empty cache), with the probe, throttled as `profile` says. */
async function throttledPage(context: BrowserContext, profile: Profile) {
  const page = await context.newPage();
  await page.addInitScript({ content: PROBE });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });
  if (profile.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  }
  return page;
}

async function coldLoad(browser: Browser, base: string, profile: Profile, openEditor: boolean) {
  const context = await browser.newContext({ ...profile.context, baseURL: base });
  try {
    const page = await throttledPage(context, profile);
    await page.goto('/', { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(
      () => (window as unknown as { __bench: { card: number } }).__bench.card >= 0,
      undefined,
      { timeout: 120_000 },
    );
    const result: Load = await page.evaluate(() => {
      const marks = (
        window as unknown as { __bench: { card: number; cls: number; shifts: string[] } }
      ).__bench;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;
      return { card: marks.card, fcp, cls: marks.cls, shifts: marks.shifts, scriptBytes: 0 };
    });
    result.scriptBytes = await scriptBytesBeforeLoad(page);
    const ready = await page
      .waitForFunction(
        (mark) => performance.getEntriesByName(mark)[0]?.startTime ?? false,
        APP_READY_MARK,
        { timeout: 30_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => undefined);
    if (ready !== undefined) result.ready = ready;
    if (openEditor) {
      await page.waitForLoadState('networkidle', { timeout: 120_000 });
      // The idle prefetch, when the build lists files for it, has fetched the editor.
      await page
        .waitForFunction(
          () => {
            const wanted = document
              .querySelector<HTMLMetaElement>('meta[name="prefetch-on-idle"]')
              ?.content.split(/\s+/)
              .filter(Boolean);
            if (!wanted) return true;
            const done = new Set(
              performance
                .getEntriesByType('resource')
                .filter((e) => (e as PerformanceResourceTiming).responseEnd > 0)
                .map((e) => new URL(e.name).pathname),
            );
            return wanted.every((file) => done.has(file));
          },
          undefined,
          { timeout: 60_000, polling: 250 },
        )
        .catch(() => console.log('    (the idle prefetch did not finish within 60 s)'));
      await page.getByRole('button', { name: /^Ask/ }).first().click();
      await page.waitForFunction(
        () => (window as unknown as { __bench: { editor: number } }).__bench.editor >= 0,
        undefined,
        { timeout: 120_000 },
      );
      result.editor = await page.evaluate(() => {
        const marks = (window as unknown as { __bench: { click: number; editor: number } }).__bench;
        return marks.editor - marks.click;
      });
    }
    return result;
  } finally {
    await context.close();
  }
}

/**
 * A cold load of a question's page: when its text is on screen (just after the frame that
 * paints it), and the bytes of JavaScript it loaded before its load event, as sent (the
 * build's Brotli copies).
 */
async function questionLoad(browser: Browser, base: string, profile: Profile, id: number) {
  const context = await browser.newContext({ ...profile.context, baseURL: base });
  try {
    const page = await throttledPage(context, profile);
    await page.goto(`/questions/${id}`, { waitUntil: 'commit', timeout: 120_000 });
    const shown = await page.waitForFunction(
      () => {
        const at = (window as unknown as { __bench: { question: number } }).__bench.question;
        return at >= 0 ? at : false;
      },
      undefined,
      { timeout: 120_000 },
    );
    const text = (await shown.jsonValue()) as number;
    await page.waitForLoadState('load', { timeout: 120_000 });
    const scriptBytes = await scriptBytesBeforeLoad(page);
    return { text, scriptBytes };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

const ms = (n: number | undefined) => (n === undefined ? '-' : `${Math.round(n)} ms`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The median of the loads that took the measure, or undefined when none did. */
function medianOfMeasured(values: (number | undefined)[]): number | undefined {
  const measured = values.filter((value) => value !== undefined);
  return measured.length > 0 ? median(measured) : undefined;
}

async function main() {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(`no build in ${DIST}: run npm run build first`);
  }
  console.log(`Seeding ${Number(args.questions).toLocaleString('en')} questions (PGlite)`);
  const data = await preparePglite(Number(args.questions));
  // The server of the checkout measured: the same file in --root's tree as in this one's.
  const server = await startServer({
    entry: path.join(ROOT, path.relative(REPO_ROOT, SERVER_ENTRY)),
    cwd: ROOT,
    env: { ...data.env, WEB_DIST_DIR: DIST },
  });
  const browser = await chromium.launch({
    executablePath: args.chromium,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const rows: {
    profile: string;
    card: number;
    fcp: number;
    ready: number | undefined;
    cls: number;
    editor: number | undefined;
    homeScripts: number;
    question: number;
    questionScripts: number;
  }[] = [];
  try {
    // Three loads of each page first, not counted: the server's first pages are slower
    // (drawing a first screen is not yet compiled to fast code).
    const feed = (await (await fetch(`${server.base}/api/questions/`)).json()) as { id: number }[];
    const questionId = feed[0]?.id;
    if (questionId === undefined) throw new Error('the seeded feed is empty');
    for (let i = 0; i < 3; i += 1) {
      await coldLoad(browser, server.base, PROFILES[0] as Profile, false);
      await questionLoad(browser, server.base, PROFILES[0] as Profile, questionId);
    }
    const chosen = args.profiles?.split(',').map((name) => name.trim());
    for (const profile of PROFILES.filter((p) => !chosen || chosen.includes(p.name))) {
      const loads: Load[] = [];
      for (let i = 0; i < LOADS; i += 1) {
        const load = await coldLoad(browser, server.base, profile, profile === SLOW_PHONE);
        loads.push(load);
        console.log(
          `  ${profile.name} #${i + 1}: card ${load.card.toFixed(0)} ms, FCP ${load.fcp.toFixed(0)} ms, app ready ${ms(load.ready)}, CLS ${load.cls.toFixed(3)}${load.editor === undefined ? '' : `, editor ${load.editor.toFixed(0)} ms`}`,
        );
        for (const shift of load.shifts) console.log(`    shifted: ${shift}`);
      }
      const questions: { text: number; scriptBytes: number }[] = [];
      for (let i = 0; i < LOADS; i += 1) {
        const load = await questionLoad(browser, server.base, profile, questionId);
        questions.push(load);
        console.log(
          `  ${profile.name} question page #${i + 1}: ${ms(load.text)}, ${kb(load.scriptBytes)} of JavaScript before its load event`,
        );
      }
      rows.push({
        profile: profile.name,
        card: median(loads.map((l) => l.card)),
        fcp: median(loads.map((l) => l.fcp)),
        ready: medianOfMeasured(loads.map((l) => l.ready)),
        cls: Math.max(...loads.map((l) => l.cls)),
        editor: medianOfMeasured(loads.map((l) => l.editor)),
        homeScripts: median(loads.map((l) => l.scriptBytes)),
        question: median(questions.map((q) => q.text)),
        questionScripts: median(questions.map((q) => q.scriptBytes)),
      });
    }
  } finally {
    await browser.close();
    await stopProcess(server.child);
    await data.cleanup();
  }
  const lines = [
    `| measure (median of ${LOADS} cold loads) | ${rows.map((r) => r.profile).join(' | ')} |`,
    `|---|${rows.map(() => '---:').join('|')}|`,
    `| first question card visible | ${rows.map((r) => ms(r.card)).join(' | ')} |`,
    `| first contentful paint | ${rows.map((r) => ms(r.fcp)).join(' | ')} |`,
    `| app ready (hydrated) | ${rows.map((r) => ms(r.ready)).join(' | ')} |`,
    `| layout shift (CLS, worst load) | ${rows.map((r) => r.cls.toFixed(3)).join(' | ')} |`,
    `| home page: JavaScript before its load event | ${rows.map((r) => kb(r.homeScripts)).join(' | ')} |`,
    `| editor first open | ${rows.map((r) => ms(r.editor)).join(' | ')} |`,
    `| question page: its text visible | ${rows.map((r) => ms(r.question)).join(' | ')} |`,
    `| question page: JavaScript before its load event | ${rows.map((r) => kb(r.questionScripts)).join(' | ')} |`,
  ];
  console.log(`\n${lines.join('\n')}\n\n${new Date().toISOString().slice(0, 16)}Z, ${ROOT}`);
}

await main();
