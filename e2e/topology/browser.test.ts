/**
 * An instance killed (kill -9) under an open thread: the page's event stream breaks, the
 * web app opens it again through the balancer with Last-Event-ID, lands on a live instance,
 * and every reply written meanwhile still shows. Then the instance is started again.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverStatuses } from '../../scripts/topology/haproxy.ts';
import { killProcess } from '../../scripts/topology/processes.ts';
import { startInstance } from '../../scripts/topology/servers.ts';
import { ensureBrowser } from '../support/browser.ts';
import {
  apiClient,
  balancerOf,
  eventually,
  newKey,
  saveState,
  sleep,
  topology,
  uid,
} from './support.ts';

function browserPath(): string {
  let playwrightChromium: string | undefined;
  try {
    playwrightChromium = chromium.executablePath();
  } catch {
    // No Playwright build for this platform: Chromium on PATH then.
  }
  return ensureBrowser({
    env: process.env,
    playwrightChromium,
    installers: [],
    log: (line) => console.error(line),
  }).path;
}

/** The instance whose log says it took a new event stream since `offsets` were read. */
async function streamHolder(logs: string[], offsets: number[]): Promise<number | null> {
  const holders: number[] = [];
  for (const [index, log] of logs.entries()) {
    const text = (await readFile(log, 'utf8')).slice(offsets[index]);
    if (text.includes('"url":"/api/events/')) holders.push(index);
  }
  return holders.length === 1 ? (holders[0] as number) : null;
}

const answerWithText = (page: Page, text: string) =>
  page
    .getByTestId('answer')
    .filter({ has: page.getByTestId('answer-text').filter({ hasText: text }) });

describe('an instance killed under an open thread', () => {
  let browser: Browser;
  /** The instance this test killed, started again whatever happens (the next files use it). */
  let killed: number | null = null;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: browserPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    if (killed !== null) {
      const state = await topology();
      await startInstance(state, killed);
      await saveState(state);
    }
  });

  it('the page reconnects through the balancer with Last-Event-ID and misses no reply', async () => {
    const state = await topology();
    const base = balancerOf(state);
    const seen: { call: string; status: number; body: string }[] = [];
    const api = apiClient(base, seen);
    const asker = newKey();
    const asked = await api('POST', '/api/questions/', {
      key: asker,
      body: { text: `<p>Kill test ${uid()}</p>`, tag_names: [], gender: 'U', age_range: 'U' },
    });
    expect(asked.status, asked.text).toBe(201);
    const question: number = asked.json.id;
    const reply = async (text: string) => {
      const key = newKey();
      const written = await api('POST', `/api/questions/${question}/answers/`, {
        key,
        body: { text, session_id: key },
      });
      expect(written.status, written.text).toBe(201);
    };

    const page = await browser.newPage();
    const streams: { lastEventId: string | undefined }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (
        url.pathname === '/api/events/' &&
        url.searchParams.get('question') === String(question)
      ) {
        streams.push({ lastEventId: request.headers()['last-event-id'] });
      }
    });
    const logs = state.servers.map((server) => server.log);
    const offsets = await Promise.all(logs.map(async (log) => (await stat(log)).size));
    await page.goto(`${base}/questions/${question}`);
    await expect
      .poll(() => page.getByText('No replies yet.').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await expect.poll(() => streams.length, { timeout: 10_000 }).toBeGreaterThan(0);
    let holder: number | null = null;
    await expect
      .poll(
        async () => {
          holder = await streamHolder(logs, offsets);
          return holder;
        },
        { timeout: 10_000 },
      )
      .not.toBeNull();
    const index = holder as unknown as number;
    const victim = state.servers[index];
    if (victim === undefined) throw new Error('no such instance');

    // The stream works before the kill.
    const before = `Before the crash ${uid()}`;
    await reply(before);
    await expect.poll(() => answerWithText(page, before).count(), { timeout: 10_000 }).toBe(1);

    killed = index;
    await killProcess(victim.pid);
    const during = [`While it is down ${uid()}`, `A moment later ${uid()}`, `Later still ${uid()}`];
    for (const text of during) {
      await reply(text);
      await sleep(300);
    }
    for (const text of during) {
      await expect
        .poll(() => answerWithText(page, text).count(), {
          timeout: 20_000,
          message: `"${text}" never showed after app${index + 1} was killed`,
        })
        .toBe(1);
    }
    // The stream was opened again, saying where the last one stopped.
    expect(streams.length).toBeGreaterThan(1);
    expect(streams.slice(1).some((s) => s.lastEventId !== undefined)).toBe(true);
    expect(seen.filter((s) => s.status >= 500)).toEqual([]);
    await page.close();

    // The instance comes back on its port, and the balancer takes it in again.
    await startInstance(state, index);
    await saveState(state);
    killed = null;
    const name = victim.name;
    expect(
      await eventually(async () => (await serverStatuses(state))[name] === 'UP', 15_000),
      `${name} is ${(await serverStatuses(state))[name]}: ${path.basename(victim.log)}`,
    ).toBe(true);
  });
});
