/**
 * `npm run lighthouse`: a Lighthouse audit (performance, accessibility, best practices,
 * SEO) of the built web app as the real server serves it, on the home page and on a
 * question page, with Lighthouse's default mobile settings (simulated throttling).
 *
 * It needs apps/web/dist (built with `npm run build -w @dating/web` when missing), starts
 * the server on a free port with a fresh temporary DATA_DIR, creates a few questions and
 * an answer through the API, then audits both pages in Debian's Chromium (/usr/bin/chromium,
 * headless; Lighthouse downloads no browser). It prints a Markdown table with the machine
 * and the Chromium version, and writes the full JSON reports to bench/results/.
 *
 * A measurement, not a test: it exits 0 whatever the scores, and non-zero only when the run
 * itself fails. The server and the temporary directory are removed in every case.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { strongSessionId } from '@dating/contract';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { REPO_ROOT as ROOT, type RunningServer, startServer, stopProcess } from './servers.ts';

const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface PageToAudit {
  /** Short name, used in the table and in the report file name. */
  name: string;
  path: string;
}

interface Row {
  page: string;
  scores: string[];
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
}

// ---------------------------------------------------------------- the web build

function ensureWebBuild(): void {
  if (existsSync(WEB_INDEX)) return;
  console.log('apps/web/dist is missing: building the web app...');
  execFileSync('npm', ['run', 'build', '-w', '@dating/web'], { cwd: ROOT, stdio: 'inherit' });
}

// ---------------------------------------------------------------- content

/** POSTs JSON as an anonymous session and returns the `id` of what was created. */
async function postJson(url: string, sessionId: string, body: object): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Session-Id': sessionId },
    body: JSON.stringify({ ...body, session_id: sessionId }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST ${url} answered ${res.status}: ${text}`);
  const created: unknown = JSON.parse(text);
  if (typeof created === 'object' && created !== null && 'id' in created) {
    if (typeof created.id === 'number') return created.id;
  }
  throw new Error(`POST ${url} answered without a numeric id: ${text}`);
}

/** A few tagged questions and one answer; returns the id of the answered question. */
async function createContent(base: string): Promise<number> {
  const questions = [
    {
      text: '<p>We have been dating for three months and she still has not introduced me to her friends. Should I bring it up, or give it more time?</p>',
      tag_names: ['communication', 'new-relationship'],
    },
    {
      text: '<p>How do you tell someone kindly that the second date was nice but there will not be a third?</p>',
      tag_names: ['first-dates', 'breakups'],
    },
    {
      text: '<p>My partner wants to move in together after six months. It feels fast to me. How did you know you were ready?</p>',
      tag_names: ['moving-in', 'communication'],
    },
  ];
  let firstId: number | undefined;
  for (const question of questions) {
    const id = await postJson(`${base}/api/questions/`, strongSessionId(randomUUID), {
      ...question,
      gender: 'W',
      age_range: '26-35',
    });
    firstId ??= id;
  }
  if (firstId === undefined) throw new Error('no question was created');
  await postJson(`${base}/api/questions/${firstId}/answers/`, strongSessionId(randomUUID), {
    text: '<p>Ask her, lightly and without pressure: it tells you how she sees the two of you.</p>',
  });
  return firstId;
}

// ---------------------------------------------------------------- lighthouse

async function auditPage(url: string, port: number): Promise<{ lhr: Result; json: string }> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  };
  const result = await lighthouse(url, flags);
  if (result === undefined) throw new Error(`Lighthouse returned no result for ${url}`);
  if (result.lhr.runtimeError) {
    throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
  }
  // With `output: 'json'` the report is one string; an array only comes with several outputs.
  const json = Array.isArray(result.report) ? (result.report[0] ?? '') : result.report;
  return { lhr: result.lhr, json };
}

function score(lhr: Result, category: string): string {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? 'n/a' : String(Math.round(value * 100));
}

/** An audit's numeric value (milliseconds for timings, unitless for CLS), if it has one. */
function metric(lhr: Result, auditId: string): number | undefined {
  return lhr.audits[auditId]?.numericValue;
}

function formatted(value: number | undefined, format: (v: number) => string): string {
  return value === undefined ? 'n/a' : format(value);
}

function toRow(page: string, lhr: Result): Row {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return {
    page,
    scores: CATEGORIES.map((c) => score(lhr, c)),
    fcp: formatted(metric(lhr, 'first-contentful-paint'), seconds),
    lcp: formatted(metric(lhr, 'largest-contentful-paint'), seconds),
    tbt: formatted(metric(lhr, 'total-blocking-time'), (ms) => `${Math.round(ms)} ms`),
    cls: formatted(metric(lhr, 'cumulative-layout-shift'), (v) => v.toFixed(3)),
  };
}

function markdownTable(rows: Row[]): string {
  const header = [
    'page',
    'performance',
    'accessibility',
    'best practices',
    'SEO',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
  ];
  const lines = [header, header.map(() => '---')];
  for (const row of rows) lines.push([row.page, ...row.scores, row.fcp, row.lcp, row.tbt, row.cls]);
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** The browser's own version string, from its DevTools endpoint. */
async function chromiumVersion(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/json/version`);
  const info: unknown = await res.json();
  if (typeof info === 'object' && info !== null && 'Browser' in info) {
    if (typeof info.Browser === 'string') return info.Browser;
  }
  return 'unknown';
}

function machine(): string {
  const all = cpus();
  return `${all[0]?.model.trim() ?? 'unknown CPU'} × ${all.length}`;
}

// ---------------------------------------------------------------- main

async function auditAll(base: string, pages: PageToAudit[]): Promise<void> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const version = await chromiumVersion(chrome.port);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await mkdir(RESULTS_DIR, { recursive: true });
    const rows: Row[] = [];
    let lighthouseVersion = 'unknown';
    for (const page of pages) {
      console.log(`Auditing ${page.path}...`);
      const { lhr, json } = await auditPage(`${base}${page.path}`, chrome.port);
      const file = path.join(RESULTS_DIR, `lighthouse-${stamp}-${page.name}.json`);
      await writeFile(file, json);
      lighthouseVersion = lhr.lighthouseVersion;
      rows.push(toRow(`${page.name} (\`${page.path}\`)`, lhr));
    }
    console.log(`\nLighthouse ${lighthouseVersion}, mobile, simulated throttling`);
    console.log(`Date: ${new Date().toISOString()}`);
    console.log(`Machine: ${machine()}`);
    console.log(`Chromium: ${version}\n`);
    console.log(markdownTable(rows));
    console.log(`\nFull reports: ${path.relative(ROOT, RESULTS_DIR)}/lighthouse-${stamp}-*.json`);
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  // chrome-launcher reports a missing browser as an unhandled 'error' event, which would end
  // this process at once and leave the server running: refuse before starting anything.
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`no Chromium at ${CHROMIUM_PATH}: install it (apt-get install -y chromium)`);
  }
  ensureWebBuild();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lighthouse-data-'));
  let server: RunningServer | undefined;
  // Ctrl-C: stop the server and remove the data before leaving (chrome-launcher kills Chromium).
  const onSignal = () => {
    server?.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  try {
    server = await startServer({ env: { DATA_DIR: dataDir } });
    const questionId = await createContent(server.base);
    await auditAll(server.base, [
      { name: 'home', path: '/' },
      { name: 'question', path: `/questions/${questionId}` },
    ]);
  } finally {
    process.off('SIGINT', onSignal);
    if (server) await stopProcess(server.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
