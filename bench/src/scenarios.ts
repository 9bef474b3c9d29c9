/**
 * The load scenarios: what each one asks of the server, and one measured run of it on a
 * fresh server (a warm-up, then wrk). Writes use small Lua scripts: a new anonymous
 * session per request (so each like and post is accepted), likes spread over all questions.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { strongSessionId } from '@dating/contract';
import {
  CLUSTER_ENTRY,
  COMMON_WORD,
  Cursors,
  encodeFeedCursor,
  FIXED_WORD,
  FIXED_WORD_MATCHES,
  RARE_WORD,
  SERVER_ENTRY,
} from '@dating/server/testing';
import { type RunningServer, startServer, stopProcess } from './servers.ts';
import type { Target } from './targets.ts';
import { runWrk, type WrkOptions, type WrkResult } from './wrk.ts';

export interface Scenario {
  name: string;
  label: string;
  path(t: Target): string;
  /** A wrk Lua script for writes. */
  script?(t: Target, nonce: string, token: string): string;
  /** Headers of every request (an admin's token, a key), for reads that need an identity. */
  headers?(token: string): Record<string, string>;
}

/** The key whose inbox the unread-count scenario reads: one identity, asked again and again. */
const INBOX_KEY = strongSessionId(randomUUID);

/** The servers' secret: cursors are signed with a key derived from it. */
const BENCH_SECRET = 'bench secret: cursors are signed with a key derived from this';
const ADMIN_USERNAME = 'bench_admin';
const ADMIN_PASSWORD = 'bench admin password';

/**
 * Each request a new anonymous session, so every like and post is accepted: a strong
 * random prefix (a UUID, 12 or more distinct characters) and a counter.
 */
const sessionLua = (nonce: string) => `
local prefix = "${strongSessionId(randomUUID)}-${nonce}"
local counter = 0
local function session()
  counter = counter + 1
  return string.format("%s-%010d", prefix, counter)
end
`;

export const SCENARIOS: Scenario[] = [
  { name: 'feed', label: 'feed, page 1', path: () => '/api/questions/' },
  {
    name: 'feed-tag',
    label: 'feed by tag',
    path: (t) => `/api/questions/?tag_id=${t.commonTagId}`,
  },
  {
    name: 'feed-gender-age',
    label: 'feed by gender and age',
    path: () => '/api/questions/?gender=W&age_range=26-35',
  },
  {
    name: 'feed-deep',
    label: 'feed, deep page (cursor)',
    path: (t) =>
      `/api/questions/?cursor=${encodeFeedCursor(new Cursors(BENCH_SECRET), { id: Math.ceil(t.questions / 10) })}`,
  },
  {
    name: 'search-rare',
    label: `search, rare word ("${RARE_WORD}")`,
    path: () => `/api/questions/?search=${RARE_WORD}`,
  },
  {
    name: 'search-fixed',
    label: `search, ${FIXED_WORD_MATCHES} matches at any size ("${FIXED_WORD}")`,
    path: () => `/api/questions/?search=${FIXED_WORD}`,
  },
  {
    name: 'search-common',
    label: `search, common word ("${COMMON_WORD}")`,
    path: () => `/api/questions/?search=${COMMON_WORD}`,
  },
  {
    name: 'detail',
    label: 'question with 200 answers',
    path: (t) => `/api/questions/${t.bigThreadId}/`,
  },
  {
    // The first page of it (50 top-level answers, 100 in all), as strangers read it.
    name: 'detail-10k',
    label: 'question with 10,000 answers',
    path: (t) => `/api/questions/${t.hugeThreadId}/`,
  },
  {
    name: 'reports',
    label: 'admin report list',
    path: () => '/api/reports/',
    headers: (token) => ({ Authorization: `Bearer ${token}` }),
  },
  {
    name: 'unread',
    label: 'unread notifications count (a key)',
    path: () => '/api/notifications/unread/',
    headers: () => ({ 'X-Session-Id': INBOX_KEY }),
  },
  {
    name: 'like',
    label: 'like a question (write)',
    path: () => '/api/questions/',
    script: (t, nonce) => `${sessionLua(nonce)}
function request()
  local s = session()
  local id = (counter * 7919) % ${t.questions} + 1
  return wrk.format("POST", "/api/questions/" .. id .. "/like/",
    { ["Content-Type"] = "application/json", ["X-Session-Id"] = s },
    '{"session_id":"' .. s .. '"}')
end`,
  },
  {
    name: 'post',
    label: 'post a question (write)',
    path: () => '/api/questions/',
    script: (_t, nonce) => `${sessionLua(nonce)}
function request()
  local s = session()
  local body = '{"text":"<p>Benchmark question ' .. counter .. ': how do I ask my date about <strong>their plans</strong>?</p><ul><li>one</li><li>two</li></ul>",' ..
    '"tag_names":["first-date","texting","bench-' .. (counter % 50) .. '"],"gender":"W","age_range":"26-35","session_id":"' .. s .. '"}'
  return wrk.format("POST", "/api/questions/",
    { ["Content-Type"] = "application/json", ["X-Session-Id"] = s }, body)
end`,
  },
  {
    // As the web app posts: with an Idempotency-Key, so in a transaction with the key.
    name: 'post-keyed',
    label: 'post a question with an Idempotency-Key (write)',
    path: () => '/api/questions/',
    script: (_t, nonce) => `${sessionLua(nonce)}
function request()
  local s = session()
  local body = '{"text":"<p>Benchmark question ' .. counter .. ': how do I ask my date about <strong>their plans</strong>?</p><ul><li>one</li><li>two</li></ul>",' ..
    '"tag_names":["first-date","texting","bench-' .. (counter % 50) .. '"],"gender":"W","age_range":"26-35","session_id":"' .. s .. '"}'
  return wrk.format("POST", "/api/questions/",
    { ["Content-Type"] = "application/json", ["X-Session-Id"] = s, ["Idempotency-Key"] = "k" .. s }, body)
end`,
  },
  {
    // A top-level reply, spread over every question: each tells its asker and followers.
    name: 'reply',
    label: 'post a reply (write)',
    path: () => '/api/questions/',
    script: (t, nonce) => `${sessionLua(nonce)}
function request()
  local s = session()
  local id = (counter * 7919) % ${t.questions} + 1
  local body = '{"text":"<p>Benchmark reply ' .. counter .. ': <strong>ask them</strong> plainly, and listen.</p>","session_id":"' .. s .. '"}'
  return wrk.format("POST", "/api/questions/" .. id .. "/answers/",
    { ["Content-Type"] = "application/json", ["X-Session-Id"] = s }, body)
end`,
  },
  {
    // As the web app replies: with an Idempotency-Key, so in a transaction with the key.
    name: 'reply-keyed',
    label: 'post a reply with an Idempotency-Key (write)',
    path: () => '/api/questions/',
    script: (t, nonce) => `${sessionLua(nonce)}
function request()
  local s = session()
  local id = (counter * 7919) % ${t.questions} + 1
  local body = '{"text":"<p>Benchmark reply ' .. counter .. ': <strong>ask them</strong> plainly, and listen.</p>","session_id":"' .. s .. '"}'
  return wrk.format("POST", "/api/questions/" .. id .. "/answers/",
    { ["Content-Type"] = "application/json", ["X-Session-Id"] = s, ["Idempotency-Key"] = "k" .. s }, body)
end`,
  },
];

