/** What the topology's tests share: its state, and calls over real HTTP that keep every answer. */
import { randomUUID } from 'node:crypto';
import { strongSessionId } from '@dating/contract';
import { inject } from 'vitest';
import { readState, saveState, type TopologyState } from '../../scripts/topology/state.ts';

export { saveState };

export async function topology(): Promise<TopologyState> {
  const state = await readState(inject('topologyDir'));
  if (state === null) throw new Error('the topology is not running');
  return state;
}

export const balancerOf = (state: TopologyState) => `http://127.0.0.1:${state.haproxy?.port}`;
export const instanceUrl = (state: TopologyState, index: number) =>
  `http://127.0.0.1:${state.servers[index]?.port}`;

export const newKey = () => strongSessionId(randomUUID);
export const uid = () => randomUUID().slice(0, 8);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever fields it checks
  json: any;
}

export interface CallOptions {
  /** An anonymous visitor's key (X-Session-Id). */
  key?: string;
  /** A signed-in visitor's access token. */
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** Calls the API at `base`, recording every answer in `log` (to find any 5xx afterwards). */
export function apiClient(base: string, log: { call: string; status: number; body: string }[]) {
  return async (method: string, path: string, options: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers['X-Session-Id'] = options.key;
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    log.push({ call: `${method} ${path}`, status: response.status, body: text.slice(0, 300) });
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };
}

/** An open event stream (GET /api/events/), its text gathered as it comes. */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200) throw new Error(`event stream: ${response.status}`);
  const stream = { received: '', close: () => controller.abort() };
  void (async () => {
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    while (reader) {
      const chunk = await reader.read().catch(() => null);
      if (chunk === null || chunk.done) break;
      stream.received += decoder.decode(chunk.value, { stream: true });
    }
  })();
  return stream;
}

/** Waits until `check()` holds; false after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(10);
  }
  return check();
}

/** The question ids of a feed or search answer (a list, or a page with `results`). */
export function questionIds(answer: { json: unknown }): number[] {
  const body = answer.json as { id: number }[] | { results?: { id: number }[] };
  return (Array.isArray(body) ? body : (body.results ?? [])).map((question) => question.id);
}