/**
 * A fresh server on `target`'s database: `workers` processes (through the cluster's entry
 * when more than one, unpinned, as they need every core), no web app, the benchmark's
 * admin, and the benchmark's secret, so that it can sign the deep page's cursor.
 */
function startBenchServer(target: Target, workers: number, cores: string | undefined) {
  return startServer({
    entry: workers > 1 ? CLUSTER_ENTRY : SERVER_ENTRY,
    cores: workers > 1 ? undefined : cores,
    env: {
      ...target.env,
      WEB_DIST_DIR: '/nonexistent',
      JWT_SECRET: BENCH_SECRET,
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      WEB_CONCURRENCY: String(workers),
    },
  });
}

async function adminToken(server: RunningServer) {
  const res = await fetch(`${server.base}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access: string }).access;
}

export interface ScenarioRun {
  workers: number;
  /** Where the Lua scripts are written. */
  scriptDir: string;
  warmupSeconds: number;
  /** How wrk measures, after the warm-up; its script is the scenario's. */
  wrk: Omit<WrkOptions, 'script'>;
  /** The server's cores (taskset's list), if pinned. */
  serverCores?: string;
}

/** What one scenario measured: wrk's figures and the server's peak memory. */
export interface ScenarioResult extends WrkResult {
  /** The server process's peak resident set (VmHWM) in MB: the primary's with workers. */
  peakRssMb?: number;
}

/** The peak resident set of a process in MB, from /proc (Linux); undefined elsewhere. */
async function peakRssMb(pid: number | undefined): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /^VmHWM:\s+(\d+)/m.exec(status)?.[1];
  return kb === undefined ? undefined : Number(kb) / 1024;
}

/** One measured run of `scenario` on a fresh server, after a warm-up. */
export async function runScenario(
  target: Target,
  scenario: Scenario,
  run: ScenarioRun,
): Promise<ScenarioResult> {
  const server = await startBenchServer(target, run.workers, run.serverCores);
  const measured = async (result: Promise<WrkResult>): Promise<ScenarioResult> => {
    const figures = await result;
    const rss = await peakRssMb(server.child.pid);
    return rss === undefined ? figures : { ...figures, peakRssMb: rss };
  };
  try {
    const nonce = randomBytes(4).toString('hex');
    const token = scenario.name === 'reports' ? await adminToken(server) : '';
    const headers = scenario.headers?.(token) ?? {};
    const url = `${server.base}${scenario.path(target)}`;
    if (!scenario.script) {
      const check = await fetch(url, { headers });
      if (!check.ok) throw new Error(`${scenario.name}: ${url} answered ${check.status}`);
    }
    const warmup = { ...run.wrk, seconds: run.warmupSeconds };
    if (!scenario.script && !scenario.headers) {
      await runWrk(url, warmup);
      return await measured(runWrk(url, run.wrk));
    }
    const script = path.join(run.scriptDir, `${scenario.name}-${nonce}.lua`);
    const scriptFor = (scriptNonce: string) =>
      scenario.script?.(target, scriptNonce, token) ??
      Object.entries(headers)
        .map(([name, value]) => `wrk.headers["${name}"] = "${value}"`)
        .join('\n');
    await writeFile(script, scriptFor(`${nonce}w`));
    await runWrk(url, { ...warmup, script });
    await writeFile(script, scriptFor(nonce));
    return await measured(runWrk(url, { ...run.wrk, script }));
  } finally {
    await stopProcess(server.child);
  }
}
